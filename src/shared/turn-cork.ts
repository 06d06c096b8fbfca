/**
 * One socket write per turn of the event loop: a stream is corked at the turn's first write and uncorked
 * once the turn's callbacks have run (setImmediate), so everything written to it in that turn leaves in
 * one write and wakes the peer once, instead of a write and a wake-up each (docs/performance.md). The
 * gateway's Redis connection and both ends of a fleet link write this way.
 */
import type { Writable } from 'node:stream'

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
    setImmediate(uncork)
  }
}
