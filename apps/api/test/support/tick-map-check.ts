import { keepOneTickObject, keptTickObject, newTickObject } from "../../src/tick-objects";

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
    // A tick object carries the callback to run and its arguments.
    keptIsTick: typeof (kept as { callback?: unknown } | undefined)?.callback === "function",
    fresh: fresh !== undefined,
    sameMap: kept !== undefined && fresh !== undefined && haveSameMap(kept, fresh),
  }),
);
