/**
 * The behaviour both admission stores must show (SPEC 8, DESIGN 6), run by memory-admission-store.test.ts
 * and test/integration/rate-limits/redis-admission-store.test.ts. Time is an injected clock throughout.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { AdmissionRequest } from '../../src/gateway/rate-limits/admission.ts'
import { runAdmissionKeyTests } from './admission-key-suite.ts'
import { runAdmissionRuleTests } from './admission-rules-suite.ts'
import {
  account,
  admitted,
  minute,
  random,
  refused,
  t0,
  testClock,
  perHost,
  hostA,
  hostB,
  type MakeAdmissionStore,
  type WithStore,
} from './admission-store-fixtures.ts'

export { testClock, type AdmissionStoreHarness, type MakeAdmissionStore } from './admission-store-fixtures.ts'

export function runAdmissionStoreSuite(name: string, makeStore: MakeAdmissionStore): void {
  const withStore: WithStore = async (fn) => {
    const clock = testClock(t0)
    const harness = await makeStore(clock)
    try {
      await fn(harness.open(), clock, harness)
    } finally {
      await harness.dispose()
    }
  }

  describe(name, () => {
    test('exactly N are admitted in a window and the N+1th is refused', () =>
      withStore(async (store, clock) => {
        for (let i = 0; i < 120; i++) {
          const answer = admitted(await store.admit({ rules: [account('{acct_a}', 120)] }))
          assert.deepEqual(answer.states, [
            { name: 'account_fetch', limit: 120, remaining: 119 - i, resetMs: minute - i * 100 },
          ])
          clock.advance(100)
        }
        const answer = refused(await store.admit({ rules: [account('{acct_a}', 120)] }))
        assert.equal(answer.reason, 'rate_limited')
        assert.equal(answer.retryAfterMs, minute - 12_000)
        assert.deepEqual(answer.states, [
          { name: 'account_fetch', limit: 120, remaining: 0, resetMs: minute - 12_000 },
        ])
      }))

    test('an entry exactly windowMs old has left the window; one ms younger has not', () =>
      withStore(async (store) => {
        const at = (now: number): AdmissionRequest => ({ rules: [account('{acct_a}', 2)], now })
        admitted(await store.admit(at(t0)))
        admitted(await store.admit(at(t0 + 1)))
        assert.equal(refused(await store.admit(at(t0 + minute - 1))).retryAfterMs, 1)
        const edge = admitted(await store.admit(at(t0 + minute)))
        assert.deepEqual(edge.states[0], { name: 'account_fetch', limit: 2, remaining: 0, resetMs: 1 })
        assert.equal(refused(await store.admit(at(t0 + minute))).retryAfterMs, 1)
        admitted(await store.admit(at(t0 + minute + 1)))
      }))

    test('a burst at the end of one minute and the start of the next cannot pass N in 60 s', () =>
      withStore(async (store) => {
        const boundary = Math.ceil(t0 / minute) * minute + minute
        for (let i = 0; i < 120; i++) {
          admitted(await store.admit({ rules: [account('{acct_a}', 120)], now: boundary - 1000 + i * 8 }))
        }
        for (let i = 0; i < 120; i++) {
          const answer = refused(
            await store.admit({ rules: [account('{acct_a}', 120)], now: boundary + i * 8 }),
          )
          assert.equal(answer.retryAfterMs, minute - 1000 - i * 8)
        }
      }))

    test('random arrivals: never more than N in any window, and every refusal had a full window', () =>
      withStore(async (store) => {
        const limit = 10
        const windowMs = 10_000
        const next = random(7)
        const times: number[] = []
        let now = t0
        for (let i = 0; i < 1500; i++) {
          now += Math.floor(next() * 400)
          const answer = await store.admit({ rules: [account('{acct_a}', limit, windowMs)], now })
          const inWindow = times.filter((at) => at > now - windowMs)
          if (answer.admitted) {
            assert.ok(inWindow.length < limit)
            times.push(now)
          } else {
            assert.equal(inWindow.length, limit, 'refused with room in the window')
            assert.equal(answer.retryAfterMs, inWindow[0]! + windowMs - now)
          }
        }
        for (const start of times) {
          assert.ok(times.filter((at) => at >= start && at < start + windowMs).length <= limit)
        }
      }))

    test('Retry-After is the latest moment among the refusing rules', () =>
      withStore(async (store, clock) => {
        const rules = (host: string) => [account('{acct_a}', 2, 10_000), perHost('{acct_a}', host, 1)]
        admitted(await store.admit({ rules: rules(hostA) }))
        clock.advance(1000)
        admitted(await store.admit({ rules: rules(hostB) }))
        clock.advance(1000)
        const both = refused(await store.admit({ rules: rules(hostA) }))
        assert.equal(both.reason, 'rate_limited')
        assert.equal(both.retryAfterMs, minute - 2000)
        clock.set(t0 + 10_000)
        const hostOnly = refused(await store.admit({ rules: rules(hostA) }))
        assert.equal(hostOnly.reason, 'target_rate_limited')
        assert.equal(hostOnly.retryAfterMs, minute - 10_000)
      }))

    test('after a limit is lowered, Retry-After waits for enough entries to leave, not just the oldest', () =>
      withStore(async (store, clock) => {
        for (let i = 0; i < 3; i++) {
          admitted(await store.admit({ rules: [account('{acct_a}', 3)] }))
          clock.advance(100)
        }
        const lowered = refused(await store.admit({ rules: [account('{acct_a}', 2)] }))
        assert.equal(lowered.retryAfterMs, minute - 200)
        assert.deepEqual(lowered.states[0], {
          name: 'account_fetch',
          limit: 2,
          remaining: 0,
          resetMs: minute - 200,
        })
        clock.set(t0 + 100 + minute)
        admitted(await store.admit({ rules: [account('{acct_a}', 2)] }))
      }))

    runAdmissionRuleTests(withStore)
    runAdmissionKeyTests(withStore)
  })
}
