import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMER_MEMBER_NAME, MESSAGES, type AccountSession } from "@artifact-atlas/shared";
import { MAX_SESSIONS_PER_ACCOUNT } from "../src/auth/session";
import { sessions, users } from "../src/db/schema";
import { FRESH_SIGN_IN_MS } from "../src/services/account";
import { FORMER_MEMBER_EMAIL } from "../src/services/former-member";
import { createTestApp, sessionCookieFrom, trpc, type TestApp } from "./support/app";
import { addArtifact, artifactFields, like } from "./support/artifacts";
import { me, newAccount, PASSWORD, post, trpcError } from "./support/auth";
import { decide, report } from "./review/support";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

const NEW_PASSWORD = "Changed789";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

let t: TestApp;
let clock = Date.parse("2026-11-26T12:00:00Z");

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});

afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `192.0.2.${ipCounter % 250}`;
}

/** A password account signed in from a browser of `userAgent`. */
async function passwordUser(userAgent = FIREFOX): Promise<SignedInUser & { password: string }> {
  const input = newAccount();
  const response = await post(t.app, "auth.signup", input, {
    ip: freshIp(),
    headers: {
      origin: "http://localhost:3000",
      "content-type": "application/json",
      "user-agent": userAgent,
    },
  });
  const cookie = sessionCookieFrom(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`signup failed: ${response.body}`);
  const user = (response.json() as { result: { data: SignedInUser } }).result.data;
  return { ...user, cookie, password: input.password };
}

/** Another session of the same account, from another browser. */
async function signInAgain(email: string, userAgent = SAFARI): Promise<string> {
  const response = await post(
    t.app,
    "auth.login",
    { email, password: PASSWORD },
    {
      ip: freshIp(),
      headers: {
        origin: "http://localhost:3000",
        "content-type": "application/json",
        "user-agent": userAgent,
      },
    },
  );
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error(`login failed: ${response.body}`);
  return cookie;
}

async function sessionsOf(cookie: string): Promise<AccountSession[]> {
  const result = await trpc(t.app, "query", "account.sessions", undefined, cookie);
  expect(result.status).toBe(200);
  return result.data as AccountSession[];
}

describe("Change password", () => {
  it("needs the current password, then ends every other session and keeps this one", async () => {
    const user = await passwordUser();
    const other = await signInAgain(user.email);

    const wrong = await post(
      t.app,
      "account.changePassword",
      { currentPassword: "Wrong123", newPassword: NEW_PASSWORD },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(403);
    expect(trpcError(wrong).message).toBe(MESSAGES.currentPasswordWrong);
    expect(await me(t.app, other)).not.toBeNull();

    const weak = await post(
      t.app,
      "account.changePassword",
      { currentPassword: PASSWORD, newPassword: "short" },
      { cookie: user.cookie },
    );
    expect(weak.statusCode).toBe(400);
    expect(trpcError(weak).message).toContain(MESSAGES.passwordUppercase);

    const changed = await post(
      t.app,
      "account.changePassword",
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      { cookie: user.cookie },
    );
    expect(changed.statusCode).toBe(200);
    expect((await me(t.app, user.cookie))?.id).toBe(user.id);
    expect(await me(t.app, other)).toBeNull();
    const login = await post(
      t.app,
      "auth.login",
      { email: user.email, password: NEW_PASSWORD },
      { ip: freshIp() },
    );
    expect(login.statusCode).toBe(200);
  });

  it("tells a Google-only account to set a password by reset", async () => {
    const user = await createUserWithSession(t);
    const response = await post(
      t.app,
      "account.changePassword",
      { currentPassword: "Anything1", newPassword: NEW_PASSWORD },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).message).toBe(MESSAGES.noPasswordYet);
  });

  it("counts wrong current passwords against the sign-in limits", async () => {
    const user = await passwordUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await post(
        t.app,
        "account.changePassword",
        { currentPassword: `Guess${i}xX`, newPassword: NEW_PASSWORD },
        { cookie: user.cookie, ip: "198.18.0.1" },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
  });
});

describe("Where you're signed in", () => {
  it("lists each session with its browser and time, marks this one, and shows nothing secret", async () => {
    const user = await passwordUser(FIREFOX);
    clock += 60_000;
    const phone = await signInAgain(user.email, SAFARI);
    const list = await sessionsOf(user.cookie);
    expect(list.map(({ browser, current }) => ({ browser, current }))).toEqual([
      { browser: "Safari on iOS", current: false },
      { browser: "Firefox on Windows", current: true },
    ]);
    expect(list[0]?.signedInAt).toBe(clock);
    expect(list[1]?.signedInAt).toBe(clock - 60_000);
    // Neither the cookie's token nor the session's stored id appears.
    const answer = JSON.stringify(list);
    const rows = t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .all();
    for (const token of [user.cookie, phone].map((cookie) => cookie.split("=")[1] as string)) {
      expect(answer).not.toContain(token);
    }
    for (const row of rows) expect(answer).not.toContain(row.id);
  });

  it("signs out one session, and only the account's own", async () => {
    const user = await passwordUser();
    const phone = await signInAgain(user.email);
    const stranger = await passwordUser();
    const phoneHandle = (await sessionsOf(user.cookie)).find((s) => !s.current)?.handle;
    expect(phoneHandle).toBeDefined();

    // Someone else's handle ends nothing.
    const foreign = await post(
      t.app,
      "account.signOutSession",
      { handle: phoneHandle },
      { cookie: stranger.cookie },
    );
    expect(foreign.statusCode).toBe(404);
    expect(await me(t.app, phone)).not.toBeNull();

    const response = await post(
      t.app,
      "account.signOutSession",
      { handle: phoneHandle },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(await me(t.app, phone)).toBeNull();
    expect(await me(t.app, user.cookie)).not.toBeNull();
    expect(await sessionsOf(user.cookie)).toHaveLength(1);
  });

  it("signs out this session when it is the one named", async () => {
    const user = await passwordUser();
    const handle = (await sessionsOf(user.cookie))[0]?.handle;
    const response = await post(
      t.app,
      "account.signOutSession",
      { handle },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(await me(t.app, user.cookie)).toBeNull();
  });

  it("signs out everywhere else", async () => {
    const user = await passwordUser();
    const others = [await signInAgain(user.email), await signInAgain(user.email)];
    const response = await post(t.app, "account.signOutOtherSessions", {}, { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    for (const cookie of others) expect(await me(t.app, cookie)).toBeNull();
    expect(await me(t.app, user.cookie)).not.toBeNull();
  });

  it(`keeps at most ${MAX_SESSIONS_PER_ACCOUNT} sessions per account, ending the oldest`, async () => {
    const user = await createUserWithSession(t);
    for (let i = 0; i < MAX_SESSIONS_PER_ACCOUNT; i += 1) await t.app.deps.sessions.create(user.id);
    expect(await me(t.app, user.cookie)).toBeNull();
    const count = t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .all();
    expect(count).toHaveLength(MAX_SESSIONS_PER_ACCOUNT);
  });

  it("is for signed-in people only", async () => {
    expect((await trpc(t.app, "query", "account.sessions")).status).toBe(401);
    expect((await post(t.app, "account.signOutOtherSessions", {})).statusCode).toBe(401);
  });
});

/** Every text value in every table, for looking for what names a person. */
function everyTextInTheDatabase(): string {
  const sqlite = t.db.$client;
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .pluck()
    .all() as string[];
  return tables
    .map((table) => JSON.stringify(sqlite.prepare(`select * from "${table}"`).all()))
    .join("\n");
}

describe("Download my data", () => {
  it("holds the account, its artifacts with their history, likes and reports, and nothing of anyone else", async () => {
    const user = await passwordUser();
    const stranger = await passwordUser();
    const curator = await createUserWithSession(t, { role: "curator", name: "Curious Curator" });
    const mine = [await addArtifact(t, user), await addArtifact(t, user)];
    const theirs = await addArtifact(t, stranger, { artifactName: "Stranger's Lamp" });
    await like(t, user, theirs.id);
    await like(t, stranger, mine[0]!.id);
    // The history of the first: created, edited by the member, restored by a curator.
    const edited = artifactFields({ artifactName: "My Renamed Bowl" });
    const update = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: mine[0]!.id, fields: edited },
      user.cookie,
    );
    expect(update.status).toBe(200);
    const restore = await trpc(
      t.app,
      "mutation",
      "revisions.restore",
      { id: mine[0]!.id, number: 1 },
      curator.cookie,
    );
    expect(restore.status).toBe(200);
    // The stranger's own history, and reports: the member's on the lamp, the stranger's on theirs.
    const strangerEdit = artifactFields({ artifactName: "Stranger's Renamed Lamp" });
    await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: theirs.id, fields: strangerEdit },
      stranger.cookie,
    );
    const mineReport = await report(t, user, {
      id: theirs.id,
      reason: "inaccurate",
      note: "Wrong century, I think",
    });
    expect(mineReport.status).toBe(200);
    const theirReport = await report(t, stranger, {
      id: mine[1]!.id,
      reason: "other",
      note: "A stranger's complaint",
    });
    expect(theirReport.status).toBe(200);
    const entry = (mineReport.data as { entryId: number }).entryId;
    const dismissed = await decide(t, curator, {
      entryId: entry,
      decision: "dismiss",
      note: "A curator's private note",
    });
    expect(dismissed.status).toBe(200);

    const response = await rest(t.app, "GET", "/account/data", { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="artifact-atlas-my-data.json"',
    );
    const data = response.json() as {
      account: Record<string, unknown>;
      artifacts: { id: number; artifactName: string; status: string }[];
      history: {
        artifactId: number;
        number: number;
        summary: string;
        byYou: boolean;
        fields: { artifactName: string };
      }[];
      likes: { artifactId: number; artifactName: string }[];
      reports: Record<string, unknown>[];
    };
    expect(Object.keys(data)).toEqual([
      "exportedAt",
      "account",
      "artifacts",
      "history",
      "likes",
      "reports",
      // Issue 33 (test/conversation/account.test.ts fills these).
      "comments",
      "suggestions",
      "agreements",
      "follows",
      // Issue 32 (test/collections.test.ts and test/collection-reports.test.ts fill them).
      "collections",
      "collectionReports",
    ]);
    expect(data.account).toMatchObject({ email: user.email, name: user.name, hasPassword: true });
    expect(data.artifacts.map((a) => a.id)).toEqual(mine.map((a) => a.id));
    expect(data.artifacts[0]).toMatchObject({
      artifactName: mine[0]!.artifactName,
      status: "published",
    });
    expect(
      data.history.map((r) => [r.artifactId, r.number, r.byYou, r.fields.artifactName]),
    ).toEqual([
      [mine[0]!.id, 1, true, mine[0]!.artifactName],
      [mine[0]!.id, 2, true, "My Renamed Bowl"],
      [mine[0]!.id, 3, false, mine[0]!.artifactName],
      [mine[1]!.id, 1, true, mine[1]!.artifactName],
    ]);
    expect(data.history[2]!.summary).toBe("Restored version 1");
    expect(data.likes).toEqual([
      expect.objectContaining({ artifactId: theirs.id, artifactName: "Stranger's Renamed Lamp" }),
    ]);
    expect(data.reports).toEqual([
      {
        artifactId: theirs.id,
        artifactName: "Stranger's Renamed Lamp",
        commentId: null,
        reason: "inaccurate",
        note: "Wrong century, I think",
        reportedAt: expect.any(String),
        outcome: "dismiss",
        decidedAt: expect.any(String),
      },
    ]);
    // Nothing of anyone else: not the stranger, not the curator, not their words or ids.
    for (const other of [stranger, curator]) {
      expect(response.body).not.toContain(other.email);
      expect(response.body).not.toContain(`"${other.name}"`);
    }
    expect(response.body).not.toContain("A stranger's complaint");
    expect(response.body).not.toContain("A curator's private note");
    expect(response.body).not.toMatch(/"(actorId|submittedBy|decidedBy|ownerId|userId)"/);
    expect(response.body).not.toContain(String(`"id":${curator.id},`));
    expect(response.body).not.toContain("password_hash");
    expect(response.body).not.toMatch(/\$argon2/);
  });

  it("leaves out the trash, and names no one else's artifact the public cannot see", async () => {
    const user = await createUserWithSession(t);
    const other = await createUserWithSession(t);
    const kept = await addArtifact(t, user);
    const thrown = await addArtifact(t, user);
    const theirs = await addArtifact(t, other, { artifactName: "Soon Withdrawn Seal" });
    await like(t, user, theirs.id);
    await like(t, user, kept.id);
    const withdrawn = await trpc(
      t.app,
      "mutation",
      "artifacts.delete",
      { id: theirs.id },
      other.cookie,
    );
    expect(withdrawn.status).toBe(200);
    const deleted = await trpc(
      t.app,
      "mutation",
      "artifacts.delete",
      { id: thrown.id },
      user.cookie,
    );
    expect(deleted.status).toBe(200);
    const response = await rest(t.app, "GET", "/account/data", { cookie: user.cookie });
    const data = response.json() as {
      artifacts: { id: number }[];
      history: { artifactId: number }[];
      likes: { artifactId: number; artifactName: string | null }[];
    };
    expect(data.artifacts.map((a) => a.id)).toEqual([kept.id]);
    expect(data.likes.map((l) => [l.artifactId, l.artifactName])).toEqual([
      [theirs.id, null],
      [kept.id, kept.artifactName],
    ]);
    expect(response.body).not.toContain("Soon Withdrawn Seal");
    expect(new Set(data.history.map((r) => r.artifactId))).toEqual(new Set([kept.id]));
  });

  it("is streamed page by page for a member with many artifacts", async () => {
    const user = await createUserWithSession(t);
    for (let i = 0; i < 450; i += 1) await addArtifact(t, user);
    const response = await rest(t.app, "GET", "/account/data", { cookie: user.cookie });
    const data = response.json() as { artifacts: unknown[] };
    expect(data.artifacts).toHaveLength(450);
  });

  it("answers 401 without a session", async () => {
    const response = await rest(t.app, "GET", "/account/data");
    expect(response.statusCode).toBe(401);
  });
});

describe("Delete my account", () => {
  it("needs the password of a password account", async () => {
    const user = await passwordUser();
    const missing = await post(
      t.app,
      "account.delete",
      { artifacts: "delete" },
      { cookie: user.cookie },
    );
    expect(missing.statusCode).toBe(400);
    const wrong = await post(
      t.app,
      "account.delete",
      { artifacts: "delete", password: "Wrong123" },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(403);
    expect(await me(t.app, user.cookie)).not.toBeNull();
  });

  it("deletes the artifacts when asked, and leaves no row that names the person", async () => {
    const user = await passwordUser();
    const phone = await signInAgain(user.email);
    const stranger = await passwordUser();
    const mine = await addArtifact(t, user);
    const theirs = await addArtifact(t, stranger);
    await like(t, user, theirs.id);
    await like(t, stranger, mine.id);
    // A report whose note names its author: reports go with the account.
    const reported = await report(t, user, {
      id: theirs.id,
      reason: "other",
      note: `Signed, ${user.name}`,
    });
    expect(reported.status).toBe(200);
    const reportCount = () =>
      t.db.$client.prepare("select count(*) from review_queue where kind = 'report'").pluck().get();
    const reportsBefore = reportCount() as number;

    const response = await post(
      t.app,
      "account.delete",
      { artifacts: "delete", password: user.password },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(await me(t.app, user.cookie)).toBeNull();
    expect(await me(t.app, phone)).toBeNull();
    expect((await rest(t.app, "GET", `/artifacts/${mine.id}`)).statusCode).toBe(404);
    const lamp = (await rest(t.app, "GET", `/artifacts/${theirs.id}`)).json() as {
      likeCount: number;
    };
    expect(lamp.likeCount).toBe(0);
    expect(reportCount()).toBe(reportsBefore - 1);

    const everything = everyTextInTheDatabase();
    expect(everything).not.toContain(user.email);
    expect(everything).not.toContain(user.name);
    expect(everything).toContain(stranger.email);
    const sqlite = t.db.$client;
    for (const [table, column] of [
      ["sessions", "user_id"],
      ["likes", "user_id"],
      ["artifacts", "owner_id"],
      ["password_reset_tokens", "user_id"],
    ] as const) {
      const count = sqlite
        .prepare(`select count(*) from ${table} where ${column} = ?`)
        .pluck()
        .get(user.id);
      expect(count, table).toBe(0);
    }
    // Nor does the file: deleted rows are overwritten and the write-ahead log emptied.
    const bytes = Buffer.concat([
      readFileSync(t.env.databasePath),
      readFileSync(`${t.env.databasePath}-wal`),
    ]).toString("latin1");
    expect(bytes).not.toContain(user.email);
  });

  it("keeps the artifacts under Former member when asked", async () => {
    const user = await passwordUser();
    const mine = await addArtifact(t, user);
    const response = await post(
      t.app,
      "account.delete",
      { artifacts: "keep", password: user.password },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(200);
    const kept = (await rest(t.app, "GET", `/artifacts/${mine.id}`)).json() as { username: string };
    expect(kept.username).toBe(FORMER_MEMBER_NAME);
    expect(everyTextInTheDatabase()).not.toContain(user.email);
    expect(everyTextInTheDatabase()).not.toContain(user.name);
    const former = t.db.select().from(users).where(eq(users.email, FORMER_MEMBER_EMAIL)).get();
    expect(former).toMatchObject({
      name: FORMER_MEMBER_NAME,
      passwordHash: null,
      googleSubject: null,
    });
    // No one can take the former members' address.
    const signup = await post(t.app, "auth.signup", newAccount({ email: FORMER_MEMBER_EMAIL }), {
      ip: freshIp(),
    });
    expect(signup.statusCode).toBe(409);
  });

  it("asks a Google-only account for its email address from a fresh sign-in", async () => {
    const user = await createUserWithSession(t);
    const wrong = await post(
      t.app,
      "account.delete",
      { artifacts: "delete", confirmEmail: "someone@else.example" },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(trpcError(wrong).message).toBe(MESSAGES.deleteConfirmationWrong);

    const start = clock;
    try {
      clock = start + FRESH_SIGN_IN_MS + 1;
      const stale = await post(
        t.app,
        "account.delete",
        { artifacts: "delete", confirmEmail: user.email },
        { cookie: user.cookie },
      );
      expect(stale.statusCode).toBe(403);
      expect(trpcError(stale).message).toBe(MESSAGES.deleteNeedsFreshGoogleSignIn);
    } finally {
      clock = start;
    }
    const done = await post(
      t.app,
      "account.delete",
      { artifacts: "delete", confirmEmail: user.email.toUpperCase() },
      { cookie: user.cookie },
    );
    expect(done.statusCode).toBe(200);
    expect(t.db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
  });
});

describe("account settings", () => {
  it("say whether the account has a password, Google and mail", async () => {
    const user = await passwordUser();
    const result = await trpc(t.app, "query", "account.settings", undefined, user.cookie);
    expect(result.data).toEqual({ hasPassword: true, hasGoogle: false, mailEnabled: false });
  });
});
