import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MENTIONS_NOTIFIED_MAX, type DiscussionPage } from "@artifact-atlas/shared";
import { CONVERSATION_RULES } from "../../src/rate-limit";
import { COMMENT_MAX_DEPTH } from "../../src/services/conversation/markdown";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, trpc, type TestApp } from "../support/app";
import { newAccount, post } from "../support/auth";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { addPublicArtifact, discussion } from "../conversation/support";

/*
 * Issue 33, tried as an attacker would: floods of comments from many free accounts, Markdown built
 * to be huge or nested without end, and @names by the hundred. Each account and each address is
 * held to its limit, the discussion's people are told once, new accounts' floods wait unseen in
 * REVIEW_MODE=pre, nothing a comment holds runs, and the server keeps answering.
 */

let t: TestApp;
let owner: SignedInUser;

async function setUp(reviewMode: "post" | "pre" = "post") {
  t = await createTestApp({ REVIEW_MODE: reviewMode });
  owner = await createUserWithSession(t, { name: "Olga Owner" });
}
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

/** A comment over REST from `ip`: its status. */
async function commentFrom(ip: string, cookie: string, artifactId: number, body: string) {
  const response = await t.app.inject({
    method: "POST",
    url: `/artifacts/${artifactId}/comments`,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
    payload: JSON.stringify({ body }),
  });
  return response;
}

const count = (sql: string) => t.db.$client.prepare(sql).pluck().get() as number;

describe("a flood of comments from many free accounts", () => {
  it("gets one busy member's worth through per address, and tells the owner once", async () => {
    await setUp();
    const stone = await addPublicArtifact(t, owner);
    const addresses = ["203.0.113.1", "203.0.113.2", "203.0.113.3"];
    const statuses: number[] = [];
    for (const ip of addresses) {
      const cookies = await Promise.all([1, 2, 3, 4].map(() => throwaway(ip)));
      for (const cookie of cookies) {
        for (let i = 0; i < CONVERSATION_RULES.perAccount.limit + 2; i += 1) {
          statuses.push((await commentFrom(ip, cookie, stone.id, `Buy coins ${i}`)).statusCode);
        }
      }
    }
    const accepted = statuses.filter((status) => status === 201).length;
    expect(accepted).toBe(addresses.length * CONVERSATION_RULES.perAddress.limit);
    expect(statuses.filter((status) => status === 429).length).toBe(statuses.length - accepted);
    expect(count("select count(*) from comments")).toBe(accepted);
    // The owner's bell has one line for all of it, not hundreds.
    expect(count(`select count(*) from notifications where user_id = ${owner.id}`)).toBe(1);
    // Twelve commenters: each told once while unread.
    expect(
      count("select count(*) from notifications where kind = 'discussion_new'"),
    ).toBeLessThanOrEqual(12);
  });

  it("in REVIEW_MODE=pre shows the public nothing, and waits for a curator", async () => {
    await setUp("pre");
    const stone = await addPublicArtifact(t, owner);
    for (const ip of ["203.0.113.10", "203.0.113.11"]) {
      const cookie = await throwaway(ip);
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await commentFrom(ip, cookie, stone.id, `Spam ${i} https://a.example`)).statusCode,
        ).toBe(201);
      }
    }
    expect((await discussion(t, stone.id)).items).toEqual([]);
    expect((await discussion(t, stone.id, owner)).items).toEqual([]);
    expect(count(`select count(*) from notifications where user_id = ${owner.id}`)).toBe(0);
    expect(count("select count(*) from review_queue where kind = 'comment'")).toBe(10);
  });
});

describe("Markdown built to hurt", () => {
  beforeEach(() => setUp());

  it("nested without end is refused with a message; brackets and stars by the thousand stay text", async () => {
    const stone = await addPublicArtifact(t, owner);
    const member = await createUserWithSession(t);
    const create = (body: string) =>
      trpc(t.app, "mutation", "comments.create", { artifactId: stone.id, body }, member.cookie);
    const quotes = await create(`${"> ".repeat(COMMENT_MAX_DEPTH + 10)}deep`);
    expect(quotes.status).toBe(400);
    expect(quotes.error?.message).toBe(
      "Comment nests quotes or lists too deeply. Please make it flatter.",
    );
    const lists = await create(
      Array.from({ length: 60 }, (_, i) => `${"  ".repeat(i)}- level ${i}`).join("\n"),
    );
    expect(lists.status).toBe(400);

    for (const body of [
      "[".repeat(2500) + "](javascript:alert(1))".repeat(100),
      "*_".repeat(2500),
      "<".repeat(5000),
      "`".repeat(5000),
      "&#x6a;".repeat(800),
    ]) {
      const made = await create(body.slice(0, 5000));
      expect(made.status, body.slice(0, 20)).toBe(200);
      const { html } = (made.data as { comment: { html: string } }).comment;
      expect(html).not.toMatch(
        /<(?!\/?(p|br|strong|em|s|code|pre|blockquote|ul|ol|li|span|a)[\s>/])/,
      );
      expect(html).not.toContain('javascript:alert(1)"');
    }
  });

  it("larger than the comment's limit or the body's is refused before any work", async () => {
    const stone = await addPublicArtifact(t, owner);
    const member = await createUserWithSession(t);
    const long = await commentFrom("203.0.113.20", member.cookie, stone.id, "x".repeat(5001));
    expect(long.statusCode).toBe(400);
    const huge = await commentFrom("203.0.113.20", member.cookie, stone.id, "x".repeat(70_000));
    expect(huge.statusCode).toBe(413);
    expect(count("select count(*) from comments")).toBe(0);
  });

  it("keeps the server answering while such comments arrive at once", async () => {
    const stone = await addPublicArtifact(t, owner);
    const members = await Promise.all([1, 2, 3, 4].map(() => createUserWithSession(t)));
    const bodies = ["[".repeat(5000), "*_".repeat(2500), "> x\n".repeat(1250), "a@b ".repeat(1250)];
    const flood = Promise.all(
      members.flatMap((member, index) =>
        Array.from({ length: 10 }, () =>
          commentFrom(`203.0.113.${30 + index}`, member.cookie, stone.id, bodies[index]!),
        ),
      ),
    );
    const started = Date.now();
    const health = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    const answers = await flood;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answers.every((answer) => [201, 429].includes(answer.statusCode))).toBe(true);
  });
});

describe("mention spam", () => {
  beforeEach(() => setUp());

  it("tells at most a few members per comment, each once per discussion until read", async () => {
    const stone = await addPublicArtifact(t, owner);
    const targets = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        createUserWithSession(t, { name: `Target Person ${i}` }),
      ),
    );
    const spammer = await createUserWithSession(t);
    const names = targets.map((target) => `@${target.name}`).join(" ");
    for (let i = 0; i < 5; i += 1) {
      const made = await trpc(
        t.app,
        "mutation",
        "comments.create",
        { artifactId: stone.id, body: `${names} look ${i}` },
        spammer.cookie,
      );
      expect(made.status).toBe(200);
    }
    const told = count("select count(*) from notifications where kind = 'comment_mention'");
    expect(told).toBe(MENTIONS_NOTIFIED_MAX);
    const page: DiscussionPage = await discussion(t, stone.id);
    // All the names still read as mentions; only the first few were told.
    expect(page.items[0]?.html?.match(/class="mention"/g)).toHaveLength(30);
  });

  it("names no one for a name shared by several members outside the discussion", async () => {
    const stone = await addPublicArtifact(t, owner);
    await createUserWithSession(t, { name: "Common Name" });
    await createUserWithSession(t, { name: "Common Name" });
    const member = await createUserWithSession(t);
    await trpc(
      t.app,
      "mutation",
      "comments.create",
      { artifactId: stone.id, body: "Hi @Common Name" },
      member.cookie,
    );
    expect(count("select count(*) from notifications where kind = 'comment_mention'")).toBe(0);
  });
});
