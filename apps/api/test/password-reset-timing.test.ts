import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { closeDatabase, openDatabase } from "../src/db/client";
import { users } from "../src/db/schema";
import { TEST_ORIGIN } from "./support/app";
import { startServer, stopServer, type ServerProcess } from "./support/server";
import { startSmtpServer, type TestSmtpServer } from "./support/smtp";
import { copyTemplateDatabase } from "./support/template-database";

/*
 * Reset your password must not tell whether an address has an account, by its words or by its
 * time. Requests for addresses with and without accounts are sent in a shuffled order, each from
 * its own client and for its own address (so that no limit is in play), over real HTTP to the
 * server in a process of its own, as an attacker would see it, and the medians of their answer
 * times are compared. Mail is on and really sent meanwhile.
 */

const PAIRS = 200;

let smtp: TestSmtpServer;
let dir: string;
let server: ServerProcess;
let base: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  dir = mkdtempSync(join(tmpdir(), "atlas-reset-timing-"));
  const databasePath = join(dir, "atlas.db");
  copyTemplateDatabase(databasePath);
  const db = openDatabase(databasePath);
  db.insert(users)
    .values(
      Array.from({ length: PAIRS + 10 }, (_, i) => ({
        email: `member${i}@timing.example`,
        name: `Timing Member ${i}`,
        passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA",
      })),
    )
    .run();
  closeDatabase(db);
  server = await startServer({
    databasePath,
    productionNodeOptions: true,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "atlas@example.org",
      LOG_LEVEL: "warn",
      // The test is the proxy on 127.0.0.1 that names each request's client in X-Forwarded-For.
      TRUST_PROXY: "127.0.0.1",
    },
  });
  base = server.url;
});

afterAll(async () => {
  await stopServer(server);
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves once `count` mails to accounts of the test have arrived. */
async function mailsArrived(count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (smtp.received.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Fisher–Yates with a fixed seed, so that a failure can be run again in the same order. */
function shuffled<T>(items: T[]): T[] {
  let seed = 20;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

async function timedRequest(email: string, clientIndex: number) {
  const started = process.hrtime.bigint();
  const response = await fetch(`${base}/trpc/auth.requestPasswordReset`, {
    method: "POST",
    headers: {
      origin: TEST_ORIGIN,
      "content-type": "application/json",
      // Each request from its own client, so that no rate limit is in play.
      "x-forwarded-for": `10.${clientIndex >> 8}.${clientIndex & 255}.1`,
    },
    body: JSON.stringify({ email }),
  });
  const body = await response.text();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { status: response.status, body, ms };
}

describe("the answer to Reset your password", () => {
  it("is the same for addresses with and without an account: words, status and time", async () => {
    // Warm up both paths (JIT, statement caches) before measuring.
    for (let i = 0; i < 10; i += 1) {
      await timedRequest(`member${PAIRS + i}@timing.example`, 1000 + i);
      await timedRequest(`warm${i}@nobody.example`, 2000 + i);
    }
    await mailsArrived(10);

    // Pairs of one request of each kind, in a shuffled order within each pair: a burst of load
    // from elsewhere on the machine then slows both of a pair alike, and drops out of their
    // difference.
    const order = shuffled(Array.from({ length: PAIRS }, (_, i) => i % 2 === 0));
    const withAccount: number[] = [];
    const without: number[] = [];
    const differences: number[] = [];
    const bodies = new Set<string>();
    const statuses = new Set<number>();
    for (const [pair, knownFirst] of order.entries()) {
      const known = () => timedRequest(`member${pair}@timing.example`, 2 * pair);
      const unknown = () => timedRequest(`nobody${pair}@nobody.example`, 2 * pair + 1);
      const [first, second] = knownFirst
        ? [await known(), await unknown()]
        : [await unknown(), await known()];
      const [k, u] = knownFirst ? [first, second] : [second, first];
      withAccount.push(k.ms);
      without.push(u.ms);
      differences.push(k.ms - u.ms);
      for (const answer of [k, u]) {
        bodies.add(answer.body);
        statuses.add(answer.status);
      }
    }
    await mailsArrived(10 + PAIRS);

    expect([...statuses]).toEqual([200]);
    expect([...bodies]).toEqual([
      JSON.stringify({ result: { data: { message: MESSAGES.resetLinkSent } } }),
    ]);
    // The mails really went out, for the accounts only.
    const sent = smtp.received.filter((mail) => mail.to[0]?.endsWith("@timing.example"));
    expect(sent.length).toBe(10 + PAIRS);
    expect(smtp.received.some((mail) => mail.to[0]?.endsWith("@nobody.example"))).toBe(false);

    // The same work either way: the medians differ by less than a quarter of a millisecond or a
    // tenth of an answer's time, whichever is larger, on a shared and noisy machine. (Looking the
    // account up and writing its link within the request made answers for accounts about 2 ms
    // slower here: this test caught it.)
    const typical = Math.min(median(withAccount), median(without));
    const allowed = Math.max(0.25, 0.1 * typical);
    const medians = `medians: with an account ${median(withAccount).toFixed(3)} ms, without ${median(without).toFixed(3)} ms, of the pairs' differences ${median(differences).toFixed(3)} ms`;
    expect(Math.abs(median(differences)), medians).toBeLessThan(allowed);
  });
});
