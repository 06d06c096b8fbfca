/** Every SQL statement about API keys. A key is found by the SHA-256 of the whole key; nothing else. */
import type { CompiledQuery } from 'kysely'
import type { Database } from '../../infra/database/database.ts'
import type { ApiKeysTable } from '../../infra/database/schema.ts'

export type KeyRow = ApiKeysTable

export type KeyListing = Pick<KeyRow, 'id' | 'name' | 'scopes' | 'prefix' | 'created_at' | 'last_used_at'>

export type KeyHistoryRow = KeyListing & Pick<KeyRow, 'revoked_at' | 'revoked_from'>

/** Where a revocation came from: the person's dashboard, the account's deletion, or an operator. */
export type RevokedFrom = 'dashboard' | 'account_deleted' | 'admin'

export type KeyCredentials = Pick<KeyRow, 'id' | 'account_id' | 'scopes' | 'digest' | 'last_used_at'> & {
  email_verified_at: number | null
}

/**
 * The query of `findLiveByDigest`, built but not compiled: the live key with this digest and its account's
 * verification state. Exported so the micro benchmark can time building and compiling it apart.
 */
export function liveByDigestQuery(db: Database, digest: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select([
      'api_keys.id',
      'api_keys.account_id',
      'api_keys.scopes',
      'api_keys.digest',
      'api_keys.last_used_at',
      'accounts.email_verified_at',
    ])
    .where('api_keys.digest', '=', digest)
    .where('api_keys.revoked_at', 'is', null)
}

export function createKeyRepository(db: Database) {
  /** A new key is live: `revoked_from` may be left out. */
  async function insert(
    row: Omit<KeyRow, 'revoked_from'> & Partial<Pick<KeyRow, 'revoked_from'>>,
  ): Promise<void> {
    await db.insertInto('api_keys').values(row).execute()
  }

  /** Live keys of the account, oldest first. The digest is never selected for a listing. */
  function listLive(accountId: string): Promise<KeyListing[]> {
    return db
      .selectFrom('api_keys')
      .select(['id', 'name', 'scopes', 'prefix', 'created_at', 'last_used_at'])
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  }

  /** Every key of the account, revoked ones included (greyed in the dashboard), oldest first. */
  function listAll(accountId: string): Promise<KeyHistoryRow[]> {
    return db
      .selectFrom('api_keys')
      .select(['id', 'name', 'scopes', 'prefix', 'created_at', 'last_used_at', 'revoked_at', 'revoked_from'])
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  }

  async function countLive(accountId: string): Promise<number> {
    const row = await db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    return Number(row?.count ?? 0)
  }

  /** False when the account has no live key with this id (someone else's key included). */
  async function revoke(
    accountId: string,
    id: string,
    now: number,
    from: RevokedFrom = 'dashboard',
  ): Promise<boolean> {
    const result = await db
      .updateTable('api_keys')
      .set({ revoked_at: now, revoked_from: from })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  // The one query on the data plane's hot path, compiled once: building and compiling a Kysely query
  // costs several times what SQLite needs to answer it. Only the digest changes between runs.
  const liveByDigest = liveByDigestQuery(db, '').compile()
  if (liveByDigest.parameters.length !== 1) throw new Error('the key lookup must take the digest only')

  /** The live key with this digest and its account's verification state. Read on every request: no cache. */
  async function findLiveByDigest(digest: string): Promise<KeyCredentials | undefined> {
    const query: CompiledQuery<KeyCredentials> = { ...liveByDigest, parameters: [digest] }
    const result = await db.executeQuery(query)
    return result.rows[0]
  }

  /** Stamps last use unless another request did within `everyMs` (so gateways racing write once). */
  async function touch(id: string, now: number, everyMs: number): Promise<void> {
    await db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - everyMs)]))
      .execute()
  }

  /** Every live key of the account at once (its deletion); the number revoked. */
  async function revokeAll(accountId: string, now: number, from: RevokedFrom): Promise<number> {
    const result = await db
      .updateTable('api_keys')
      .set({ revoked_at: now, revoked_from: from })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows)
  }

  return { insert, listLive, listAll, countLive, revoke, revokeAll, findLiveByDigest, touch }
}

export type KeyRepository = ReturnType<typeof createKeyRepository>
