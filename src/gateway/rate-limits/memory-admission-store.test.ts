import assert from 'node:assert/strict'
import { test } from 'node:test'
import { runAdmissionStoreSuite, testClock } from '../../../test/suites/admission-store-suite.ts'
import { hostKey, keyStateTtlMs, revocationMarkerMinMs } from './admission.ts'
import { createMemoryAdmissionStore } from './memory-admission-store.ts'

runAdmissionStoreSuite('memory admission store', async (clock) => {
  const store = createMemoryAdmissionStore({ clock })
  return {
    open: () => store,
    contents: async () => store.keys(),
    dispose: () => store.close(),
  }
})

test('memory stays bounded: logs nobody touches again are swept once their window has passed', async () => {
  const clock = testClock(1_700_000_000_000)
  const store = createMemoryAdmissionStore({ clock })
  for (let i = 0; i < 5000; i++) {
    const host = hostKey('secret', `host-${i}.example`)
    await store.admit({ rules: [{ name: 'global_host', key: host, limit: 10, windowMs: 60_000 }] })
  }
  assert.equal(store.keys().length, 5000)
  clock.advance(60_000)
  for (let i = 0; i < 5000; i++) {
    await store.admit({
      rules: [{ name: 'account_fetch', key: '{acct_a}', limit: 100_000, windowMs: 60_000 }],
    })
  }
  assert.deepEqual(store.keys(), ['account_fetch:{acct_a}'])
  await store.close()
})

test('memory stays bounded: refusals create no keys and a pruned-empty log is dropped', async () => {
  const clock = testClock(1_700_000_000_000)
  const store = createMemoryAdmissionStore({ clock })
  const rule = { name: 'account_fetch' as const, key: 'acct_a', limit: 1, windowMs: 1000 }
  await store.admit({ rules: [rule] })
  for (let i = 0; i < 100; i++) {
    const answer = await store.admit({ rules: [rule, { ...rule, key: `acct_${i}` }] })
    assert.equal(answer.admitted, false)
  }
  assert.deepEqual(store.keys(), ['account_fetch:acct_a'])
  clock.advance(1000)
  await store.admit({ rules: [rule], quota: { key: 'acct_a', limit: 0, amount: 1 } })
  assert.deepEqual(store.keys(), [])
  await store.close()
})

test('a log stays sorted when the clock steps back', async () => {
  const clock = testClock(1_700_000_000_000)
  const store = createMemoryAdmissionStore({ clock })
  const rule = { name: 'account_fetch' as const, key: 'acct_a', limit: 3, windowMs: 1000 }
  await store.admit({ rules: [rule], now: clock.now() + 500 })
  // Decided in memory: the answer itself, not a promise (ADR 0031).
  const second = store.admit({ rules: [rule] })
  assert.ok(!(second instanceof Promise))
  assert.equal(second.admitted, true)
  const third = await store.admit({ rules: [rule], now: clock.now() + 100 })
  assert.deepEqual(third.states[0], { name: 'account_fetch', limit: 3, remaining: 0, resetMs: 900 })
  await store.close()
  // A failure is a rejection, never a throw (ADR 0031).
  const refused = store.admit({ rules: [rule] })
  assert.ok(refused instanceof Promise)
  await assert.rejects(refused, /closed/)
})

test('key state is bounded: it expires with its epoch, and a revocation keeps it at least the marker time', async () => {
  const clock = testClock(1_700_000_000_000)
  const store = createMemoryAdmissionStore({ clock })
  const rules = [{ name: 'account_general' as const, key: '{acct_a}', limit: 100, windowMs: 60_000 }]
  const epoch = await store.keyEpoch('{acct_a}')
  const key = { scope: '{acct_a}', keyId: 'key_1', epoch }
  assert.equal((await store.admit({ rules, key })).admitted, true)
  clock.advance(keyStateTtlMs)
  // The epoch left with the state: the cache entry is sent to the database, never admitted on its own.
  const expired = await store.admit({ rules, key })
  assert.equal(expired.admitted === false && expired.reason, 'key_unconfirmed')
  assert.ok(!store.keys().includes('keys:{acct_a}'))

  const renewed = { ...key, epoch: await store.keyEpoch('{acct_a}') }
  clock.advance(keyStateTtlMs - 1_000)
  await store.markRevoked('{acct_a}', 'key_1')
  clock.advance(revocationMarkerMinMs - 1)
  const refused = await store.admit({ rules, key: renewed })
  assert.equal(refused.admitted === false && refused.reason, 'key_revoked')
  clock.advance(1)
  assert.equal((await store.admit({ rules, key: renewed })).admitted === false, true)
  assert.ok(!store.keys().includes('keys:{acct_a}'))
})
