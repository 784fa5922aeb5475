import { EyeOff } from "lucide-react";
import { hasRole } from "@artifact-atlas/shared";
import { ButtonLink } from "../components/Button";
import { Page } from "../components/Container";
import { PageHeader } from "../components/PageHeader";
import { QueryState } from "../components/QueryState";
import { EntryList } from "../components/review/EntryList";
import { ReportedCollections } from "../components/review/ReportedCollections";
import { ReviewGroups } from "../components/review/ReviewGroups";
import { ReviewReasonsEditor } from "../components/ReviewReasonsEditor";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";

/**
 * /review (issue 17): the queue, oldest first, for curators and admins. Above it, what one
 * decision settles (issue 28): each import waiting, and the reports from new accounts. Each
 * artifact's entries are one card, with its picture and links (issue 29).
 */
export default function ReviewRoute() {
  const { user } = useSession();
  const groups = trpc.review.groups.useQuery();
  // The first page of reported collections, as ReportedCollections reads it (one request).
  const reported = trpc.collections.reported.useQuery({ page: 1 });
  const grouped =
    (groups.data?.imports.length ?? 0) > 0 ||
    Boolean(groups.data?.newAccountReports) ||
    (reported.data?.total ?? 0) > 0;

  return (
    <Page>
      <title>Review | Artifact Atlas</title>
      <PageHeader
        eyebrow="Curators"
        title="Review"
        subtitle="New artifacts, edits and reports waiting for a decision, oldest first."
        aside={
          <ButtonLink to="/admin/hidden" variant="secondary" size="sm">
            <EyeOff aria-hidden="true" className="size-4" />
            Hidden artifacts
          </ButtonLink>
        }
      />
      {/* The groups only gather what the queue below lists entry by entry: until they arrive,
          or if they cannot be read, the screen goes without them. */}
      <QueryState query={groups} loading={null} failed={null}>
        {(data) => (
          <ReviewGroups imports={data.imports} newAccountReports={data.newAccountReports} />
        )}
      </QueryState>
      <ReportedCollections />
      <EntryList empty={grouped ? "Nothing else waits for review" : "Nothing waits for review"} />
      {user && hasRole(user.role, "admin") && <ReviewReasonsEditor />}
    </Page>
  );
}
