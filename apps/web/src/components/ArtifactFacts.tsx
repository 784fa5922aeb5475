import type { Artifact } from "@artifact-atlas/shared";
import { CalendarDays, Hourglass, MapPin, Pickaxe } from "lucide-react";

/** The four dated and placed facts of an artifact (spec: Created, Discovered, Discovered By, Present Location). */
const FACTS = [
  { field: "createdAt", label: "Created", Icon: Hourglass },
  { field: "discoveredAt", label: "Discovered", Icon: CalendarDays },
  { field: "discoveredBy", label: "Discovered By", Icon: Pickaxe },
  { field: "presentLocation", label: "Present Location", Icon: MapPin },
] as const;

export function ArtifactFacts({ artifact }: { artifact: Artifact }) {
  return (
    <dl className="grid grid-cols-1 gap-px overflow-hidden rounded-2xl border border-line bg-line sm:grid-cols-2">
      {FACTS.map(({ field, label, Icon }) => (
        <div key={field} className="bg-surface p-5">
          <dt className="flex items-center gap-2.5 text-xs font-semibold tracking-wider text-muted uppercase">
            <span className="text-accent">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {label}
          </dt>
          <dd className="mt-1.5 pl-[1.875rem] text-base font-medium break-words text-ink">
            {artifact[field]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
