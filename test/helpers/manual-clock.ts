/** A clock tests move by hand: time-outs, expiries and throttle windows without waiting. */
import type { Clock } from '../../src/shared/clock.ts'

export type ManualClock = Clock & { advance(ms: number): void }

export function manualClock(start = Date.UTC(2026, 2, 2, 9, 0, 0)): ManualClock {
  let now = start
  return {
    now: () => now,
    monotonic: () => now,
    advance: (ms) => {
      now += ms
    },
  }
}
