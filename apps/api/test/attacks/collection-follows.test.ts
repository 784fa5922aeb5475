import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FOLLOWS_MAX, type CollectionDetail } from "@artifact-atlas/shared";
import { sendDailyDigests } from "../../src/services/conversation/digest";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, type TestApp } from "../support/app";
import { newAccount, post } from "../support/auth";
import { insertArtifacts } from "../support/harvesting";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

/*
 * Issue 33's collection follows, tried as an attacker would: many free accounts follow a
 * collection their maker then fills with 500 artifacts, hoping for a flood of mail or of bell
 * lines; follows past the limit; and a walk over collection ids that would tell private, hidden or
 * trashed collections from no collection at all.
 */

let t: TestApp;
let smtp: TestSmtpServer;

beforeEach(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: "Artifact Atlas <atlas@example.org>" },
    { mailRetryDelaysMs: [20] },
  );
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

interface Throwaway {
  cookie: string;
  email: string;
  ip: string;
}

/** A free account signed up through tRPC from `ip`. */
async function throwaway(ip: string): Promise<Throwaway> {
  const account = newAccount();
  const response = await post(t.app, "auth.signup", account, { ip });
  const cookie = sessionCookieFrom(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`signup: ${response.body}`);
  return { cookie, email: account.email, ip };
}

/** A REST call as `who`, from their address. */
async function as(who: Throwaway, method: "PUT" | "POST" | "GET", url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    remoteAddress: who.ip,
    headers: {
      origin: TEST_ORIGIN,
      cookie: who.cookie,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const count = (sql: string) => t.db.$client.prepare(sql).pluck().get() as number;

describe("a collection filled with 500 artifacts under many free accounts' follows", () => {
  it("is one bell line and one mail of one line a day for each follower, and nothing for anyone else", async () => {
    const maker = await throwaway("203.0.113.9");
    const made = await as(maker, "POST", "/collections", {
      title: "Buy cheap coins",
      visibility: "public",
    });
    expect(made.statusCode).toBe(201);
    const collection = made.json() as CollectionDetail;
    const followers: Throwaway[] = [];
    for (let i = 0; i < 24; i += 1) followers.push(await throwaway(`203.0.113.${(i % 6) + 1}`));
    for (const follower of followers) {
      const followed = await as(follower, "PUT", `/follows/collection/${collection.id}`, {
        bell: true,
        email: true,
      });
      expect(followed.statusCode).toBe(200);
    }
    // A bystander who follows nothing: the maker cannot reach their address.
    const bystander = await throwaway("203.0.113.8");

    const ids = insertArtifacts(t.db, 500);
    for (let start = 0; start < ids.length; start += 50) {
      const added = await as(maker, "POST", `/collections/${collection.id}/items`, {
        artifactIds: ids.slice(start, start + 50),
      });
      expect(added.statusCode).toBe(200);
    }
    // Unfollowing and following again does not add a second line while the first is unread.
    await t.app.inject({
      method: "DELETE",
      url: `/follows/collection/${collection.id}`,
      remoteAddress: followers[0]!.ip,
      headers: { origin: TEST_ORIGIN, cookie: followers[0]!.cookie },
    });
    await as(followers[0]!, "PUT", `/follows/collection/${collection.id}`, {
      bell: true,
      email: true,
    });
    const [last] = insertArtifacts(t.db, 1);
    await as(maker, "POST", `/collections/${collection.id}/items`, { artifactIds: [last] });

    expect(
      count("select count(*) from notifications where kind = 'followed_collection_artifact'"),
    ).toBe(24);
    expect(count("select count(*) from digest_collections")).toBe(24);

    const { queued } = await sendDailyDigests(t.app.deps, Date.now());
    await t.app.deps.outbox?.idle();
    expect(queued).toBe(24);
    const mails = smtp.received.filter((mail) => mail.subject.includes("digest"));
    expect(mails).toHaveLength(24);
    for (const follower of followers) {
      const theirs = mails.filter((mail) => mail.to.includes(follower.email));
      expect(theirs).toHaveLength(1);
      expect(theirs[0]!.text.match(/added to the collection/g)).toHaveLength(1);
    }
    expect(mails.some((mail) => mail.to.includes(bystander.email))).toBe(false);
    expect(mails.some((mail) => mail.to.includes(maker.email))).toBe(false);
    // The round told everything it had: a second one sends nothing.
    expect((await sendDailyDigests(t.app.deps, Date.now())).queued).toBe(0);
  });
});

describe("following past the limit, and walking collection ids", () => {
  it("refuses the follow past FOLLOWS_MAX, whatever the kind", async () => {
    const maker = await throwaway("203.0.113.9");
    const made = await as(maker, "POST", "/collections", { title: "Coins", visibility: "public" });
    const collection = made.json() as CollectionDetail;
    const hoarder = await throwaway("203.0.113.10");
    const userId = count("select max(id) from users");
    const insert = t.db.$client.prepare(
      "insert into follows (follower_id, target_kind, target_id, bell, email, created_at) values (?, 'member', ?, 1, 0, ?)",
    );
    for (let i = 0; i < FOLLOWS_MAX; i += 1) insert.run(userId, 1_000_000 + i, Date.now());
    const refused = await as(hoarder, "PUT", `/follows/collection/${collection.id}`, {
      bell: true,
      email: false,
    });
    expect(refused.statusCode).toBe(409);
    expect(count(`select count(*) from follows where follower_id = ${userId}`)).toBe(FOLLOWS_MAX);
  });

  it("answers a private, hidden or trashed collection exactly as no collection", async () => {
    const maker = await throwaway("203.0.113.9");
    const walker = await throwaway("203.0.113.11");
    const ids: number[] = [];
    for (const visibility of ["private", "public", "public"] as const) {
      const made = await as(maker, "POST", "/collections", { title: "Secret plans", visibility });
      ids.push((made.json() as CollectionDetail).id);
    }
    t.db.$client.prepare("update collections set status = 'hidden' where id = ?").run(ids[1]);
    t.db.$client.prepare("update collections set deleted_at = 1 where id = ?").run(ids[2]);
    const answers = new Set<string>();
    for (const id of [...ids, 999_999]) {
      const answer = await as(walker, "PUT", `/follows/collection/${id}`, {
        bell: true,
        email: false,
      });
      answers.add(`${answer.statusCode} ${answer.body}`);
      expect(answer.body).not.toContain("Secret plans");
    }
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toMatch(/^404 /);
    expect(count("select count(*) from follows")).toBe(0);
  });
});
