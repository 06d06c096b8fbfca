/** The database twin of the attempt store: one row per event, (key, at) indexed. */
import { randomBytes } from 'node:crypto'
import type { Database } from '../../infra/database/database.ts'
import type { AttemptStore } from './attempt-store.ts'

export function createAttemptRepository(db: Database): AttemptStore {
  return {
    window: async (key, since) => {
      const row = await db
        .selectFrom('attempts')
        .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('at').as('oldest')])
        .where('key', '=', key)
        .where('at', '>', since)
        .executeTakeFirst()
      const count = Number(row?.count ?? 0)
      return { count, oldest: count === 0 || row?.oldest == null ? undefined : Number(row.oldest) }
    },
    add: async (key, at) => {
      const id = randomBytes(12).toString('base64url')
      await db.insertInto('attempts').values({ id, key, at }).execute()
      return id
    },
    remove: async (key, id) => {
      await db.deleteFrom('attempts').where('id', '=', id).where('key', '=', key).execute()
    },
    clear: async (key) => {
      await db.deleteFrom('attempts').where('key', '=', key).execute()
    },
    prune: async (before) => {
      await db.deleteFrom('attempts').where('at', '<', before).execute()
    },
  }
}
