/**
 * The admission store suite's tests of rules working together: hosts, the global ceiling, in-flight slots,
 * quotas, refunds, privacy and the fetch admission of SPEC 8. Run inside runAdmissionStoreSuite.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fetchAdmission, hostKey, type AdmissionRequest } from '../../src/gateway/rate-limits/admission.ts'
import {
  account,
  admitted,
  globalHost,
  hostA,
  hostB,
  hostC,
  minute,
  perHost,
  refused,
  secret,
  t0,
  type WithStore,
} from './admission-store-fixtures.ts'

export function runAdmissionRuleTests(withStore: WithStore): void {
  test('one host exhausted leaves another open, and the account budget is shared across hosts', () =>
    withStore(async (store) => {
      const rules = (host: string) => [account('{acct_a}', 5), perHost('{acct_a}', host, 3)]
      for (let i = 0; i < 3; i++) admitted(await store.admit({ rules: rules(hostA) }))
      assert.equal(refused(await store.admit({ rules: rules(hostA) })).reason, 'target_rate_limited')
      admitted(await store.admit({ rules: rules(hostB) }))
      admitted(await store.admit({ rules: rules(hostB) }))
      assert.equal(refused(await store.admit({ rules: rules(hostB) })).reason, 'rate_limited')
      assert.equal(refused(await store.admit({ rules: rules(hostC) })).reason, 'rate_limited')
      admitted(await store.admit({ rules: [account('{acct_b}', 5), perHost('{acct_b}', hostA, 3)] }))
    }))

  test('a refused request records nothing in any rule, slot or quota', () =>
    withStore(async (store) => {
      const request = (host: string): AdmissionRequest => ({
        rules: [account('{acct_a}', 10), perHost('{acct_a}', host, 1)],
        inFlight: { key: '{acct_a}', limit: 2, leaseMs: minute },
        quota: { key: '{acct_a}', limit: 100, amount: 1 },
      })
      admitted(await store.admit(request(hostA)))
      for (let i = 0; i < 5; i++) refused(await store.admit(request(hostA)))
      const second = admitted(await store.admit(request(hostB)))
      assert.equal(second.states[0]!.remaining, 8)
      assert.equal(await store.quotaUsed('{acct_a}'), 2)
      assert.equal(refused(await store.admit(request(hostC))).reason, 'in_flight')

      await store.admit({ rules: [], quota: { key: '{acct_q}', limit: 1, amount: 1 } })
      const trialOver = refused(
        await store.admit({
          rules: [account('{acct_q}', 10)],
          quota: { key: '{acct_q}', limit: 1, amount: 1 },
        }),
      )
      assert.deepEqual([trialOver.reason, trialOver.retryAfterMs], ['quota_exhausted', 0])
      assert.equal(trialOver.states[0]!.remaining, 10)
      assert.equal(admitted(await store.admit({ rules: [account('{acct_q}', 10)] })).states[0]!.remaining, 9)
    }))

  test('the global per-host ceiling is shared by every account', () =>
    withStore(async (store) => {
      let count = 0
      for (const acct of ['{acct_a}', '{acct_b}', '{acct_c}']) {
        for (let i = 0; i < 3; i++) {
          const rules = [account(acct, 120), perHost(acct, hostA, 60), globalHost(hostA, 5)]
          const answer = await store.admit({ rules })
          if (answer.admitted) count++
          else assert.equal(answer.reason, 'target_rate_limited')
        }
      }
      assert.equal(count, 5)
      admitted(await store.admit({ rules: [account('{acct_c}', 120), globalHost(hostB, 5)] }))
    }))

  test('a full global per-host ceiling dates Retry-After by its oldest entry; with room it dates nothing', () =>
    withStore(async (store, clock) => {
      const rules = (acct: string) => [account(acct, 120), globalHost(hostC, 2)]
      const first = admitted(await store.admit({ rules: rules('{acct_a}') }))
      assert.deepEqual(first.states[1], { name: 'global_host', limit: 2, remaining: 1, resetMs: minute })
      clock.advance(1_000)
      const second = admitted(await store.admit({ rules: rules('{acct_b}') }))
      // The ceiling, which no RateLimit field reports, had room: its state is the whole window, whatever its
      // log holds (a store need not read its oldest entry then). A rule that is reported is dated (below).
      assert.deepEqual(second.states[1], { name: 'global_host', limit: 2, remaining: 0, resetMs: minute })
      clock.advance(1_000)
      const third = refused(await store.admit({ rules: rules('{acct_a}') }))
      assert.equal(third.reason, 'target_rate_limited')
      assert.equal(third.retryAfterMs, minute - 2_000)
      assert.deepEqual(third.states[0], {
        name: 'account_fetch',
        limit: 120,
        remaining: 119,
        resetMs: minute - 2_000,
      })
      assert.deepEqual(third.states[1], {
        name: 'global_host',
        limit: 2,
        remaining: 0,
        resetMs: minute - 2_000,
      })
    }))

  test('the in-flight cap holds until a release or the lease expires', () =>
    withStore(async (store, clock) => {
      const request = { rules: [], inFlight: { key: '{acct_a}', limit: 2, leaseMs: 30_000 } }
      const first = admitted(await store.admit(request))
      clock.advance(1000)
      const second = admitted(await store.admit(request))
      assert.ok(first.inFlightToken !== undefined && second.inFlightToken !== undefined)
      assert.notEqual(first.inFlightToken, second.inFlightToken)
      const full = refused(await store.admit(request))
      assert.deepEqual([full.reason, full.retryAfterMs], ['in_flight', 1000])

      await store.release('{acct_a}', 'not-a-token')
      await store.release('{acct_b}', first.inFlightToken)
      refused(await store.admit(request))
      await store.release('{acct_a}', first.inFlightToken)
      await store.release('{acct_a}', first.inFlightToken)
      const third = admitted(await store.admit(request))
      refused(await store.admit(request))

      // The second lease (taken at t0 + 1 s) expires at t0 + 31 s: a crashed gateway leaks nothing for good.
      clock.set(t0 + 30_600)
      assert.equal(refused(await store.admit(request)).retryAfterMs, 400)
      clock.set(t0 + 31_000)
      admitted(await store.admit(request))
      await store.release('{acct_a}', third.inFlightToken!)
    }))

  test('leases of different lengths each expire at their own time, whatever the order they were taken in', () =>
    withStore(async (store, clock) => {
      const lease = (leaseMs: number) => ({ rules: [], inFlight: { key: '{acct_a}', limit: 2, leaseMs } })
      admitted(await store.admit(lease(60_000)))
      clock.advance(1000)
      admitted(await store.admit(lease(5_000)))
      refused(await store.admit(lease(5_000)))
      clock.set(t0 + 5_999)
      refused(await store.admit(lease(60_000)))
      // The short lease, taken after the long one, has expired: its slot is free.
      clock.set(t0 + 6_000)
      const third = admitted(await store.admit(lease(60_000)))
      refused(await store.admit(lease(10_000)))
      // A release of the lease that would have expired next, then a shorter one taken.
      await store.release('{acct_a}', third.inFlightToken!)
      admitted(await store.admit(lease(10_000)))
      clock.set(t0 + 15_999)
      refused(await store.admit(lease(10_000)))
      clock.set(t0 + 16_000)
      admitted(await store.admit(lease(10_000)))
      refused(await store.admit(lease(10_000)))
      clock.set(t0 + 60_000)
      admitted(await store.admit(lease(10_000)))
    }))

  test('at 995 of 1,000 used, 50 concurrent admissions admit exactly 5', () =>
    withStore(async (store, _clock, harness) => {
      const request = (): AdmissionRequest => ({
        rules: [account('{acct_a}', 10_000)],
        quota: { key: '{acct_a}', limit: 1000, amount: 1 },
      })
      for (let i = 0; i < 995; i++) admitted(await store.admit(request()))
      assert.equal(await store.quotaUsed('{acct_a}'), 995)
      const stores = [store, harness.open(), harness.open(), harness.open(), harness.open()]
      const answers = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => stores[i % 5]!.admit(request())),
      )
      assert.equal(answers.filter((answer) => answer.admitted).length, 5)
      for (const answer of answers.filter((item) => !item.admitted)) {
        assert.equal(refused(answer).reason, 'quota_exhausted')
      }
      assert.equal(await store.quotaUsed('{acct_a}'), 1000)
      assert.equal(
        admitted(await store.admit({ rules: [account('{acct_a}', 10_000)] })).states[0]!.remaining,
        10_000 - 1001,
      )
    }))

  test('a quota counts from at least its floor: a lost counter does not grant the allowance again', () =>
    withStore(async (store, _clock, harness) => {
      // A fresh counter (a restarted process, a Redis that kept nothing) with 998 in the ledger: 2 left.
      const request = (floor: number): AdmissionRequest => ({
        rules: [],
        quota: { key: '{acct_a}', limit: 1000, amount: 1, floor },
      })
      assert.equal(await store.quotaUsed('{acct_a}'), 0)
      admitted(await store.admit(request(998)))
      assert.equal(await store.quotaUsed('{acct_a}'), 999)
      // A floor read a little earlier (cached, lower) never lowers what the counter holds.
      admitted(await harness.open().admit(request(990)))
      assert.equal(refused(await store.admit(request(998))).reason, 'quota_exhausted')
      assert.equal(refused(await store.admit(request(0))).reason, 'quota_exhausted')
      assert.equal(await store.quotaUsed('{acct_a}'), 1000)
      // A floor at the limit refuses even a counter that never saw the account.
      assert.equal(
        refused(
          await store.admit({ rules: [], quota: { key: '{acct_b}', limit: 1000, amount: 1, floor: 1000 } }),
        ).reason,
        'quota_exhausted',
      )
      assert.equal(await store.quotaUsed('{acct_b}'), 0)
    }))

  test('a refund gives one request back and never goes below zero', () =>
    withStore(async (store) => {
      const request = { rules: [], quota: { key: '{acct_a}', limit: 2, amount: 1 as const } }
      admitted(await store.admit(request))
      admitted(await store.admit(request))
      refused(await store.admit(request))
      await store.refundQuota('{acct_a}')
      assert.equal(await store.quotaUsed('{acct_a}'), 1)
      admitted(await store.admit(request))
      for (let i = 0; i < 4; i++) await store.refundQuota('{acct_a}')
      assert.equal(await store.quotaUsed('{acct_a}'), 0)
      await store.refundQuota('acct_never_seen')
      assert.equal(await store.quotaUsed('acct_never_seen'), 0)
    }))

  test('host rules take keyed hashes only, and no host name reaches the store', () =>
    withStore(async (store, _clock, harness) => {
      const host = 'marker-7f3a.example'
      for (const rule of [globalHost(host, 5), perHost('{acct_a}', host, 5), globalHost('localhost', 5)]) {
        // A failure is a rejection, never a throw (ADR 0031).
        const refused = store.admit({ rules: [rule] })
        assert.ok(refused instanceof Promise)
        await assert.rejects(refused, (error: unknown) => {
          assert.ok(error instanceof TypeError)
          assert.ok(!error.message.includes(host))
          return true
        })
      }
      for (let i = 0; i < 3; i++) {
        const answer = admitted(
          await store.admit(
            fetchAdmission({ accountId: 'acct_a', hostKey: hostKey(secret, host), trial: true }),
          ),
        )
        assert.equal(answer.states.length, 3)
        await store.release('{acct_a}', answer.inFlightToken!)
      }
      const contents = await harness.contents()
      assert.ok(contents.length > 0)
      for (const item of contents) {
        assert.ok(!item.includes('marker') && !item.includes('example'), `found a host name in ${item}`)
      }
    }))

  test('malformed requests are programming errors', () =>
    withStore(async (store) => {
      const bad: AdmissionRequest[] = [
        { rules: [account('{acct_a}', 0)] },
        { rules: [account('{acct_a}', 1, 0)] },
        { rules: [account('{acct_a}', 1.5)] },
        { rules: [account('{acct_a}', 1), account('{acct_a}', 2)] },
        { rules: [account('', 1)] },
        { rules: [], now: -1 },
        { rules: [], inFlight: { key: '{acct_a}', limit: 0, leaseMs: 1 } },
        { rules: [], quota: { key: '{acct_a}', limit: -1, amount: 1 } },
        { rules: [], quota: { key: '{acct_a}', limit: 1, amount: 1, floor: -1 } },
        { rules: [], quota: { key: '{acct_a}', limit: 1, amount: 1, floor: 0.5 } },
      ]
      for (const request of bad) {
        const refused = store.admit(request)
        assert.ok(refused instanceof Promise, 'a failure is a rejection, never a throw')
        await assert.rejects(refused, TypeError)
      }
    }))

  test('the fetch admission of SPEC 8: 60 per host, 120 per account, 20 in flight', () =>
    withStore(async (store, clock) => {
      const fetch = (host: string) => fetchAdmission({ accountId: 'acct_a', hostKey: host })
      const count = async (host: string, attempts: number) => {
        let admittedCount = 0
        for (let i = 0; i < attempts; i++) {
          const answer = await store.admit(fetch(host))
          if (answer.admitted) {
            admittedCount++
            await store.release('{acct_a}', answer.inFlightToken!)
          }
          clock.advance(10)
        }
        return admittedCount
      }
      assert.equal(await count(hostA, 70), 60)
      assert.equal(await count(hostB, 70), 60)
      const last = refused(await store.admit(fetch(hostC)))
      assert.equal(last.reason, 'rate_limited')
      assert.deepEqual(
        last.states.map((state) => [state.name, state.limit, state.remaining]),
        [
          ['account_fetch', 120, 0],
          ['target_host', 60, 60],
          ['global_host', 600, 600],
        ],
      )
      const open = await Promise.all(Array.from({ length: 25 }, async () => store.admit(fetch(hostA))))
      assert.equal(open.filter((answer) => answer.admitted).length, 0)
      clock.advance(minute)
      const concurrent = await Promise.all(
        Array.from({ length: 25 }, async (_, i) => store.admit(fetch(i % 2 ? hostA : hostB))),
      )
      assert.equal(concurrent.filter((answer) => answer.admitted).length, 20)
      assert.ok(
        concurrent
          .filter((answer) => !answer.admitted)
          .every((answer) => refused(answer).reason === 'in_flight'),
      )
    }))
}
