import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { hashPassword } from "../src/auth/password";
import { passwordResetTokens, users } from "../src/db/schema";
import { RESET_RULES } from "../src/rate-limit";
import { FORMER_MEMBER_EMAIL, formerMemberId } from "../src/services/former-member";
import { createResetLink, RESET_LINK_LIFETIME_MS } from "../src/services/password-reset";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, trpc, type TestApp } from "./support/app";
import { me, newAccount, PASSWORD, post, trpcError } from "./support/auth";
import { captureLogs } from "./support/logs";
import { resetLinkIn, startSmtpServer, tokenOf, type TestSmtpServer } from "./support/smtp";
import { createUserWithSession } from "./support/users";

const NEW_PASSWORD = "Fresh456";

let smtp: TestSmtpServer;
let t: TestApp;
/** The app's clock: tests move it forward. */
let clock = Date.parse("2026-11-26T12:00:00Z");
const logs = captureLogs();

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: "Artifact Atlas <atlas@example.org>", LOG_LEVEL: "info" },
    { now: () => clock, mailRetryDelaysMs: [20, 20], logStream: logs.stream },
  );
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

afterEach(async () => {
  await t.app.deps.outbox?.idle();
});

let ipCounter = 0;
/** Each request from its own client address, so that only the per-account limit is in play. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}`;
}

/** Signs up from a client address of its own (sign-in limits count per address). */
async function signUp(_app: TestApp["app"]) {
  const input = newAccount();
  const response = await post(t.app, "auth.signup", input, { ip: freshIp() });
  const cookie = sessionCookieFrom(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`signup failed: ${response.body}`);
  return { input, cookie };
}

async function login(credentials: { email: string; password: string }) {
  return post(t.app, "auth.login", credentials, { ip: freshIp() });
}

async function requestReset(email: string, ip = freshIp()) {
  return post(t.app, "auth.requestPasswordReset", { email }, { ip });
}

async function linkFor(email: string): Promise<string> {
  const response = await requestReset(email);
  expect(response.statusCode).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && !usedLinks.has(resetLinkIn(m)));
  const link = resetLinkIn(mail);
  usedLinks.add(link);
  return link;
}
const usedLinks = new Set<string>();

async function choosePassword(token: string, password = NEW_PASSWORD, cookie?: string) {
  return post(t.app, "auth.resetPassword", { token, password }, cookie ? { cookie } : {});
}

describe("Reset your password", () => {
  it("says mail is on", async () => {
    const result = await trpc(t.app, "query", "auth.passwordResetByEmail");
    expect(result.data).toEqual({ available: true });
  });

  it("mails a link that opens Choose a new password, works once, signs in and ends every other session", async () => {
    const { input, cookie: oldSession } = await signUp(t.app);
    const otherSession = (await login(input)).headers["set-cookie"];
    expect(otherSession).toBeDefined();

    const response = await requestReset(input.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { data: { message: MESSAGES.resetLinkSent } } });

    const mail = await smtp.waitFor((m) => m.to.includes(input.email));
    usedLinks.add(resetLinkIn(mail));
    expect(mail.from).toBe("atlas@example.org");
    expect(mail.subject).toBe("Reset your Artifact Atlas password");
    expect(mail.text).toContain(input.userName);
    const link = resetLinkIn(mail);
    expect(link.startsWith(`${TEST_ORIGIN}/reset-password#`)).toBe(true);
    const token = tokenOf(link);

    const state = await trpc(t.app, "query", "auth.resetLinkState", { token });
    expect(state.data).toEqual({ state: "valid" });

    const reset = await choosePassword(token);
    expect(reset.statusCode).toBe(200);
    const newSession = sessionCookieFrom(reset);
    expect((await me(t.app, newSession))?.email).toBe(input.email);
    // Every session from before is over.
    expect(await me(t.app, oldSession)).toBeNull();
    // The old password no longer works; the new one does.
    expect((await login(input)).statusCode).toBe(401);
    expect((await login({ ...input, password: NEW_PASSWORD })).statusCode).toBe(200);

    // Used: refused, and said so.
    const again = await choosePassword(token, "Another789");
    expect(again.statusCode).toBe(400);
    expect(trpcError(again).message).toBe(MESSAGES.resetLinkUsed);
    expect((await trpc(t.app, "query", "auth.resetLinkState", { token })).data).toEqual({
      state: "used",
    });
  });

  it("answers an unknown address exactly as a known one, and sends nothing", async () => {
    const { input } = await signUp(t.app);
    const known = await requestReset(input.email);
    const unknown = await requestReset("nobody-here@example.com");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await t.app.deps.outbox?.idle();
    expect(smtp.received.some((m) => m.to.includes("nobody-here@example.com"))).toBe(false);
    expect(smtp.received.some((m) => m.to.includes(input.email))).toBe(true);
  });

  it("keeps only a hash of the token", async () => {
    const { input } = await signUp(t.app);
    const token = tokenOf(await linkFor(input.email));
    const rows = t.db.select().from(passwordResetTokens).all();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.tokenHash).not.toContain(token);
    const dump = JSON.stringify(t.db.$client.prepare("select * from password_reset_tokens").all());
    expect(dump).not.toContain(token);
  });

  it("is valid for 30 minutes, then says it expired and changes nothing", async () => {
    const { input, cookie } = await signUp(t.app);
    const token = tokenOf(await linkFor(input.email));
    const start = clock;
    try {
      clock = start + RESET_LINK_LIFETIME_MS - 1;
      expect((await trpc(t.app, "query", "auth.resetLinkState", { token })).data).toEqual({
        state: "valid",
      });
      clock = start + RESET_LINK_LIFETIME_MS;
      expect((await trpc(t.app, "query", "auth.resetLinkState", { token })).data).toEqual({
        state: "expired",
      });
      const late = await choosePassword(token);
      expect(late.statusCode).toBe(400);
      expect(trpcError(late).message).toBe(MESSAGES.resetLinkExpired);
      expect((await me(t.app, cookie))?.email).toBe(input.email);
      expect((await login(input)).statusCode).toBe(200);
    } finally {
      clock = start;
    }
  });

  it("refuses a forged link, and one that is no link at all", async () => {
    const forged = await choosePassword("A".repeat(43));
    expect(forged.statusCode).toBe(400);
    expect(trpcError(forged).message).toBe(MESSAGES.resetLinkInvalid);
    const malformed = await choosePassword("not-a-token");
    expect(malformed.statusCode).toBe(400);
    expect(trpcError(malformed).message).toBe(MESSAGES.resetLinkInvalid);
    const state = await trpc(t.app, "query", "auth.resetLinkState", { token: "B".repeat(43) });
    expect(state.data).toEqual({ state: "invalid" });
  });

  it("holds the new password to the spec's rules", async () => {
    const { input } = await signUp(t.app);
    const token = tokenOf(await linkFor(input.email));
    const weak = await choosePassword(token, "abc");
    expect(weak.statusCode).toBe(400);
    expect(trpcError(weak).message).toBe(
      [MESSAGES.passwordUppercase, MESSAGES.passwordNumber, MESSAGES.passwordLength].join(", "),
    );
    // The refused attempt did not spend the link.
    expect((await choosePassword(token)).statusCode).toBe(200);
  });

  it("lets a Google-only account set a password", async () => {
    const email = "google-only@example.com";
    t.db.insert(users).values({ email, name: "Google Person", googleSubject: "g-123" }).run();
    const token = tokenOf(await linkFor(email));
    expect((await choosePassword(token)).statusCode).toBe(200);
    const signedIn = await login({ email, password: NEW_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const row = t.db.select().from(users).where(eq(users.email, email)).get();
    expect(row?.googleSubject).toBe("g-123");
  });

  it("ends the account's other links once one is used", async () => {
    const { input } = await signUp(t.app);
    const first = tokenOf(await linkFor(input.email));
    const second = tokenOf(await linkFor(input.email));
    expect((await choosePassword(second)).statusCode).toBe(200);
    const stale = await choosePassword(first, "Other789");
    expect(stale.statusCode).toBe(400);
  });
});

describe("limits on reset requests", () => {
  it("refuses an address past its requests per account, the same for unknown addresses", async () => {
    const { input } = await signUp(t.app);
    for (const email of [input.email, "unknown-limit@example.com"]) {
      const statuses: number[] = [];
      for (let i = 0; i <= RESET_RULES.perAccount.limit; i += 1) {
        statuses.push((await requestReset(email)).statusCode);
      }
      expect(statuses).toEqual([...Array(RESET_RULES.perAccount.limit).fill(200), 429]);
    }
    await t.app.deps.outbox?.idle();
    const sent = smtp.received.filter((m) => m.to.includes(input.email));
    expect(sent).toHaveLength(RESET_RULES.perAccount.limit);
  });

  it("refuses a client past its requests per client, with Retry-After", async () => {
    const ip = "203.0.113.77";
    const statuses: number[] = [];
    let last;
    for (let i = 0; i <= RESET_RULES.perAddress.limit; i += 1) {
      last = await requestReset(`client-limit-${i}@example.com`, ip);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([...Array(RESET_RULES.perAddress.limit).fill(200), 429]);
    expect(Number(last?.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("sending", () => {
  it("tries again when the mail server refuses for a while", async () => {
    const { input } = await signUp(t.app);
    smtp.refuseNext(2);
    const response = await requestReset(input.email);
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(input.email));
    expect(resetLinkIn(mail)).toContain("/reset-password#");
  });

  it("logs a mail it gives up on, without its link, and the request was answered", async () => {
    const { input } = await signUp(t.app);
    smtp.refuseNext(3);
    const response = await requestReset(input.email);
    expect(response.statusCode).toBe(200);
    await t.app.deps.outbox?.idle();
    expect(smtp.received.some((m) => m.to.includes(input.email))).toBe(false);
    const entries = logs.entries();
    const gaveUp = entries.filter((entry) => entry.msg === "mail not sent; giving up");
    expect(gaveUp.length).toBeGreaterThan(0);
    expect(logs.lines.join("\n")).not.toContain("/reset-password#");
    expect(logs.lines.join("\n")).not.toContain(input.email);
  });
});

describe("createResetLink, for the Admin screen", () => {
  it("makes a one-time link for an account by id", async () => {
    const user = await createUserWithSession(t);
    const link = createResetLink(t.app.deps, user.id);
    expect(link.startsWith(`${TEST_ORIGIN}/reset-password#`)).toBe(true);
    const reset = await choosePassword(tokenOf(link));
    expect(reset.statusCode).toBe(200);
    expect(await me(t.app, user.cookie)).toBeNull();
    expect((await choosePassword(tokenOf(link))).statusCode).toBe(400);
  });

  it("makes none for an unknown account or the former members' account", () => {
    expect(() => createResetLink(t.app.deps, 999_999)).toThrow(MESSAGES.accountNotFound);
    const formerId = t.db.transaction((tx) => formerMemberId(tx));
    expect(() => createResetLink(t.app.deps, formerId)).toThrow(MESSAGES.accountNotFound);
  });

  it("sends no mail to the former members' address", async () => {
    t.db.transaction((tx) => formerMemberId(tx));
    expect((await requestReset(FORMER_MEMBER_EMAIL)).statusCode).toBe(200);
    await t.app.deps.outbox?.idle();
    expect(smtp.received.some((m) => m.to.includes(FORMER_MEMBER_EMAIL))).toBe(false);
  });
});

describe("with mail off", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(async () => {
    await off.close();
  });

  it("says reset by email is not set up, for every address", async () => {
    const available = await trpc(off.app, "query", "auth.passwordResetByEmail");
    expect(available.data).toEqual({ available: false });
    const response = await post(off.app, "auth.requestPasswordReset", { email: "a@example.com" });
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).message).toBe(MESSAGES.resetByEmailOff);
  });

  it("still takes a link an administrator made", async () => {
    const email = "admin-helped@example.com";
    const { id } = off.db
      .insert(users)
      .values({ email, name: "Helped Person", passwordHash: await hashPassword(PASSWORD) })
      .returning({ id: users.id })
      .get();
    const link = createResetLink(off.app.deps, id);
    const reset = await post(off.app, "auth.resetPassword", {
      token: tokenOf(link),
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(off.app, sessionCookieFrom(reset)))?.email).toBe(email);
  });
});
