#!/usr/bin/env node
// The `sallyport` command (package.json `bin`), and how every Sallyport process starts (docs/adr/0014).
// The CLI is TypeScript. Where Node strips types itself (22.18 and later, 24), it loads the sources as they
// are; on an older Node, or installed under node_modules, it registers hooks that strip them the same way
// (type-stripping.js): the code that runs is the same on every Node.
import { tuneHeap } from './heap-tuning.js'
import { keepTickShape } from './tick-shape.js'
import { needsTypeStripping, registerTypeStripping } from './type-stripping.js'

// Before anything else, one tick is kept so that `process.nextTick` stays on V8's fast path (tick-shape.js).
void keepTickShape()
// V8's heap is tuned before the sources load (docs/adr/0028).
tuneHeap()
if (needsTypeStripping()) registerTypeStripping()
await import('../src/bin/sallyport.ts')
