// How V8's heap is tuned in every Sallyport process, before the sources load (docs/adr/0028).
//
// Sallyport's live heap is mostly its code (about 40 MB in `dev`), and a fetch leaves little garbage on
// it: a large body's bytes are outside it, in the socket's buffers. That shape made V8 run one full
// collection after another at large bodies, each marking the whole heap (on Node 24 in every run, on Node 20
// in some), for two reasons:
// - V8 starts a full collection as soon as the room below the old generation's limit is smaller than the
//   young generation, and it keeps that limit close above a heap that hardly grows. The old generation may
//   now grow to three times what survived the last full collection before the next starts.
// - Every 64 MB of buffers allocated outside the heap started one as well, the socket reads of 64 bodies of
//   1 MiB. Counted within the heap's global limit instead, they wait for that limit like the rest.
// At 1 MiB bodies the two were about half of a fetch's CPU, most of it on the collector's threads
// (docs/performance.md). Node 20's V8 collects the same buffers with its young generation and knows only
// the first flag.
/* global process */
import v8 from 'node:v8'

/** The flags for the V8 of version `v8Version` (`process.versions.v8`). */
export function heapFlagsFor(v8Version) {
  const major = Number.parseInt(v8Version, 10)
  return [
    '--heap-growing-percent=200',
    ...(major >= 13 ? ['--external-memory-accounted-in-global-limit'] : []),
  ]
}

/** The flags `tuneHeap` sets in this process, each unless node's own command line already sets it. */
export const heapFlags = heapFlagsFor(process.versions.v8)

/** A V8 flag's name as written on a command line (`--heap_growing_percent=1` names `--heap-growing-percent`). */
function flagName(argument) {
  const end = argument.indexOf('=')
  const name = (end === -1 ? argument : argument.slice(0, end)).replaceAll('_', '-')
  return name.startsWith('--no-') ? `--${name.slice(5)}` : name
}

/**
 * Sets each of `heapFlags` that `execArgv` (node's command line before the script) does not set: an
 * operator's own `node --heap-growing-percent=50 bin/sallyport.js ...` wins. Returns the flags it set.
 */
export function tuneHeap(execArgv = process.execArgv, setFlags = (flag) => v8.setFlagsFromString(flag)) {
  const given = new Set(execArgv.map(flagName))
  const applied = heapFlags.filter((flag) => !given.has(flagName(flag)))
  for (const flag of applied) setFlags(flag)
  return applied
}
