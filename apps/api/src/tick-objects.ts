import { createHook } from "node:async_hooks";

/*
 * Keeps one of process.nextTick's tick objects for the life of the process, so that the hidden
 * class (map) V8 gives them is never collected (docs/decisions/018-keep-a-tick-object.md).
 *
 * Node 20 builds each tick object as an object literal with two computed symbol keys. When a full
 * garbage collection runs while no tick object is alive, their maps are collected with them; the
 * next tick objects get new maps, the literal's inline cache goes megamorphic, and the optimised
 * nextTick takes V8's generic path from then on: about 270 ns a call instead of 40, for the life
 * of the process. About half of the server's starts went that way (a REST read 46-51 µs of CPU
 * instead of 39). One tick object kept alive keeps its map, and with it every later tick object's.
 */

let kept: object | undefined;

/** Schedules a tick that does nothing and answers the tick object Node made for it. */
export function newTickObject(): object | undefined {
  let made: object | undefined;
  // An async hook's init sees each new tick object (type "TickObject") as it is made.
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === "TickObject" && made === undefined) made = resource as object;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
  return made;
}

/** Call once, first thing at start-up, before the full collections of loading the app. */
export function keepOneTickObject(): void {
  kept ??= newTickObject();
}

/** The tick object keepOneTickObject kept, if it has run (for the test of this file). */
export function keptTickObject(): object | undefined {
  return kept;
}
