import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";

/*
 * Outgoing mail, sent off the request path: a request puts a job in the outbox and is answered at
 * once; the outbox composes the message later, sends it, and tries again after a failure. Nothing a
 * client does can grow it without bound, and a failure is logged, never thrown at a request.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Makes the message when its turn comes, or null when there is nothing to send (a reset asked for
 * an address that has no account). Composing late keeps the request's own work the same either way.
 */
export type MailJob = () => MailMessage | null;

/** What actually sends: nodemailer's SMTP transport in the product. */
export interface MailTransport {
  sendMail(message: MailMessage & { from: string }): Promise<unknown>;
  close(): void;
}

export interface OutboxOptions {
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  /** Jobs waiting or being tried again; more are refused (and logged). */
  maxQueued?: number;
  /** Waits before each new try of a failed send; one try more than there are waits. */
  retryDelaysMs?: readonly number[];
}

export const DEFAULT_MAX_QUEUED = 500;
/** About a minute and a half of tries: a mail server restarting or briefly unreachable is waited out. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 10_000, 60_000] as const;
/** Sends at once: the SMTP connection pool's size. */
const SENDERS = 2;
/**
 * A job starts this long after it was added, plus up to as much again at random. Started at once
 * (setImmediate), its work (a database write, the SMTP exchange) can run before its request's
 * answer has left, and that answer's time would tell which addresses have an account. Started
 * later, its work falls on whichever requests happen to be running then.
 */
const START_DELAY_MS = 50;

interface Entry {
  job: MailJob;
  message: MailMessage | null;
  /** Tries already made. */
  tries: number;
}

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(options: OutboxOptions) {
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const { transport, from, log } = options;
  const waiting: Entry[] = [];
  /** Entries waiting for their start or for their next try. */
  const timers = new Set<NodeJS.Timeout>();
  let sending = 0;
  let closed = false;
  const idleWaiters: (() => void)[] = [];

  /** Jobs not finished yet: waiting, being sent, or waiting to be tried again. */
  const pending = () => waiting.length + sending + timers.size;

  function settleIdle(): void {
    if (pending() > 0) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  /** Hands the entry to the senders after `delayMs`. */
  function later(entry: Entry, delayMs: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      waiting.push(entry);
      pump();
    }, delayMs);
    timers.add(timer);
  }

  async function send(entry: Entry): Promise<void> {
    try {
      entry.message ??= entry.job();
      if (!entry.message) return;
      entry.tries += 1;
      await transport.sendMail({ ...entry.message, from });
      log.info({ subject: entry.message.subject, tries: entry.tries }, "mail sent");
    } catch (error) {
      // The error, never the message: its text holds a link that signs someone in.
      const subject = entry.message?.subject;
      const delay = retryDelaysMs[entry.tries - 1];
      if (entry.message && delay !== undefined && !closed) {
        log.warn(
          { err: error, subject, tries: entry.tries, retryInMs: delay },
          "mail not sent yet",
        );
        later(entry, delay);
      } else {
        log.error({ err: error, subject, tries: entry.tries }, "mail not sent; giving up");
      }
    }
  }

  function pump(): void {
    while (sending < SENDERS && waiting.length > 0 && !closed) {
      const entry = waiting.shift() as Entry;
      sending += 1;
      void send(entry).finally(() => {
        sending -= 1;
        pump();
        settleIdle();
      });
    }
    settleIdle();
  }

  return {
    /**
     * Queues a job; the caller is answered before anything is composed or sent, which starts
     * START_DELAY_MS or so later. False when the
     * outbox is full or closed: the job is dropped and a warning logged.
     */
    add(job: MailJob): boolean {
      if (closed || pending() >= maxQueued) {
        log.warn({ queued: pending(), maxQueued }, "mail outbox full; a message was dropped");
        return false;
      }
      later({ job, message: null, tries: 0 }, START_DELAY_MS + Math.random() * START_DELAY_MS);
      return true;
    },

    /** Resolves once nothing waits, sends or waits to be tried again. */
    idle(): Promise<void> {
      if (pending() === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    get pending(): number {
      return pending();
    },

    /** The most jobs it holds at once: batches (the daily digest) leave room below it. */
    get capacity(): number {
      return maxQueued;
    },

    /** Stops: what is still waiting is dropped (and counted in the log). */
    close(): void {
      if (closed) return;
      closed = true;
      const dropped = waiting.length + timers.size;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      waiting.length = 0;
      if (dropped > 0) log.warn({ dropped }, "mail outbox closed with messages unsent");
      transport.close();
      settleIdle();
    },
  };
}

/** nodemailer's SMTP transport for SMTP_URL: pooled, with short timeouts so that a dead server fails fast. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transport = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SENDERS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    sendMail: (message) => transport.sendMail(message),
    close: () => transport.close(),
  };
}

/** Checks that the mail server answers and accepts the login; resolves with a reason when not. */
export async function checkSmtp(smtpUrl: string): Promise<string | null> {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
  try {
    await transport.verify();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    transport.close();
  }
}
