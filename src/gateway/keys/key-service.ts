/**
 * Minting, listing and revoking API keys (SPEC 5.4-5.6). Only a dashboard session reaches this; the
 * key is returned once by `mint` and only its SHA-256 is stored.
 */
import { hash } from 'node:crypto'
import { AppError } from '../../shared/errors.ts'
import { newId } from '../../shared/ids.ts'
import type { Clock } from '../../shared/clock.ts'
import { scopes as knownScopes, type Scope } from './scopes.ts'
import { displayPrefix, mintApiKey } from './api-key-format.ts'
import type { KeyHistoryRow, KeyListing, KeyRepository } from './key-repository.ts'

/** A ceiling on live keys per account, so a session cannot fill the table. */
export const maxLiveKeys = 100

export type KeyView = {
  id: string
  name: string
  scopes: Scope[]
  prefix: string
  created_at: string
  last_used_at: string | null
  /** Revoked keys only (listed with `revoked=include`): when, and from where. */
  revoked_at?: string
  revoked_from?: string
}

export type MintedKey = Omit<KeyView, 'last_used_at'> & { key: string }

export function keyDigest(key: string): string {
  return hash('sha256', key, 'hex')
}

export function parseScopes(stored: string): Scope[] {
  return stored
    .split(',')
    .filter((scope): scope is Scope => (knownScopes as readonly string[]).includes(scope))
}

function historyOf(row: KeyHistoryRow): KeyView {
  const view = viewOf(row)
  if (row.revoked_at === null) return view
  return {
    ...view,
    revoked_at: new Date(row.revoked_at).toISOString(),
    revoked_from: row.revoked_from ?? 'dashboard',
  }
}

function viewOf(row: KeyListing): KeyView {
  return {
    id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    prefix: row.prefix,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  }
}

export function createKeyService({
  repo,
  clock,
}: {
  repo: Pick<KeyRepository, 'insert' | 'listLive' | 'listAll' | 'countLive' | 'revoke'>
  clock: Clock
}) {
  async function list(accountId: string, options: { includeRevoked?: boolean } = {}): Promise<KeyView[]> {
    if (options.includeRevoked === true) return (await repo.listAll(accountId)).map(historyOf)
    return (await repo.listLive(accountId)).map(viewOf)
  }

  async function mint(
    accountId: string,
    input: { name: string; scopes: readonly Scope[] },
  ): Promise<MintedKey> {
    const name = input.name.trim()
    if (name.length === 0 || name.length > 64)
      throw new AppError('invalid_request', 'name must be 1 to 64 characters.')
    const scopes = knownScopes.filter((scope) => input.scopes.includes(scope))
    if (scopes.length === 0)
      throw new AppError('invalid_request', 'scopes must name at least one of proxy, read.')
    if ((await repo.countLive(accountId)) >= maxLiveKeys) {
      throw new AppError(
        'invalid_request',
        `An account can have at most ${maxLiveKeys} keys; revoke one first.`,
      )
    }
    const key = mintApiKey()
    const now = clock.now()
    const row = {
      id: newId('key'),
      account_id: accountId,
      name,
      scopes: scopes.join(','),
      // Digest only: the key is shown once, in this answer, and never stored.
      digest: keyDigest(key),
      prefix: displayPrefix(key),
      created_at: now,
      last_used_at: null,
      revoked_at: null,
      revoked_from: null,
    }
    await repo.insert(row)
    const { last_used_at: _unused, ...view } = viewOf(row)
    return { ...view, key }
  }

  /** `not_found` for an unknown id, a revoked key, or another account's key: all look the same. */
  async function revoke(accountId: string, id: string): Promise<void> {
    if (!(await repo.revoke(accountId, id, clock.now(), 'dashboard'))) {
      throw new AppError('not_found', 'This account has no key with that id.')
    }
  }

  return { list, mint, revoke }
}

export type KeyService = ReturnType<typeof createKeyService>
