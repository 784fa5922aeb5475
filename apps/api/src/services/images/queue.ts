/*
 * How many uploads the server takes on at once, and the one-at-a-time line they are processed in.
 * An upload holds a slot from the moment it is admitted (its bytes still arriving) until its
 * answer, so the line can never be longer than the slots: past them an upload is refused with 503
 * and Retry-After at once, before its body is read, instead of waiting without bound.
 */
export function createImageQueue(maxUploadsAtOnce: number) {
  let admitted = 0;
  let line: Promise<unknown> = Promise.resolve();
  return {
    /** Takes a slot; false when every slot is taken. */
    tryAdmit(): boolean {
      if (admitted >= maxUploadsAtOnce) return false;
      admitted += 1;
      return true;
    },
    /** Gives the slot back, whatever became of the upload. */
    release(): void {
      admitted -= 1;
    },
    /** Runs `job` after every job queued before it has finished, one at a time. */
    run<T>(job: () => Promise<T>): Promise<T> {
      const result = line.then(job);
      line = result.catch(() => undefined);
      return result;
    },
    get admitted(): number {
      return admitted;
    },
  };
}

export type ImageQueue = ReturnType<typeof createImageQueue>;
