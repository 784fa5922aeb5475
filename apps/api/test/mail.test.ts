import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../src/env";
import { createOutbox, smtpTransport } from "../src/mail/outbox";
import { mailStatus } from "../src/startup";
import { captureLogs } from "./support/logs";
import { startServer, stopServer } from "./support/server";
import { startSmtpServer, type TestSmtpServer } from "./support/smtp";

let smtp: TestSmtpServer;

/** A logger as the app's, writing to `stream`. */
function loggerTo(stream: NodeJS.WritableStream) {
  return Fastify({ logger: { level: "info", stream } }).log;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp.close();
});

describe("the mail settings", () => {
  it("are off when neither is set, and on with both", () => {
    expect(loadEnv({}).mail).toBeNull();
    expect(loadEnv({ SMTP_URL: " ", MAIL_FROM: "" }).mail).toBeNull();
    expect(
      loadEnv({ SMTP_URL: "smtps://u:p@mail.example.org:465", MAIL_FROM: "Atlas <a@example.org>" })
        .mail,
    ).toEqual({ smtpUrl: "smtps://u:p@mail.example.org:465", from: "Atlas <a@example.org>" });
  });

  it("refuse one without the other, naming the missing one", () => {
    expect(() => loadEnv({ SMTP_URL: "smtp://mail.example.org" })).toThrow(
      /MAIL_FROM: outgoing mail needs both SMTP_URL and MAIL_FROM/,
    );
    expect(() => loadEnv({ MAIL_FROM: "a@example.org" })).toThrow(/SMTP_URL: outgoing mail/);
  });

  it("refuse what is not an SMTP URL or a sender", () => {
    expect(() =>
      loadEnv({ SMTP_URL: "https://mail.example.org", MAIL_FROM: "a@example.org" }),
    ).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadEnv({ SMTP_URL: "smtp://mail.example.org", MAIL_FROM: "atlas" })).toThrow(
      /MAIL_FROM: must be an address/,
    );
  });

  it("are described at the start without the login in the URL", () => {
    expect(mailStatus({ mail: null })).toMatchObject({ level: "warn" });
    expect(mailStatus({ mail: null }).message).toMatch(/^Mail is off/);
    const on = mailStatus({
      mail: { smtpUrl: "smtps://user:s3cret@mail.example.org", from: "a@example.org" },
    });
    expect(on).toEqual({
      level: "info",
      message: "Mail is on: sending as a@example.org through smtps://mail.example.org:465",
    });
  });
});

describe("the start", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "atlas-mail-start-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("says clearly when mail is off", async () => {
    const server = await startServer({ databasePath: join(dir, "off.db") });
    // Listening comes before the pipe's lines reach this process: read them once it has exited.
    await stopServer(server);
    expect(server.stdout.join("\n")).toContain("Mail is off (SMTP_URL and MAIL_FROM are not set)");
  });

  it("says when mail is on, and whether the mail server answers", async () => {
    const server = await startServer({
      databasePath: join(dir, "on.db"),
      env: { SMTP_URL: "smtp://127.0.0.1:9", MAIL_FROM: "atlas@example.org" },
    });
    try {
      const deadline = Date.now() + 15_000;
      while (
        !server.stdout.some((line) => line.includes("did not answer")) &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const output = server.stdout.join("\n");
      expect(output).toContain(
        "Mail is on: sending as atlas@example.org through smtp://127.0.0.1:9",
      );
      expect(output).toContain("Mail is on, but the mail server did not answer");
    } finally {
      await stopServer(server);
    }
  });
});

describe("the outbox", () => {
  it("holds a bounded number of jobs and logs what it drops", async () => {
    const logs = captureLogs();
    const outbox = createOutbox({
      transport: smtpTransport(smtp.url),
      from: "atlas@example.org",
      log: loggerTo(logs.stream),
      maxQueued: 3,
    });
    const added = Array.from({ length: 5 }, (_, i) =>
      outbox.add(() => ({ to: `bounded${i}@example.org`, subject: "Bounded", text: "Hello" })),
    );
    expect(added).toEqual([true, true, true, false, false]);
    expect(outbox.pending).toBe(3);
    await outbox.idle();
    outbox.close();
    expect(smtp.received.filter((mail) => mail.subject === "Bounded")).toHaveLength(3);
    expect(
      logs.entries().filter((entry) => entry.msg === "mail outbox full; a message was dropped"),
    ).toHaveLength(2);
  });

  it("sends nothing for a job that has nothing to send", async () => {
    const logs = captureLogs();
    const outbox = createOutbox({
      transport: smtpTransport(smtp.url),
      from: "atlas@example.org",
      log: loggerTo(logs.stream),
    });
    const before = smtp.received.length;
    outbox.add(() => null);
    await outbox.idle();
    outbox.close();
    expect(smtp.received.length).toBe(before);
  });

  it("drops what waits when closed, and says how much", async () => {
    const logs = captureLogs();
    const outbox = createOutbox({
      transport: smtpTransport(smtp.url),
      from: "atlas@example.org",
      log: loggerTo(logs.stream),
    });
    outbox.add(() => ({ to: "never@example.org", subject: "Never", text: "Hello" }));
    outbox.close();
    await outbox.idle();
    expect(outbox.add(() => null)).toBe(false);
    expect(
      logs.entries().find((entry) => entry.msg === "mail outbox closed with messages unsent"),
    ).toMatchObject({
      dropped: 1,
    });
  });
});
