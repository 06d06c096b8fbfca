/**
 * The data-plane Authenticator (the seam of http/plugins/auth.ts), backed by the database:
 * - a key of the wrong shape or with a bad checksum is refused before any lookup;
 * - otherwise the key's SHA-256 is looked up on every request (no cache, so a revoked key is refused on
 *   the very next request, on every gateway: DESIGN 6) and compared in constant time;
 * - the account must have verified its address (SPEC 5.7);
 * - last use is stamped at most once a minute per key, off the response path.
 */
import { AppError } from '../../shared/errors.ts'
import type { Clock } from '../../shared/clock.ts'
import type { BackgroundTasks } from '../background-tasks.ts'
import type { Authenticator } from './principal.ts'
import { sameDigest } from '../accounts/secrets.ts'
import { isWellFormedApiKey } from './api-key-format.ts'
import type { KeyRepository } from './key-repository.ts'
import { keyDigest, parseScopes } from './key-service.ts'

export const lastUsedEveryMs = 60_000

function invalidKey(): AppError {
  return new AppError('invalid_api_key', 'The API key is not valid: mistyped, revoked, or never issued.')
}

export function createKeyAuthenticator({
  repo,
  clock,
  background,
}: {
  repo: Pick<KeyRepository, 'findLiveByDigest' | 'touch'>
  clock: Clock
  background: BackgroundTasks
}): Authenticator {
  return {
    async authenticate(apiKey) {
      if (!isWellFormedApiKey(apiKey)) throw invalidKey()
      const digest = keyDigest(apiKey)
      const key = await repo.findLiveByDigest(digest)
      if (key === undefined || !sameDigest(key.digest, digest)) throw invalidKey()
      // Cannot happen through the product (an unverified account cannot sign in to mint), so it answers
      // like any other key that should not exist.
      if (key.email_verified_at === null) throw invalidKey()
      const now = clock.now()
      if (key.last_used_at === null || now - key.last_used_at >= lastUsedEveryMs) {
        background.run('key last-use stamp', () => repo.touch(key.id, now, lastUsedEveryMs), {
          account_id: key.account_id,
          key_id: key.id,
        })
      }
      return { accountId: key.account_id, keyId: key.id, scopes: parseScopes(key.scopes) }
    },
  }
}
