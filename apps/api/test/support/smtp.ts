import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/*
 * A real SMTP server on 127.0.0.1 for the tests (and for `pnpm mail:dev`): the product sends to it
 * through nodemailer exactly as it sends to a real one, and a test reads what arrived.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface TestSmtpServer {
  /** SMTP_URL for the app: smtp://127.0.0.1:<port>. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The first mail (arrived or to come) that `match` accepts; fails after `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuses the next `count` messages with a temporary failure (451), as a busy server would. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

export async function startSmtpServer(
  options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: {
    match: (mail: ReceivedMail) => boolean;
    resolve: (mail: ReceivedMail) => void;
  }[] = [];
  let refusals = 0;

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise try STARTTLS with a self-signed certificate.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on("end", () => {
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          callback(error);
        });
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
          };
          received.push(mail);
          options.onMail?.(mail);
          for (const waiter of waiters.slice()) {
            if (waiter.match(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    waitFor(match, timeoutMs = 10_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching mail within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a mail's text. */
export function resetLinkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/reset-password#[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link;
}

/** The token of a reset link (after the #). */
export function tokenOf(link: string): string {
  return link.slice(link.indexOf("#") + 1);
}
