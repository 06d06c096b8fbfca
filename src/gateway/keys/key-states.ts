/**
 * Key state in the admission store (ADR 0011): per account, the epoch cache entries are filled under and a
 * revocation marker per revoked key. Every revocation goes through `withRevocationMarkers`, which wraps the
 * key repository, so no path can change a key in the database without the marker the admissions check.
 */
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.ts'
import { accountScope, allKeys, type AdmissionStore } from '../rate-limits/admission.ts'
import type { KeyRepository } from './key-repository.ts'

export type KeyStates = {
  /** The account's key epoch, created when missing. */
  epoch(accountId: string): Promise<string>
  /** Writes the revocation marker of `keyId`, or of every key of the account (`allKeys`). */
  markRevoked(accountId: string, keyId: string): Promise<void>
}

export function keyStatesOf(store: Pick<AdmissionStore, 'keyEpoch' | 'markRevoked'>): KeyStates {
  return {
    epoch: (accountId) => store.keyEpoch(accountScope(accountId)),
    markRevoked: (accountId, keyId) => store.markRevoked(accountScope(accountId), keyId),
  }
}

function markerUnwritten(cause: unknown): AppError {
  return new AppError(
    'store_unavailable',
    'The key could not be revoked right now, so nothing was changed. Retry shortly.',
    { retryAfter: 5, cause },
  )
}

/**
 * The marker is written before the database change and again after it:
 * - before: a revocation whose marker cannot be written stops there (503 `store_unavailable`, the key
 *   unchanged and still listed), so no answer says "revoked" while a cache could still admit the key; and a
 *   cache refill that read the database just before the change finds the marker at its first admission;
 * - after: in case the store lost its data between the two (a restart), for the refills that raced that.
 * A failed second write is logged: the first one already covers every refill, unless the store restarted
 * empty in the milliseconds between the first write and the database change.
 */
export function withRevocationMarkers(
  repo: KeyRepository,
  states: KeyStates,
  log: Pick<Logger, 'warn'>,
): KeyRepository {
  async function marked<T>(accountId: string, keyId: string, change: () => Promise<T>): Promise<T> {
    try {
      await states.markRevoked(accountId, keyId)
    } catch (error) {
      throw markerUnwritten(error)
    }
    const result = await change()
    try {
      await states.markRevoked(accountId, keyId)
    } catch (error) {
      log.warn({ err: error, account_id: accountId }, 'a revocation marker could not be written again')
    }
    return result
  }
  return {
    ...repo,
    revoke: (accountId, id, now, from) => marked(accountId, id, () => repo.revoke(accountId, id, now, from)),
    revokeAll: (accountId, now, from) =>
      marked(accountId, allKeys, () => repo.revokeAll(accountId, now, from)),
  }
}
