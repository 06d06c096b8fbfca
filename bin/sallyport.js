#!/usr/bin/env node
// The `sallyport` command (package.json `bin`), and how every Sallyport process starts (docs/adr/0014).
// The CLI is TypeScript. Where Node strips types itself (22.18 and later, 24), it loads the sources as they
// are; on an older Node it registers tsx, a dependency of the package, first. tsx's transform names every
// function each time it is created (esbuild's keepNames), which costs a fetch about 5% more CPU; Node's own
// type stripping changes nothing but the types.
/* global process */
import { tuneHeap } from './heap-tuning.js'
import { keepTickShape } from './tick-shape.js'

// Before anything else, one tick is kept so that `process.nextTick` stays on V8's fast path (tick-shape.js).
void keepTickShape()
// V8's heap is tuned before the sources load (docs/adr/0028).
tuneHeap()
// Node does not strip types under node_modules (an installed package): tsx then, too.
if (!process.features.typescript || import.meta.url.includes('/node_modules/')) {
  const { register } = await import('tsx/esm/api')
  register()
}
await import('../src/bin/sallyport.ts')
