/*
 * How many uploads the server takes on, and the one-at-a-time line they are processed in (issue
 * 28, docs/decisions/036-the-upload-route.md). An account sends one upload at a time, so that no
 * account holds more than its share; a slot in the line is taken only once the upload has arrived
 * whole, so that uploads still trickling in hold nothing but their own account's turn. Past the
 * slots an upload is refused at once (503), instead of waiting without bound, and the line can
 * never be longer than the slots.
 */
export function createImageQueue(slots: number) {
  const uploading = new Set<number>();
  let taken = 0;
  let line: Promise<unknown> = Promise.resolve();
  return {
    /** Starts an upload of `account`; false when it has one going already. */
    tryStart(account: number): boolean {
      if (uploading.has(account)) return false;
      uploading.add(account);
      return true;
    },
    /** Ends the account's upload, whatever became of it. */
    end(account: number): void {
      uploading.delete(account);
    },
    /** Takes a slot in the line; false when every slot is taken. */
    tryTakeSlot(): boolean {
      if (taken >= slots) return false;
      taken += 1;
      return true;
    },
    /** Gives a slot back. */
    releaseSlot(): void {
      taken -= 1;
    },
    /** Runs `job` after every job queued before it has finished, one at a time. */
    run<T>(job: () => Promise<T>): Promise<T> {
      const result = line.then(job);
      line = result.catch(() => undefined);
      return result;
    },
    /** Slots taken right now. */
    get taken(): number {
      return taken;
    },
  };
}

export type ImageQueue = ReturnType<typeof createImageQueue>;
