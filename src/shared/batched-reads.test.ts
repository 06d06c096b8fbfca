import assert from 'node:assert/strict'
import { setImmediate as turn, setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { createBatchedReads } from './batched-reads.ts'

/** Reads over a map, each read's keys recorded; `gate` holds reads until opened. */
function harness(options: { maxBatch?: number; refreshGatherMs?: number } = {}) {
  const stored = new Map<string, number>([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ])
  const reads: string[][] = []
  let failure: Error | undefined
  let gate: Promise<void> | undefined
  const cache = createBatchedReads<number>({
    read: async (keys) => {
      reads.push([...keys])
      const failed = failure
      const values = new Map(keys.map((key) => [key, stored.get(key) ?? new Error(`no ${key}`)]))
      if (gate !== undefined) await gate
      if (failed !== undefined) throw failed
      return values
    },
    ttlMs: 5_000,
    maxEntries: 100,
    // Background refreshes go at the turn's end, as reads with waiters do, unless a test says otherwise.
    refreshGatherMs: 0,
    ...options,
  })
  return {
    cache,
    stored,
    reads,
    fail: (error: Error | undefined) => (failure = error),
    hold: () => {
      let open!: () => void
      gate = new Promise((resolve) => (open = resolve))
      return () => {
        gate = undefined
        open()
      }
    },
  }
}

describe('batched reads', () => {
  it('read every key asked for in one turn with one read, and answer from memory after', async () => {
    const { cache, reads } = harness()
    const values = await Promise.all(['a', 'b', 'c', 'a'].map(async (key) => cache.get(key, 0)))
    assert.deepEqual(values, [1, 2, 3, 1])
    assert.deepEqual(reads, [['a', 'b', 'c']])
    assert.equal(cache.get('b', 2_499), 2, 'a value, not a promise: nothing awaited')
    assert.equal(reads.length, 1)
  })

  it('read a key in use again in the background, answering from memory meanwhile', async () => {
    const { cache, reads, stored } = harness()
    await Promise.all([cache.get('a', 0), cache.get('b', 0)])
    stored.set('a', 10)
    stored.set('b', 20)
    assert.equal(cache.get('a', 2_500), 1, 'half the time gone: still answered from memory')
    assert.equal(cache.get('b', 2_600), 2)
    await turn()
    assert.deepEqual(reads[1], ['a', 'b'], 'both refreshed in one read')
    assert.equal(cache.get('a', 2_700), 10)
    assert.equal(cache.get('b', 7_499), 20, 'the refresh counts from when it was asked for')
    assert.ok(cache.get('b', 7_500) instanceof Promise, 'past its time: waits')
  })

  it('gather background refreshes, and send them at once when a request waits on a key', async () => {
    // Long enough that no pause of a loaded machine between two turns sends the batch early.
    const { cache, reads } = harness({ refreshGatherMs: 500 })
    await Promise.all([cache.get('a', 0), cache.get('b', 0)])
    assert.equal(reads.length, 1, 'a key with no value is read at the end of the turn')
    assert.equal(cache.get('a', 2_500), 1)
    await turn()
    assert.equal(cache.get('b', 2_510), 2)
    await turn()
    assert.equal(reads.length, 1, 'the refresh waits for more keys')
    await sleep(700)
    assert.deepEqual(reads[1], ['a', 'b'], 'the keys that fell due meanwhile, in one read')
    // A refresh gathering, then a request for a key with no value: both go at this turn's end.
    assert.equal(cache.get('a', 5_100), 1)
    const c = cache.get('c', 5_100)
    assert.ok(c instanceof Promise)
    await turn()
    assert.deepEqual(reads[2], ['a', 'c'])
    assert.equal(await c, 3)
  })

  it('never answer past the time: a refresh that failed leaves the value to expire, then waits', async () => {
    const { cache, reads, fail } = harness()
    await cache.get('a', 0)
    fail(new Error('database is away'))
    assert.equal(cache.get('a', 3_000), 1)
    await turn()
    assert.equal(reads.length, 2)
    assert.equal(cache.get('a', 4_999), 1, 'still within its time')
    await turn()
    await assert.rejects(async () => cache.get('a', 5_000), /database is away/)
    fail(undefined)
    assert.equal(await cache.get('a', 5_001), 1, 'a failed read is not remembered')
  })

  it('reject only the waiters of a key the read answers with an error', async () => {
    const { cache } = harness()
    const [a, missing] = await Promise.allSettled([cache.get('a', 0), cache.get('zz', 0)])
    assert.deepEqual(a, { status: 'fulfilled', value: 1 })
    assert.equal(missing.status, 'rejected')
    assert.match(String(missing.reason), /no zz/)
  })

  it('hold one read at a time: keys asked for meanwhile go in the next, waiters of a running key join it', async () => {
    const { cache, reads, hold } = harness()
    const open = hold()
    const first = cache.get('a', 0)
    await turn()
    const joined = cache.get('a', 1)
    const next = cache.get('b', 1)
    await turn()
    assert.deepEqual(reads, [['a']], 'the second read waits for the first')
    open()
    assert.deepEqual(await Promise.all([first, joined, next]), [1, 1, 2])
    assert.deepEqual(reads, [['a'], ['b']])
  })

  it('split a batch into reads of at most maxBatch keys', async () => {
    const { cache, reads } = harness({ maxBatch: 2 })
    assert.deepEqual(await Promise.all(['a', 'b', 'c'].map(async (key) => cache.get(key, 0))), [1, 2, 3])
    assert.deepEqual(reads, [['a', 'b'], ['c']])
  })

  it('do not keep what a read on its way when the key was forgotten brings', async () => {
    const { cache, reads, stored, hold } = harness()
    await cache.get('a', 0)
    const open = hold()
    const waiting = cache.get('a', 6_000)
    await turn()
    stored.set('a', 100)
    cache.forget('a')
    open()
    assert.equal(await waiting, 1, 'its waiters get what it read')
    assert.equal(await cache.get('a', 6_001), 100, 'read again, not the value read before the change')
    assert.equal(reads.length, 3)
  })
})
