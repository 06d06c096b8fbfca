/** One suite for both twins of the attempt store (STYLE: both twins pass the same test suite). */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { attemptKey, type AttemptStore } from './attempt-store.ts'

export function attemptStoreSuite(
  name: string,
  open: () => Promise<{ store: AttemptStore; close: () => Promise<void> }>,
) {
  describe(`attempt store: ${name}`, () => {
    it('counts events in the window and reports the oldest', async (t) => {
      const { store, close } = await open()
      t.after(close)
      const key = attemptKey('test', 'a')
      await store.add(key, 1_000)
      await store.add(key, 2_000)
      await store.add(key, 3_000)
      assert.deepEqual(await store.window(key, 0), { count: 3, oldest: 1_000 })
      assert.deepEqual(await store.window(key, 1_500), { count: 2, oldest: 2_000 })
      assert.deepEqual(await store.window(key, 5_000), { count: 0, oldest: undefined })
    })

    it('keeps keys apart, clears one key, and prunes old events of every key', async (t) => {
      const { store, close } = await open()
      t.after(close)
      const a = attemptKey('test', 'a')
      const b = attemptKey('test', 'b')
      await store.add(a, 1_000)
      await store.add(b, 1_000)
      await store.add(b, 9_000)
      await store.clear(a)
      assert.equal((await store.window(a, 0)).count, 0)
      assert.equal((await store.window(b, 0)).count, 2)
      await store.prune(5_000)
      assert.deepEqual(await store.window(b, 0), { count: 1, oldest: 9_000 })
    })

    it('removes one event by its id and leaves the others', async (t) => {
      const { store, close } = await open()
      t.after(close)
      const key = attemptKey('test', 'remove')
      const other = attemptKey('test', 'other')
      const first = await store.add(key, 1_000)
      const second = await store.add(key, 1_000)
      assert.notEqual(first, second)
      await store.add(other, 1_000)
      await store.remove(key, first)
      await store.remove(other, second)
      assert.deepEqual(await store.window(key, 0), { count: 1, oldest: 1_000 })
      assert.equal((await store.window(other, 0)).count, 1)
      await store.remove(key, second)
      assert.equal((await store.window(key, 0)).count, 0)
    })

    it('counts two events at the same millisecond twice', async (t) => {
      const { store, close } = await open()
      t.after(close)
      const key = attemptKey('test', 'same')
      await Promise.all([store.add(key, 7), store.add(key, 7)])
      assert.equal((await store.window(key, 0)).count, 2)
    })
  })
}
