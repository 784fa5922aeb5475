import type { DecisionResult, QueuePage } from "@artifact-atlas/shared";
import { trpc, type TestApp } from "../support/app";
import type { SignedInUser } from "../support/users";

/** The open entries of the review queue, as `curator` reads them. */
export async function queue(t: TestApp, curator: SignedInUser): Promise<QueuePage["items"]> {
  const result = await trpc(t.app, "query", "review.queue", { limit: 20 }, curator.cookie);
  if (result.status !== 200) throw new Error(`review.queue: ${result.response.body}`);
  return (result.data as QueuePage).items;
}

/** A decision through review.decide: the whole answer, for tests of refusals too. */
export function decide(
  t: TestApp,
  curator: SignedInUser,
  input: { entryId: number; decision: string; reason?: string; note?: string },
) {
  return trpc(t.app, "mutation", "review.decide", input, curator.cookie);
}

/** A decision that must succeed. */
export async function decided(
  t: TestApp,
  curator: SignedInUser,
  input: { entryId: number; decision: string; reason?: string; note?: string },
): Promise<DecisionResult> {
  const result = await decide(t, curator, input);
  if (result.status !== 200) throw new Error(`review.decide: ${result.response.body}`);
  return result.data as DecisionResult;
}

/** The artifact's one open entry of `kind`. */
export async function entryFor(
  t: TestApp,
  curator: SignedInUser,
  artifactId: number,
  kind: "new" | "edit" | "report",
) {
  const entry = (await queue(t, curator)).find(
    (item) => item.artifact.id === artifactId && item.kind === kind,
  );
  if (!entry) throw new Error(`no open ${kind} entry for artifact ${artifactId}`);
  return entry;
}

export function report(
  t: TestApp,
  member: SignedInUser,
  input: { id: number; reason: string; note?: string },
) {
  return trpc(t.app, "mutation", "reports.create", input, member.cookie);
}

export function notificationsOf(t: TestApp, userId: number) {
  return t.db.$client
    .prepare(
      "select kind, artifact_id as artifactId, reason from notifications where user_id = ? order by id",
    )
    .all(userId) as { kind: string; artifactId: number; reason: string | null }[];
}

export function auditActions(t: TestApp, artifactId: number) {
  return t.db.$client
    .prepare(
      "select action, actor_id as actorId, request_id as requestId from audit_log where artifact_id = ? order by id",
    )
    .all(artifactId) as { action: string; actorId: number | null; requestId: string | null }[];
}
