import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { mergeRemaining, observationOf, resetTime, retryAfterTime } from './upstream-budget.ts'

const t0 = 1_700_000_000_000

describe('upstream budget: what an answer says', () => {
  it('parses reset and Retry-After forms', () => {
    assert.equal(resetTime('2023-11-14T22:14:20.000Z', t0), t0 + 60_000)
    assert.equal(resetTime(String(t0 / 1000 + 5), t0), t0 + 5_000)
    assert.equal(resetTime('30', t0), t0 + 30_000, 'delta seconds (IETF draft)')
    assert.equal(resetTime('soon', t0), undefined)
    assert.equal(retryAfterTime('7', t0), t0 + 7_000)
    assert.equal(retryAfterTime(new Date(t0 + 9_000).toUTCString(), t0), t0 + 9_000)
  })

  it("reads Mastodon's X-RateLimit-* and Bluesky's RateLimit-*, and ignores a reset in the past", () => {
    const reset = new Date(t0 + 60_000).toISOString()
    assert.deepEqual(observationOf(200, { 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': reset }, t0), {
      remaining: 7,
      resetAt: t0 + 60_000,
    })
    assert.deepEqual(
      observationOf(200, { 'ratelimit-remaining': '0', 'ratelimit-reset': String(t0 / 1000 + 30) }, t0),
      { remaining: 0, resetAt: t0 + 30_000 },
    )
    assert.deepEqual(
      observationOf(
        200,
        { 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': new Date(t0).toISOString() },
        t0,
      ),
      {},
    )
    assert.deepEqual(observationOf(200, { 'x-ratelimit-remaining': 'many' }, t0), {})
  })

  it('holds after a 429 until Retry-After, else the reset, else a minute', () => {
    assert.deepEqual(observationOf(429, { 'retry-after': '12' }, t0), { blockedUntil: t0 + 12_000 })
    const reset = new Date(t0 + 90_000).toISOString()
    assert.deepEqual(observationOf(429, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }, t0), {
      remaining: 0,
      resetAt: t0 + 90_000,
      blockedUntil: t0 + 90_000,
    })
    assert.deepEqual(observationOf(429, {}, t0), { blockedUntil: t0 + 60_000 })
    assert.deepEqual(observationOf(429, { 'retry-after': '0' }, t0), { blockedUntil: t0 + 60_000 })
  })

  it('merges counts: the lower wins within a window, a later window replaces, an expired one is dropped', () => {
    const stored = { remaining: 3, resetAt: t0 + 60_000 }
    assert.deepEqual(mergeRemaining(stored, { remaining: 9, resetAt: t0 + 60_400 }, t0), {
      remaining: 3,
      resetAt: t0 + 60_400,
    })
    assert.deepEqual(mergeRemaining(stored, { remaining: 1, resetAt: t0 + 60_000 }, t0), {
      remaining: 1,
      resetAt: t0 + 60_000,
    })
    assert.deepEqual(mergeRemaining(stored, { remaining: 299, resetAt: t0 + 360_000 }, t0), {
      remaining: 299,
      resetAt: t0 + 360_000,
    })
    assert.deepEqual(mergeRemaining(stored, { remaining: 9, resetAt: t0 + 61_000 }, t0 + 60_000), {
      remaining: 9,
      resetAt: t0 + 61_000,
    })
  })
})
