import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONVERSATION_MESSAGES, FOLLOWS_MAX } from "@artifact-atlas/shared";
import { CONVERSATION_RULES } from "../../src/rate-limit";
import { unsubscribeToken } from "../../src/services/conversation/follows";
import { FORMER_MEMBER_EMAIL } from "../../src/services/former-member";
import { createTestApp, sessionCookieFrom, type TestApp } from "../support/app";
import { newAccount, post } from "../support/auth";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { addPublicArtifact, posted } from "../conversation/support";

/*
 * Issue 33's other doors, tried as an attacker would: edits by the hundred (each keeps the text it
 * replaced), suggestions and agreements from a crowd of free accounts behind one address, follows
 * without end, forged unsubscribe links, and bodies far past any field's limit. Every write is held
 * to the conversation's limits per account and per address, a crowd decides nothing, and a refusal
 * changes nothing.
 */

let t: TestApp;
let owner: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olga Owner" });
});
afterEach(async () => {
  await t.close();
});

/** A free account signed up through tRPC from `ip`: its session cookie. */
async function throwaway(ip: string): Promise<string> {
  const response = await post(t.app, "auth.signup", newAccount(), { ip });
  const cookie = sessionCookieFrom(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`signup: ${response.body}`);
  return cookie;
}

const count = (sql: string, ...params: unknown[]) =>
  t.db.$client
    .prepare(sql)
    .pluck()
    .get(...params) as number;

/** The artifact's current fields as its newest revision holds them. */
function revisionsOf(artifactId: number): number {
  return count("select count(*) from artifact_revisions where artifact_id = ?", artifactId);
}

/** A suggestion of a new created date over REST from `ip`. */
function suggestFrom(ip: string, cookie: string, artifactId: number, value: string) {
  return rest(t.app, "POST", `/artifacts/${artifactId}/suggestions`, {
    cookie,
    remoteAddress: ip,
    body: {
      field: "createdAt",
      value,
      reason: "Everyone knows this.",
      source: "https://spam.example/",
      baseRevision: 1,
    },
  });
}

describe("edits by the hundred", () => {
  it("count against the comments' limit, so the kept texts stay as few", async () => {
    const stone = await addPublicArtifact(t, owner);
    const author = await createUserWithSession(t);
    const made = await posted(t, author, stone.id, "First text");
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const answer = await rest(t.app, "PATCH", `/comments/${made.id}`, {
        cookie: author.cookie,
        remoteAddress: "203.0.113.40",
        body: { body: `Text number ${i}` },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429)
        expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    }
    // posted() above came through tRPC as 127.0.0.1: one of the account's turns, not the address's.
    const accepted = CONVERSATION_RULES.perAccount.limit - 1;
    expect(statuses.filter((status) => status === 200)).toHaveLength(accepted);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - accepted);
    expect(count("select count(*) from comment_revisions where comment_id = ?", made.id)).toBe(
      accepted,
    );
  });

  it("of someone else's comment change nothing, through either verb", async () => {
    const stone = await addPublicArtifact(t, owner);
    const author = await createUserWithSession(t);
    const made = await posted(t, author, stone.id, "Mine");
    const intruder = await throwaway("203.0.113.41");
    const edit = await rest(t.app, "PATCH", `/comments/${made.id}`, {
      cookie: intruder,
      body: { body: "Yours now" },
    });
    const remove = await rest(t.app, "DELETE", `/comments/${made.id}`, { cookie: intruder });
    expect([edit.statusCode, remove.statusCode]).toEqual([403, 403]);
    expect(count("select body from comments where id = ?", made.id)).toBe("Mine");
    const history = await rest(t.app, "GET", `/comments/${made.id}/history`, { cookie: intruder });
    expect(history.statusCode).toBe(403);
  });
});

describe("suggestions and agreements from a crowd of free accounts", () => {
  it("gets one address no more than its limit of suggestions, and none of them decides", async () => {
    const stone = await addPublicArtifact(t, owner);
    const ip = "203.0.113.50";
    const cookies = await Promise.all([1, 2, 3, 4].map(() => throwaway(ip)));
    const answers = [];
    for (const cookie of cookies) {
      for (let i = 0; i < CONVERSATION_RULES.perAccount.limit; i += 1) {
        answers.push(await suggestFrom(ip, cookie, stone.id, `${300 + i} BC`));
      }
    }
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    expect(accepted).toHaveLength(CONVERSATION_RULES.perAddress.limit);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(
      answers.length - accepted.length,
    );
    expect(count("select count(*) from suggestions")).toBe(accepted.length);
    expect(count("select count(*) from review_queue where kind = 'suggestion'")).toBe(
      accepted.length,
    );
    // The owner's bell has one line for the whole discussion.
    expect(count("select count(*) from notifications where user_id = ?", owner.id)).toBe(1);

    // A suggester cannot accept their own suggestion, nor another's on someone else's artifact.
    const ids = accepted.map((answer) => (answer.json() as { comment: { id: number } }).comment.id);
    const own = await rest(t.app, "POST", `/suggestions/${ids[0]}`, {
      cookie: cookies[0],
      body: { decision: "accept", revision: 1 },
    });
    const other = await rest(t.app, "POST", `/suggestions/${ids.at(-1)}`, {
      cookie: cookies[0],
      body: { decision: "accept", revision: 1 },
    });
    expect([own.statusCode, other.statusCode]).toEqual([403, 403]);
    expect(revisionsOf(stone.id)).toBe(1);
    expect(count("select count(*) from suggestions where status != 'open'")).toBe(0);
  });

  it("counts one agreement per member however often asked, and a crowd of them decides nothing", async () => {
    const stone = await addPublicArtifact(t, owner);
    const suggester = await createUserWithSession(t);
    const made = await suggestFrom("203.0.113.60", suggester.cookie, stone.id, "196 BC");
    expect(made.statusCode).toBe(201);
    const id = (made.json() as { comment: { id: number } }).comment.id;

    const crowd = await Promise.all(
      Array.from({ length: 12 }, (_, i) => throwaway(`203.0.113.${70 + i}`)),
    );
    for (const cookie of crowd) {
      for (let i = 0; i < 3; i += 1) {
        const agreed = await rest(t.app, "PUT", `/suggestions/${id}/agreement`, { cookie });
        expect(agreed.statusCode).toBe(200);
      }
    }
    expect(count("select count(*) from suggestion_agreements where suggestion_id = ?", id)).toBe(
      crowd.length,
    );
    // The suggester cannot add their own voice.
    const self = await rest(t.app, "PUT", `/suggestions/${id}/agreement`, {
      cookie: suggester.cookie,
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ error: CONVERSATION_MESSAGES.ownSuggestion });
    // Agreement is a count beside the suggestion, never a decision.
    expect(count("select status from suggestions where comment_id = ?", id)).toBe("open");
    expect(revisionsOf(stone.id)).toBe(1);
  });
});

describe("follows without end", () => {
  it("stop at FOLLOWS_MAX, and following tells no one", async () => {
    const stone = await addPublicArtifact(t, owner);
    const stalker = await createUserWithSession(t);
    const followed = await rest(t.app, "PUT", `/follows/member/${owner.id}`, {
      cookie: stalker.cookie,
      body: { bell: true, email: false },
    });
    expect(followed.statusCode).toBe(200);
    // Following is silent: no bell line for the followed, however many follow.
    expect(count("select count(*) from notifications where user_id = ?", owner.id)).toBe(0);

    // Fill the account's follows to the limit straight in the database (faster than any limit).
    const insert = t.db.$client.prepare(
      `insert into follows (follower_id, target_kind, target_id, bell, email, created_at)
       values (?, 'artifact', ?, 1, 0, ?)`,
    );
    for (let i = 1; i < FOLLOWS_MAX; i += 1) insert.run(stalker.id, 1_000_000 + i, Date.now());
    const refused = await rest(t.app, "PUT", `/follows/artifact/${stone.id}`, {
      cookie: stalker.cookie,
      body: { bell: true, email: false },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: CONVERSATION_MESSAGES.followsFull(FOLLOWS_MAX) });
    expect(count("select count(*) from follows where follower_id = ?", stalker.id)).toBe(
      FOLLOWS_MAX,
    );
  });

  it("names no account that has nothing public: a probe for members finds nothing", async () => {
    const shy = await createUserWithSession(t);
    const prober = await throwaway("203.0.113.90");
    const real = await rest(t.app, "PUT", `/follows/member/${shy.id}`, {
      cookie: prober,
      body: { bell: true, email: false },
    });
    const none = await rest(t.app, "PUT", `/follows/member/999999`, {
      cookie: prober,
      body: { bell: true, email: false },
    });
    expect(real.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(real.json()).toEqual(none.json());
  });
});

describe("walking artifact ids to harvest their owners", () => {
  it("finds the owners of public artifacts only, by id and name, and never an email", async () => {
    const shown = await addPublicArtifact(t, owner, { artifactName: "Shown" });
    const shy = await createUserWithSession(t, { name: "Shy Sam" });
    const hidden = await Promise.all(
      ["hidden", "pending", "rejected", "trashed"].map((name) =>
        addPublicArtifact(t, shy, { artifactName: name }),
      ),
    );
    const setHidden = t.db.$client.prepare("update artifacts set status = ? where id = ?");
    setHidden.run("hidden", hidden[0]!.id);
    setHidden.run("pending", hidden[1]!.id);
    setHidden.run("rejected", hidden[2]!.id);
    t.db.$client.prepare("update artifacts set deleted_at = ? where id = ?").run(1, hidden[3]!.id);
    // A member who left kept an artifact public, under the shared former member's name.
    const left = await addPublicArtifact(t, shy, { artifactName: "Kept" });
    const former = await createUserWithSession(t, { email: FORMER_MEMBER_EMAIL });
    t.db.$client.prepare("update artifacts set owner_id = ? where id = ?").run(former.id, left.id);

    const prober = await throwaway("203.0.113.92");
    const answers = new Map<number, { status: number; body: string }>();
    for (let id = 1; id <= left.id + 5; id += 1) {
      const answer = await rest(t.app, "GET", `/artifacts/${id}/owner`, {
        cookie: prober,
        remoteAddress: "203.0.113.92",
      });
      answers.set(id, { status: answer.statusCode, body: answer.body });
    }
    expect([...answers].filter(([, answer]) => answer.status === 200)).toEqual([
      [shown.id, { status: 200, body: JSON.stringify({ id: owner.id, name: "Olga Owner" }) }],
    ]);
    const missing = answers.get(left.id + 5);
    expect(missing?.status).toBe(404);
    for (const artifact of [...hidden, left]) expect(answers.get(artifact.id)).toEqual(missing);
    const everything = [...answers.values()].map((answer) => answer.body).join("\n");
    for (const secret of [owner.email, shy.email, FORMER_MEMBER_EMAIL, "Shy Sam"]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe("forged unsubscribe links", () => {
  it("stop no one's mail: a made-up signature or another member's number is refused", async () => {
    const stone = await addPublicArtifact(t, owner);
    const victim = await createUserWithSession(t);
    const attacker = await createUserWithSession(t);
    t.db.$client
      .prepare(
        `insert into follows (follower_id, target_kind, target_id, bell, email, created_at)
         values (?, 'artifact', ?, 1, 1, ?)`,
      )
      .run(victim.id, stone.id, Date.now());
    const mine = unsubscribeToken({ db: t.db }, attacker.id, null);
    const [, signature] = mine.split(".");
    const victimsPayload = Buffer.from(`${victim.id}-0`).toString("base64url");
    const forgeries = [
      `${victimsPayload}.${signature}`,
      ...Array.from(
        { length: 50 },
        () => `${victimsPayload}.${randomBytes(32).toString("base64url")}`,
      ),
      `${victimsPayload}.`,
      `${victimsPayload}.${"A".repeat(190 - victimsPayload.length)}`,
    ];
    for (const token of forgeries) {
      const answer = await rest(t.app, "POST", "/unsubscribe", {
        body: { token },
        remoteAddress: "203.0.113.91",
      });
      expect(answer.statusCode, token).toBe(400);
    }
    expect(count("select email from follows where follower_id = ?", victim.id)).toBe(1);
  });
});

describe("bodies far past any field's limit", () => {
  it("are refused before any work, and change nothing", async () => {
    const stone = await addPublicArtifact(t, owner);
    const author = await createUserWithSession(t);
    const made = await posted(t, author, stone.id, "Short");
    const suggestion = await suggestFrom("203.0.113.95", author.cookie, stone.id, "196 BC");
    const suggestionId = (suggestion.json() as { comment: { id: number } }).comment.id;
    const huge = "x".repeat(70_000);
    const doors: ["POST" | "PUT" | "PATCH", string, unknown][] = [
      ["PATCH", `/comments/${made.id}`, { body: huge }],
      ["POST", `/artifacts/${stone.id}/comments`, { body: huge }],
      ["POST", `/comments/${made.id}/reports`, { reason: "spam", note: huge }],
      [
        "POST",
        `/artifacts/${stone.id}/suggestions`,
        { field: "title", value: huge, reason: "x", source: "x", baseRevision: 1 },
      ],
      ["POST", `/suggestions/${suggestionId}`, { decision: "decline", reason: huge, revision: 1 }],
      ["PUT", `/follows/artifact/${stone.id}`, { bell: true, email: false, padding: huge }],
      ["POST", "/unsubscribe", { token: huge }],
    ];
    for (const [method, url, body] of doors) {
      const answer = await rest(t.app, method, url, { cookie: owner.cookie, body });
      expect(answer.statusCode, `${method} ${url}`).toBe(413);
    }
    // Under the body limit but over a field's: a clear 400, the comment as it was.
    const long = await rest(t.app, "PATCH", `/comments/${made.id}`, {
      cookie: author.cookie,
      body: { body: "y".repeat(5001) },
    });
    expect(long.statusCode).toBe(400);
    expect(count("select body from comments where id = ?", made.id)).toBe("Short");
    expect(count("select count(*) from comments")).toBe(2);
    expect(count("select count(*) from comment_revisions")).toBe(0);
    expect(count("select count(*) from follows")).toBe(0);
    expect(count("select status from suggestions where comment_id = ?", suggestionId)).toBe("open");
  });
});
