/**
 * One socket write per turn of the event loop: a stream is corked at the turn's first write and uncorked
 * once the turn's callbacks have run, so everything written to it in that turn leaves in one write and
 * wakes the peer once, instead of a write and a wake-up each (docs/performance.md). The gateway's Redis
 * connection and both ends of a fleet link write this way.
 *
 * "Once the turn's callbacks have run" is one setImmediate per turn. It runs the functions queued with
 * `atTurnEnd`, in the order queued, also those queued while it runs, and only then uncorks the streams:
 * work that gathers a turn's requests into one command (the Redis admission store's batches) writes into
 * the turn's one write.
 */
import type { Writable } from 'node:stream'

// The functions queued for the current turn's end, and the streams' uncorks, which run after them: what
// those functions write still leaves in the turn's one write.
const work: (() => void)[] = []
const uncorks: (() => void)[] = []
let scheduled = false

function runTurnEnd(): void {
  // Run until both are empty: what is queued meanwhile runs in this pass too.
  for (;;) {
    const queue = work.length > 0 ? work : uncorks
    if (queue.length === 0) break
    const fn = queue.shift()!
    try {
      fn()
    } catch (error) {
      // What is left runs in a pass of its own; the error surfaces as any setImmediate callback's would.
      if (work.length > 0 || uncorks.length > 0) setImmediate(runTurnEnd)
      else scheduled = false
      throw error
    }
  }
  scheduled = false
}

function schedule(): void {
  if (scheduled) return
  scheduled = true
  setImmediate(runTurnEnd)
}

/** Runs `fn` once the callbacks of the current turn of the event loop have run (setImmediate). */
export function atTurnEnd(fn: () => void): void {
  work.push(fn)
  schedule()
}

/** Corks `stream` unless a stream is already corked this turn; the corked one is uncorked after the turn. */
export function createTurnCork(): (stream: Writable) => void {
  let corked: Writable | undefined
  const uncork = () => {
    const stream = corked
    corked = undefined
    stream?.uncork()
  }
  return (stream) => {
    if (corked !== undefined) return
    corked = stream
    stream.cork()
    uncorks.push(uncork)
    schedule()
  }
}
