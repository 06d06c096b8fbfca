import { performance } from 'node:perf_hooks'

export type Clock = {
  /** Wall-clock milliseconds since the epoch. */
  now(): number
  /** Monotonic milliseconds, for measuring durations. */
  monotonic(): number
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
}
