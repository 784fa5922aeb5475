import type { FastifyInstance } from "fastify";

/*
 * The server's periodic jobs (image clean-up, notification clean-up, trash purge): registered in
 * one place (app.ts), run in every app, the tests' included, and stopped when the app closes. They
 * read the app's one clock (deps.now); only their timer is chosen here.
 */

/** Runs `run` every `ms` until the answered function is called; it must not keep the process alive. */
export type Every = (ms: number, run: () => void) => () => void;

export const everyOnTheWall: Every = (ms, run) => {
  const timer = setInterval(run, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export interface PeriodicJob {
  /** For the log: "trash purge". */
  name: string;
  everyMs: number;
  /** Also run once when the app is ready, not only after the first interval. */
  atStart: boolean;
  /** One round; its counts are logged when any is above 0 ({ purged: 3 }). */
  run: () => Record<string, number> | Promise<Record<string, number>>;
}

/**
 * Starts `jobs` when the app is ready and stops them when it closes. A failed round is logged and
 * the next one tries again; a round still running (an image clean-up waiting behind uploads) is
 * not started a second time.
 */
export function scheduleJobs(app: FastifyInstance, jobs: PeriodicJob[], every: Every): void {
  const stops: (() => void)[] = [];
  const running = new Set<string>();
  const finished = (job: PeriodicJob, counts: Record<string, number>) => {
    if (Object.values(counts).some((count) => count > 0)) {
      app.log.info({ job: job.name, ...counts }, "periodic job done");
    }
  };
  const failed = (job: PeriodicJob, error: unknown) =>
    app.log.error({ err: error, job: job.name }, "periodic job failed; the next round tries again");
  /** One round; a promise only while an asynchronous round is still running. */
  const runOnce = (job: PeriodicJob): Promise<void> | undefined => {
    if (running.has(job.name)) return undefined;
    let result: ReturnType<PeriodicJob["run"]>;
    try {
      result = job.run();
    } catch (error) {
      failed(job, error);
      return undefined;
    }
    if (!(result instanceof Promise)) {
      finished(job, result);
      return undefined;
    }
    running.add(job.name);
    return result
      .then(
        (counts) => finished(job, counts),
        (error: unknown) => failed(job, error),
      )
      .finally(() => running.delete(job.name));
  };
  app.addHook("onReady", async () => {
    for (const job of jobs) {
      if (job.atStart) await runOnce(job);
      stops.push(every(job.everyMs, () => void runOnce(job)));
    }
  });
  app.addHook("onClose", async () => {
    for (const stop of stops.splice(0)) stop();
  });
}
