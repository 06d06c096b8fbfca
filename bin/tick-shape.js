// Node's `process.nextTick` on its fast path in every Sallyport process, from the first tick on.
//
// Node builds each tick as an object literal with symbol keys (`{ [async_id_symbol]: ..., callback, args }`).
// V8 records, for each key the literal defines, the hidden class (map) the object has before it: one map
// per key, held weakly. A tick lives only until the tick queue runs it, so when a full collection comes
// while no tick is queued, the maps of a tick's second and later keys die with the last tick; the next
// tick makes new ones, V8 sees a map it did not record and gives up on those keys for good (megamorphic).
// Compiled `nextTick` then defines every tick's keys through V8's runtime, some 1,300 instructions a key,
// four keys a tick on Node 24 and about four ticks a fetch: 7.5% of `sallyport dev`'s instructions per
// fetch on Node 24, counted by `npm run bench:instructions` (docs/performance.md, "twenty-ninth").
// Start-up, which loads the sources and runs the migrations, is where such a collection comes. One tick
// kept for the process's life keeps its map, and through each map's link to the one before, every map of
// the chain.
/* global process */
import { executionAsyncResource } from 'node:async_hooks'

let kept

/**
 * Keeps one tick of this process alive: the object `process.nextTick` made, which is the resource its
 * callback runs in. Call it before anything else runs; returns a promise of the tick kept.
 */
export function keepTickShape() {
  return new Promise((resolve) => {
    process.nextTick(() => {
      kept ??= executionAsyncResource()
      resolve(kept)
    })
  })
}
