import type { CollectionDetail } from "@artifact-atlas/shared";
import { EyeOff, Flag, Quote, ShieldAlert, UserPlus } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useSession } from "../lib/session";
import { Button } from "./Button";
import { CollectionCiteBox } from "./CiteBox";
import { CollectionModeration } from "./CollectionModeration";
import { InviteCollaborators } from "./InviteCollaborators";
import { ReportCollection } from "./ReportCollection";

type Panel = "cite" | "report" | "moderate" | "invite";

/**
 * What a collection's page offers besides its items (issue 32): a hidden collection says so to
 * whoever still sees it; then Cite this, Report, a curator's Hide or Unhide, and the owner's
 * collaborators, each opened in place one at a time.
 */
export function CollectionActions({ collection }: { collection: CollectionDetail }) {
  const { user } = useSession();
  const [open, setOpen] = useState<Panel | null>(null);
  const shared = collection.visibility !== "private" && collection.deletedAt === null;
  const reportable =
    shared && user !== null && !collection.rights.own && collection.status === "published";
  const toggle = (panel: Panel) => setOpen((current) => (current === panel ? null : panel));
  const hidden = collection.status === "hidden";

  const buttons: { panel: Panel; label: string; icon: ReactNode }[] = [
    ...(shared && !hidden
      ? [{ panel: "cite" as const, label: "Cite this", icon: <Quote className="size-4" /> }]
      : []),
    ...(collection.rights.own && collection.deletedAt === null
      ? [
          {
            panel: "invite" as const,
            label: "Collaborators",
            icon: <UserPlus className="size-4" />,
          },
        ]
      : []),
    ...(collection.rights.moderate && collection.deletedAt === null
      ? [
          {
            panel: "moderate" as const,
            label: hidden ? "Unhide collection" : "Hide collection",
            icon: <ShieldAlert className="size-4" />,
          },
        ]
      : []),
    ...(reportable
      ? [{ panel: "report" as const, label: "Report", icon: <Flag className="size-4" /> }]
      : []),
  ];

  return (
    <section aria-label="About this collection" className="mb-10 flex flex-col gap-4">
      {hidden && (
        <div
          role="status"
          className="flex gap-3 rounded-2xl border border-danger/40 bg-danger-soft p-4 text-ink"
        >
          <EyeOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
          <p>
            <strong>Hidden by a curator</strong>
            {collection.hiddenReason ? `: ${collection.hiddenReason}.` : "."}{" "}
            {collection.rights.own
              ? "Only you and the curators can see this collection."
              : "Only its owner and the curators can see it."}
          </p>
        </div>
      )}
      {buttons.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {buttons.map(({ panel, label, icon }) => (
            <Button
              key={panel}
              type="button"
              size="sm"
              variant={open === panel ? "secondary" : "ghost"}
              aria-expanded={open === panel}
              aria-controls={`collection-${panel}`}
              onClick={() => toggle(panel)}
            >
              <span aria-hidden="true">{icon}</span>
              {label}
            </Button>
          ))}
        </div>
      )}
      {open && (
        <div
          id={`collection-${open}`}
          className={
            open === "cite" ? "" : "rounded-2xl border border-line bg-surface p-5 shadow-card"
          }
        >
          {open === "cite" && <CollectionCiteBox collection={collection} />}
          {open === "report" && (
            <ReportCollection id={collection.id} onClose={() => setOpen(null)} />
          )}
          {open === "moderate" && (
            <CollectionModeration collection={collection} onClose={() => setOpen(null)} />
          )}
          {open === "invite" && <InviteCollaborators collection={collection} />}
        </div>
      )}
    </section>
  );
}
