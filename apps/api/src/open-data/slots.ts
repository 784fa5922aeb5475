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
