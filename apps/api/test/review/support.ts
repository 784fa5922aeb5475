import {
  REPORT_TRUST_DAYS,
  type DecisionResult,
  type QueuePage,
  type Role,
} from "@artifact-atlas/shared";
import { trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { createUserWithSession, type SignedInUser } from "../support/users";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The open entries of the review queue (or of one of its groups), as `curator` reads them. */
export async function queue(
  t: TestApp,
  curator: SignedInUser,
  group: { group?: "queue" | "new-accounts"; importId?: number } = {},
): Promise<QueuePage["items"]> {
  const result = await trpc(
    t.app,
    "query",
    "review.queue",
    { limit: 20, ...group },
    curator.cookie,
  );
  if (result.status !== 200) throw new Error(`review.queue: ${result.response.body}`);
  return (result.data as QueuePage).items;
}

/**
 * An established account (issue 28): joined REPORT_TRUST_DAYS + 1 days ago, with an artifact a
 * curator approved. Its spam reports count towards the automatic hide.
 */
export async function establishedUser(
  t: TestApp,
  account: { name?: string; role?: Role } = {},
): Promise<SignedInUser> {
  const user = await createUserWithSession(t, account);
  await establish(t, user);
  return user;
}

/** Makes an account established: older than REPORT_TRUST_DAYS, with an approved artifact. */
export async function establish(t: TestApp, user: Pick<SignedInUser, "id" | "cookie">) {
  const work = await addArtifact(t, user as SignedInUser);
  const sqlite = t.db.$client;
  sqlite
    .prepare(
      "update review_queue set decided_at = ?, decision = 'approve' where artifact_id = ? and kind = 'new'",
    )
    .run(Date.now(), work.id);
  sqlite
    .prepare("update users set joined_at = ? where id = ?")
    .run(Date.now() - (REPORT_TRUST_DAYS + 1) * DAY_MS, user.id);
}

export interface DecisionRequest {
  entryId: number;
  decision: string;
  reason?: string;
  note?: string;
  /** What the curator saw; the entry as it is now when not given. */
  revision?: number;
  version?: number;
}

/** The entry's artifact's newest revision and the entry's version, as the queue shows them now. */
export function seenNow(t: TestApp, entryId: number): { revision: number; version: number } {
  const row = t.db.$client
    .prepare(
      `select q.version as version,
        (select max(number) from artifact_revisions r where r.artifact_id = q.artifact_id) as revision
       from review_queue q where q.id = ?`,
    )
    .get(entryId) as { revision: number; version: number } | undefined;
  return row ?? { revision: 1, version: 1 };
}

/** A decision through review.decide: the whole answer, for tests of refusals too. */
export function decide(t: TestApp, curator: SignedInUser, input: DecisionRequest) {
  return trpc(
    t.app,
    "mutation",
    "review.decide",
    { ...seenNow(t, input.entryId), ...input },
    curator.cookie,
  );
}

/** A decision that must succeed. */
export async function decided(
  t: TestApp,
  curator: SignedInUser,
  input: DecisionRequest,
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
  const groups = await trpc(t.app, "query", "review.groups", undefined, curator.cookie);
  const imports = (groups.data as { imports: { importId: number }[] }).imports;
  const entries = [
    ...(await queue(t, curator)),
    ...(await queue(t, curator, { group: "new-accounts" })),
    ...(await Promise.all(imports.map(({ importId }) => queue(t, curator, { importId })))).flat(),
  ];
  const entry = entries.find((item) => item.artifact.id === artifactId && item.kind === kind);
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
