/** The fixtures of the admission store suites: a start time, hashed hosts, rules and answer checks. */
import assert from 'node:assert/strict'
import type { Clock } from '../../src/shared/clock.ts'
import {
  hostKey,
  type Admission,
  type AdmissionStore,
  type LimitRule,
} from '../../src/gateway/rate-limits/admission.ts'

export type AdmissionStoreHarness = {
  /** A store on this harness's state; each call may be a new connection to it, as another gateway would be. */
  open(): AdmissionStore
  /** Every key and stored member or value, for the privacy check. */
  contents(): Promise<string[]>
  /** Closes every store opened and deletes the state. */
  dispose(): Promise<void>
}

export type MakeAdmissionStore = (clock: Clock) => Promise<AdmissionStoreHarness>

export type TestClock = Clock & { set(at: number): void; advance(ms: number): void }

export function testClock(start: number): TestClock {
  let at = start
  return {
    now: () => at,
    monotonic: () => at,
    set: (value) => void (at = value),
    advance: (ms) => void (at += ms),
  }
}

/** Runs one test on a fresh store of the harness, on a test clock at t0, and disposes of it. */
export type WithStore = (
  fn: (store: AdmissionStore, clock: TestClock, harness: AdmissionStoreHarness) => Promise<void>,
) => Promise<void>

export const t0 = 1_700_000_000_000
export const minute = 60_000
export const secret = 'suite-secret-not-a-real-one'
export const hostA = hostKey(secret, 'a.example')
export const hostB = hostKey(secret, 'b.example')
export const hostC = hostKey(secret, 'c.example')

export const account = (key: string, limit: number, windowMs = minute): LimitRule => ({
  name: 'account_fetch',
  key,
  limit,
  windowMs,
})
export const perHost = (acct: string, host: string, limit: number, windowMs = minute): LimitRule => ({
  name: 'target_host',
  key: `${acct}:${host}`,
  limit,
  windowMs,
})
export const globalHost = (host: string, limit: number): LimitRule => ({
  name: 'global_host',
  key: host,
  limit,
  windowMs: minute,
})

export function refused(admission: Admission): Extract<Admission, { admitted: false }> {
  if (admission.admitted) assert.fail(`expected a refusal, got ${JSON.stringify(admission)}`)
  return admission
}
export function admitted(admission: Admission): Extract<Admission, { admitted: true }> {
  if (!admission.admitted) assert.fail(`expected an admission, got ${JSON.stringify(admission)}`)
  return admission
}

/** A small deterministic generator, so a failing run can be replayed. */
export function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}
