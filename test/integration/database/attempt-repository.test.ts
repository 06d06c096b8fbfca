import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { attemptKey } from '../../../src/gateway/throttles/attempt-store.ts'
import { attemptStoreSuite } from '../../../src/gateway/throttles/attempt-store.suite.ts'
import { createAttemptRepository } from '../../../src/gateway/throttles/attempt-repository.ts'
import { forEachDialect } from '../../helpers/databases.ts'

forEachDialect((name, openDb) => {
  // The same suite the memory twin passes.
  attemptStoreSuite(name, async () => {
    const database = await openDb()
    return { store: createAttemptRepository(database.db), close: database.close }
  })

  describe(`attempt repository (${name})`, () => {
    it('counts every event that several gateways record at once, with epoch-ms times', async (t) => {
      const { db, openPeer, close } = await openDb()
      t.after(close)
      const gateways = [createAttemptRepository(db), createAttemptRepository(openPeer())]
      const key = attemptKey('sign-in', 'ann@example.com')
      const at = 1_767_225_600_000
      await Promise.all(Array.from({ length: 40 }, (_, i) => gateways[i % 2]!.add(key, at + (i % 5))))
      assert.deepEqual(await gateways[1]!.window(key, at - 1), { count: 40, oldest: at })
      assert.deepEqual(await gateways[0]!.window(key, at + 2), { count: 16, oldest: at + 3 })
    })
  })
})
