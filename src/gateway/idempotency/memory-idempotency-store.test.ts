import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { idempotencyFingerprint } from './idempotency-key.ts'
import {
  manualClock,
  memoryTwinContents,
  runIdempotencyStoreSuite,
} from '../../../test/suites/idempotency-store-suite.ts'
import { createMemoryIdempotencyStore } from './memory-idempotency-store.ts'

runIdempotencyStoreSuite('memory idempotency store', async (setup) => {
  const store = createMemoryIdempotencyStore({ ...setup, sweepIntervalMs: 0 })
  return {
    // One process, one Map: every "connection" is the same store.
    stores: [store, store, store],
    ...memoryTwinContents(store),
    close: () => store.close(),
  }
})

describe('memory idempotency store, in-process specifics', () => {
  const fingerprint = idempotencyFingerprint('https://a.example/', undefined)

  it('sweeps expired entries on its timer, without anyone reading them', async () => {
    const clock = manualClock()
    const store = createMemoryIdempotencyStore({ leaseMs: 1_000, clock, sweepIntervalMs: 5 })
    try {
      await store.begin('acct_a', 'k', fingerprint, clock.now())
      await sleep(30)
      assert.equal(store.entries().size, 1, 'a live claim is kept')
      clock.advance(1_000)
      await sleep(30)
      assert.equal(store.entries().size, 0)
    } finally {
      await store.close()
    }
  })

  it('stores its own copy of the body: later changes to the caller buffer do not reach a replay', async () => {
    const clock = manualClock()
    const store = createMemoryIdempotencyStore({ clock, sweepIntervalMs: 0 })
    const begun = await store.begin('acct_a', 'k', fingerprint, clock.now())
    assert.equal(begun.kind, 'claimed')
    const body = Buffer.from('{"result":"abc"}')
    if (begun.kind === 'claimed') {
      await store.complete('acct_a', 'k', begun.token, { status: 200, headers: {}, body }, clock.now())
    }
    body.fill(0)
    const replay = await store.begin('acct_a', 'k', fingerprint, clock.now())
    assert.equal(replay.kind === 'replay' && replay.response.body.toString(), '{"result":"abc"}')
  })

  it('refuses nonsense durations', () => {
    assert.throws(() => createMemoryIdempotencyStore({ leaseMs: 0 }), RangeError)
    assert.throws(() => createMemoryIdempotencyStore({ retentionMs: 1.5 }), RangeError)
  })
})
