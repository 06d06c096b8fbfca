import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createKeyCache, type KeyCacheEntry } from './key-cache.ts'

function entry(accountId: string, expiresAt = 1_000): KeyCacheEntry {
  return {
    principal: { accountId, keyId: `key_${accountId}`, scopes: ['proxy'] },
    expiresAt,
    lastUsedAt: null,
  }
}

describe('key cache', () => {
  it('answers an entry until its time to live is over, then forgets it', () => {
    const cache = createKeyCache({ maxEntries: 4, ttlMs: 1_000 })
    cache.set('a', entry('a', 1_000))
    assert.equal(cache.get('a', 999)?.principal.accountId, 'a')
    assert.equal(cache.get('a', 1_000), undefined)
    assert.equal(cache.size, 0)
    assert.equal(cache.get('a', 0), undefined)
  })

  it('never holds more than its size, evicting the least recently inserted first', () => {
    const cache = createKeyCache({ maxEntries: 3, ttlMs: 1_000 })
    for (const digest of ['a', 'b', 'c', 'd']) cache.set(digest, entry(digest))
    assert.equal(cache.size, 3)
    assert.equal(cache.get('a', 0), undefined)
    assert.deepEqual(
      ['b', 'c', 'd'].map((digest) => cache.get(digest, 0)?.principal.accountId),
      ['b', 'c', 'd'],
    )
  })

  it('keeps a key in use: it outlives at least half the cache size of new keys after each use', () => {
    const maxEntries = 100
    const cache = createKeyCache({ maxEntries, ttlMs: 1_000 })
    cache.set('hot', entry('hot'))
    // Ten times the cache's size of other keys, the hot key used between every two of them.
    for (let i = 0; i < 10 * maxEntries; i++) {
      cache.set(`cold ${i}`, entry(`cold ${i}`))
      assert.equal(cache.get('hot', 0)?.principal.accountId, 'hot', `evicted after ${i + 1} other keys`)
      assert.ok(cache.size <= maxEntries)
    }
    // A key not used since is gone once the cache's size of others came in after it.
    const last = 10 * maxEntries - 1
    for (let i = 0; i < maxEntries; i++) cache.set(`later ${i}`, entry(`later ${i}`))
    assert.equal(cache.get(`cold ${last}`, 0), undefined)
  })

  it('keeps a key used rarely but within half the cache size of new keys', () => {
    const maxEntries = 10
    const cache = createKeyCache({ maxEntries, ttlMs: 1_000 })
    cache.set('warm', entry('warm'))
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < maxEntries / 2; i++) cache.set(`k ${round} ${i}`, entry('k'))
      assert.ok(cache.get('warm', 0) !== undefined, `evicted in round ${round}`)
    }
  })

  it('set replaces an entry and delete removes it', () => {
    const cache = createKeyCache({ maxEntries: 2, ttlMs: 1_000 })
    cache.set('a', entry('first'))
    cache.set('a', entry('second'))
    assert.equal(cache.size, 1)
    assert.equal(cache.get('a', 0)?.principal.accountId, 'second')
    cache.delete('a')
    assert.equal(cache.get('a', 0), undefined)
    assert.equal(cache.size, 0)
  })
})
