import type { Artifact } from "@artifact-atlas/shared";
import { CalendarDays, Hourglass, MapPin, Pickaxe } from "lucide-react";
import type { ReactNode } from "react";

/** The four dated and placed facts of an artifact (spec: Created, Discovered, Discovered By, Present Location). */
export function ArtifactFacts({ artifact }: { artifact: Artifact }) {
  return (
    <dl className="grid grid-cols-1 gap-px overflow-hidden rounded-2xl border border-line bg-line sm:grid-cols-2">
      <Fact icon={<Hourglass aria-hidden="true" className="size-5" />} label="Created">
        {artifact.createdAt}
      </Fact>
      <Fact icon={<CalendarDays aria-hidden="true" className="size-5" />} label="Discovered">
        {artifact.discoveredAt}
      </Fact>
      <Fact icon={<Pickaxe aria-hidden="true" className="size-5" />} label="Discovered By">
        {artifact.discoveredBy}
      </Fact>
      <Fact icon={<MapPin aria-hidden="true" className="size-5" />} label="Present Location">
        {artifact.presentLocation}
      </Fact>
    </dl>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="bg-surface p-5">
      <dt className="flex items-center gap-2.5 text-xs font-semibold tracking-wider text-muted uppercase">
        <span className="text-accent">{icon}</span>
        {label}
      </dt>
      <dd className="mt-1.5 pl-[1.875rem] text-base font-medium break-words text-ink">
        {children}
      </dd>
    </div>
  );
}
