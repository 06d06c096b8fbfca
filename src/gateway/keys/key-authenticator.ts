/**
 * The data-plane Authenticator (the seam of http/plugins/auth.ts):
 * - a key of the wrong shape or with a bad checksum is refused before any lookup;
 * - otherwise the key's SHA-256 is looked up in the database and compared in constant time; the account
 *   must have verified its address (SPEC 5.7);
 * - with key state in the admission store (`states`), the record is kept in memory (key-cache.ts) and the
 *   principal carries the account's key epoch: the request's admission confirms it in the same store step
 *   (ADR 0011, DESIGN 6), so a revoked key is refused at the very next request on every gateway, and an
 *   epoch the store lost (Redis restarted empty) sends the key to the database again. Without `states`
 *   every request is looked up in the database;
 * - last use is stamped at most once a minute per key, off the response path.
 */
import type { Clock } from '../../shared/clock.ts'
import type { BackgroundTasks } from '../background-tasks.ts'
import { accountScope } from '../rate-limits/admission.ts'
import { sameDigest } from '../accounts/secrets.ts'
import { isWellFormedApiKey } from './api-key-format.ts'
import { createKeyCache, keyCacheDefaults, type KeyCacheEntry, type KeyCacheOptions } from './key-cache.ts'
import type { KeyRepository } from './key-repository.ts'
import { keyDigest, parseScopes } from './key-service.ts'
import type { KeyStates } from './key-states.ts'
import { invalidKey, type Authenticator, type CachedKey, type Principal } from './principal.ts'

export const lastUsedEveryMs = 60_000

export function createKeyAuthenticator({
  repo,
  clock,
  background,
  states,
  cache: cacheOptions = keyCacheDefaults,
}: {
  repo: Pick<KeyRepository, 'findLiveByDigest' | 'touch'>
  clock: Clock
  background: BackgroundTasks
  states?: KeyStates | undefined
  cache?: KeyCacheOptions
}): Authenticator {
  const cache = createKeyCache(cacheOptions)

  function stamp(entry: Pick<KeyCacheEntry, 'lastUsedAt' | 'principal'>, now: number): void {
    if (entry.lastUsedAt !== null && now - entry.lastUsedAt < lastUsedEveryMs) return
    entry.lastUsedAt = now
    const { keyId, accountId } = entry.principal
    background.run('key last-use stamp', () => repo.touch(keyId, now, lastUsedEveryMs), {
      account_id: accountId,
      key_id: keyId,
    })
  }

  async function lookUp(digest: string): Promise<Principal> {
    const key = await repo.findLiveByDigest(digest)
    if (key === undefined || !sameDigest(key.digest, digest)) throw invalidKey()
    // Cannot happen through the product (an unverified account cannot sign in to mint), so it answers
    // like any other key that should not exist.
    if (key.email_verified_at === null) throw invalidKey()
    const now = clock.now()
    const found = { accountId: key.account_id, keyId: key.id, scopes: parseScopes(key.scopes) }
    if (states === undefined) {
      stamp({ principal: found, lastUsedAt: key.last_used_at }, now)
      return found
    }
    // Read after the lookup began: a revocation that raced the lookup wrote its marker before changing the
    // database, so the marker is in the key state this epoch belongs to (ADR 0011).
    const epoch = await states.epoch(key.account_id)
    const cached: CachedKey = {
      check: { scope: accountScope(key.account_id), keyId: key.id, epoch },
      reconfirm: async () => {
        cache.delete(digest)
        return (await lookUp(digest)).cached!
      },
      forget: () => cache.delete(digest),
    }
    const entry: KeyCacheEntry = {
      principal: Object.freeze({ ...found, cached }),
      expiresAt: now + cacheOptions.ttlMs,
      lastUsedAt: key.last_used_at,
    }
    cache.set(digest, entry)
    stamp(entry, now)
    return entry.principal
  }

  return {
    authenticate(apiKey, options) {
      if (!isWellFormedApiKey(apiKey)) return Promise.reject(invalidKey())
      const digest = keyDigest(apiKey)
      if (states !== undefined && options?.confirmed !== true) {
        const now = clock.now()
        const entry = cache.get(digest, now)
        if (entry !== undefined) {
          stamp(entry, now)
          return entry.principal
        }
      }
      return lookUp(digest)
    },
  }
}
