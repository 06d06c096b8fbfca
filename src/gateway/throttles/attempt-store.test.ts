import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { attemptKey, secondsUntilFree } from './attempt-store.ts'

describe('secondsUntilFree', () => {
  it('is when the oldest event leaves the window, rounded up, at least 1', () => {
    assert.equal(secondsUntilFree({ count: 5, oldest: 0 }, 60_000, 30_500), 30)
    assert.equal(secondsUntilFree({ count: 5, oldest: 0 }, 60_000, 59_999), 1)
    assert.equal(secondsUntilFree({ count: 5, oldest: 0 }, 60_000, 70_000), 1)
  })
})

describe('attemptKey', () => {
  it('is a digest: no address or e-mail in a counter key', () => {
    const key = attemptKey('sign-in pair', 'ann@example.com', '198.51.100.7')
    assert.match(key, /^[0-9a-f]{40}$/)
    assert.notEqual(key, attemptKey('sign-in pair', 'ann@example.com', '198.51.100.8'))
  })
})
