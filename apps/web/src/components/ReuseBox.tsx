import { DEFAULT_SITE_RIGHTS } from "@artifact-atlas/shared";
import { Share2 } from "lucide-react";
import { trpc } from "../lib/trpc";
import { InfoCard } from "./InfoCard";
import { RightsLink } from "./Rights";

/** The IIIF manifest's address, which any IIIF viewer opens. */
export function manifestPath(artifactId: number): string {
  return `/iiif/artifacts/${artifactId}/manifest.json`;
}

/**
 * "Reuse" on a public page (issue 30): the licence of the site's data about the artifact, where
 * each image's own rights are, and the artifact's IIIF manifest for IIIF viewers (Mirador,
 * Universal Viewer) and aggregators.
 */
export function ReuseBox({ artifactId }: { artifactId: number }) {
  const site = trpc.rights.site.useQuery(undefined, { staleTime: Infinity });
  const license = site.data?.metadataLicense ?? DEFAULT_SITE_RIGHTS.metadataLicense;
  const manifest = `${window.location.origin}${manifestPath(artifactId)}`;
  return (
    <InfoCard headingId="reuse-heading" title="Reuse" icon={Share2}>
      <dl className="mt-4 flex flex-col gap-3 text-sm">
        <div>
          <dt className="font-semibold text-ink">This page&apos;s data</dt>
          <dd className="mt-1 text-muted">
            Published under <RightsLink uri={license} />.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">The images</dt>
          <dd className="mt-1 text-muted">Each image&apos;s rights and credit are under it.</dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">IIIF</dt>
          <dd className="mt-1 text-muted">
            Open the{" "}
            <a
              href={manifest}
              type="application/ld+json"
              className="font-medium break-all text-accent underline"
            >
              IIIF manifest
            </a>{" "}
            in any IIIF viewer, such as Mirador or Universal Viewer.
          </dd>
        </div>
      </dl>
    </InfoCard>
  );
}
