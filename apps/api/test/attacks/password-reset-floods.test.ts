import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../src/db/schema";
import { DEFAULT_MAX_QUEUED } from "../../src/mail/outbox";
import { RESET_RULES } from "../../src/rate-limit";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/app";
import { resetLinkIn, startSmtpServer, tokenOf, type TestSmtpServer } from "../support/smtp";
import { healthyThroughout } from "./support";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

/*
 * The doors of Reset your password, flooded over real HTTP: auth.requestPasswordReset from one
 * client and from thousands (through a trusted proxy), auth.resetLinkState and auth.resetPassword
 * with forged links, auth.passwordResetByEmail. The server stays up, the outbox and the limiters
 * stay bounded, no inbox gets more than its few mails, and forged links cost no password hashing.
 */

const VICTIM = "victim@example.com";
const PROXY_CLIENTS = 2_000;
const CONCURRENCY = 20;

let smtp: TestSmtpServer;
let t: TestApp;
let base: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "atlas@example.org",
    // The attack comes through a proxy on 127.0.0.1 that names each client in X-Forwarded-For.
    TRUST_PROXY: "127.0.0.1",
  });
  t.db.insert(users).values({ email: VICTIM, name: "Victim Person" }).run();
  t.db
    .insert(users)
    .values(
      Array.from({ length: PROXY_CLIENTS }, (_, i) => ({
        email: `member${i}@flood.example`,
        name: `Flood Member ${i}`,
      })),
    )
    .run();
  base = await t.app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function post(path: string, input: unknown, client: string) {
  const response = await fetch(`${base}/trpc/${path}`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify(input),
  });
  await response.arrayBuffer();
  return response.status;
}

/** `count` calls of `send(index)`, CONCURRENCY at a time; answers how many got each status. */
async function flood(count: number, send: (index: number) => Promise<number>) {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const status = await send(next++);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

function clientAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

describe("a flood of reset requests", () => {
  it("from one client is refused past its limit and sends a few mails", async () => {
    const attack = flood(1_000, (i) =>
      post("auth.requestPasswordReset", { email: `member${i}@flood.example` }, "192.0.2.1"),
    );
    const checks = await healthyThroughout(base, attack);
    const statuses = await attack;
    expect(checks).toBeGreaterThan(0);
    expect(statuses.get(200)).toBe(RESET_RULES.perAddress.limit);
    expect(statuses.get(429)).toBe(1_000 - RESET_RULES.perAddress.limit);
    await t.app.deps.outbox?.idle();
    expect(smtp.received).toHaveLength(RESET_RULES.perAddress.limit);
    expect(t.app.deps.resetRateLimiters.perAccount.size).toBe(RESET_RULES.perAddress.limit);
  });

  it("from thousands of clients at one address sends that inbox only its few mails", async () => {
    const before = smtp.received.length;
    const attack = flood(PROXY_CLIENTS, (i) =>
      post("auth.requestPasswordReset", { email: VICTIM }, clientAddress(i)),
    );
    await healthyThroughout(base, attack);
    const statuses = await attack;
    expect(statuses.get(200)).toBe(RESET_RULES.perAccount.limit);
    expect(statuses.get(429)).toBe(PROXY_CLIENTS - RESET_RULES.perAccount.limit);
    await t.app.deps.outbox?.idle();
    const toVictim = smtp.received.slice(before).filter((mail) => mail.to.includes(VICTIM));
    expect(toVictim).toHaveLength(RESET_RULES.perAccount.limit);
  });

  it("from thousands of clients at thousands of addresses keeps the outbox bounded", async () => {
    let mostPending = 0;
    const attack = flood(PROXY_CLIENTS, async (i) => {
      const status = await post(
        "auth.requestPasswordReset",
        { email: `member${i}@flood.example` },
        clientAddress(100_000 + i),
      );
      mostPending = Math.max(mostPending, t.app.deps.outbox?.pending ?? 0);
      return status;
    });
    await healthyThroughout(base, attack);
    const statuses = await attack;
    // Every request is answered alike; beyond the outbox's room, mails are dropped and logged.
    expect([...statuses.keys()]).toEqual([200]);
    expect(mostPending).toBeLessThanOrEqual(DEFAULT_MAX_QUEUED);
    await t.app.deps.outbox?.idle();
  });
});

describe("forged reset links", () => {
  it("are refused without hashing a password, and a real link still works", async () => {
    const forged = (i: number) => Buffer.alloc(32, i % 256).toString("base64url");
    const started = Date.now();
    const attack = flood(2_000, (i) =>
      post("auth.resetPassword", { token: forged(i), password: "Guess1234" }, clientAddress(i)),
    );
    await healthyThroughout(base, attack);
    const statuses = await attack;
    expect([...statuses.entries()]).toEqual([[400, 2_000]]);
    // A password hash costs tens of milliseconds; 2,000 of them would take far longer than this.
    expect(Date.now() - started).toBeLessThan(20_000);

    const states = await flood(500, async (i) => {
      const input = encodeURIComponent(JSON.stringify({ token: forged(i) }));
      const response = await fetch(`${base}/trpc/auth.resetLinkState?input=${input}`);
      const body = (await response.json()) as { result: { data: { state: string } } };
      return body.result.data.state === "invalid" ? response.status : 0;
    });
    expect([...states.entries()]).toEqual([[200, 500]]);

    const available = await fetch(`${base}/trpc/auth.passwordResetByEmail`);
    expect(available.status).toBe(200);

    // The victim's own link, from the mail the earlier flood let through, still works.
    const mail = smtp.received.find((m) => m.to.includes(VICTIM));
    expect(mail).toBeDefined();
    const status = await post(
      "auth.resetPassword",
      { token: tokenOf(resetLinkIn(mail!)), password: "Mine12345" },
      "192.0.2.200",
    );
    expect(status).toBe(200);
  });
});
