import type { FastifyReply } from "fastify";
import { ServiceError } from "../services/errors";

/**
 * A fixed number of places for long answers (exports, imports): take one before starting and
 * give it back when the answer ends, however it ends. No place free means "try again later".
 */
export interface Slots {
  /** A release function for a free place, or null when all are taken. */
  take(): (() => void) | null;
  inUse(): number;
}

export function createSlots(size: number): Slots {
  let used = 0;
  return {
    take() {
      if (used >= size) return null;
      used += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        used -= 1;
      };
    },
    inUse: () => used,
  };
}

/** Why a long answer waits: the too-busy answer when no place is free. */
export interface Busy {
  code: "SERVICE_UNAVAILABLE" | "TOO_MANY_REQUESTS";
  message: string;
  retryAfterSeconds: number;
}

/**
 * Holds one of `slots` until `reply` ends (finished, failed or the client gone), or refuses with
 * `busy` when all are taken.
 */
export function holdSlot(slots: Slots, reply: FastifyReply, busy: Busy): void {
  const release = slots.take();
  if (!release) throw new ServiceError(busy.code, busy.message, busy.retryAfterSeconds);
  reply.raw.once("close", release);
}
