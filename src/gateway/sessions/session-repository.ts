/** Every SQL statement about dashboard sessions. Rows are keyed by the digest of the session id. */
import type { Database } from '../../infra/database/database.ts'
import type { SessionsTable } from '../../infra/database/schema.ts'

export type SessionRow = SessionsTable

export function createSessionRepository(db: Database) {
  async function insert(row: SessionRow): Promise<void> {
    await db.insertInto('sessions').values(row).execute()
  }

  function find(digest: string): Promise<SessionRow | undefined> {
    return db.selectFrom('sessions').selectAll().where('digest', '=', digest).executeTakeFirst()
  }

  async function touch(digest: string, now: number): Promise<void> {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('digest', '=', digest).execute()
  }

  async function remove(digest: string): Promise<void> {
    await db.deleteFrom('sessions').where('digest', '=', digest).execute()
  }

  async function removeForAccount(accountId: string): Promise<void> {
    await db.deleteFrom('sessions').where('account_id', '=', accountId).execute()
  }

  /** Every session of the account but one (the one that changed the password stays signed in). */
  async function removeOthers(accountId: string, keepDigest: string): Promise<void> {
    await db
      .deleteFrom('sessions')
      .where('account_id', '=', accountId)
      .where('digest', '!=', keepDigest)
      .execute()
  }

  /** Housekeeping at sign-in: the account's sessions that timed out. */
  async function removeExpired(accountId: string, idleBefore: number, createdBefore: number): Promise<void> {
    await db
      .deleteFrom('sessions')
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('created_at', '<', createdBefore)]))
      .execute()
  }

  return { insert, find, touch, remove, removeForAccount, removeOthers, removeExpired }
}

export type SessionRepository = ReturnType<typeof createSessionRepository>
