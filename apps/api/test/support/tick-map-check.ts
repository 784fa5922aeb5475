import { createHook } from "node:async_hooks";
import { keepOneTickObject, keptTickObject } from "../../src/tick-objects";

/*
 * Run by test/tick-objects.test.ts in a node of its own with --expose-gc and
 * --allow-natives-syntax. Keeps a tick object, then runs full collections between bursts of ticks,
 * while no tick object but the kept one is alive (what loading the app does), and prints whether
 * a tick object made afterwards still has the kept one's map.
 */

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const haveSameMap = new Function("a", "b", "return %HaveSameMap(a, b)") as (
  a: object,
  b: object,
) => boolean;

function newTickObject(): object | undefined {
  let made: object | undefined;
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

keepOneTickObject();
for (let round = 0; round < 10; round += 1) {
  for (let tick = 0; tick < 200; tick += 1) process.nextTick(() => {});
  await new Promise((resolveRound) => setImmediate(resolveRound));
  gc();
}
const kept = keptTickObject();
const fresh = newTickObject();
console.log(
  JSON.stringify({
    kept: kept !== undefined,
    fresh: fresh !== undefined,
    sameMap: kept !== undefined && fresh !== undefined && haveSameMap(kept, fresh),
  }),
);
