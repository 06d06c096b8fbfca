import { AppError } from '../../shared/errors.ts'
import type { KeyCheck } from '../rate-limits/admission.ts'
import type { Scope } from './scopes.ts'

/** Who a request speaks for once its API key is checked: the account, the key and what the key may do. */
export type Principal = {
  accountId: string
  keyId: string
  scopes: readonly Scope[]
  /**
   * Present when the key was answered from the gateway's in-memory key cache (ADR 0011): not yet confirmed.
   * The request's admission confirms it in the same store step (DESIGN 6: no cache answers alone), so
   * anything that answers with this principal and does not run an admission must confirm it first.
   */
  cached?: CachedKey
}

export type CachedKey = {
  /** What the admission store checks: the revocation markers and the epoch the entry was filled under. */
  check: KeyCheck
  /** The store had no such epoch: look the key up in the database again; throws `invalid_api_key`. */
  reconfirm(): Promise<CachedKey>
  /** The store holds a revocation marker for the key: drop it from the cache. */
  forget(): void
}

export type Authenticator = {
  /**
   * The key's principal, or a promise of it that rejects with AppError `invalid_api_key` (or an account-state
   * error); never a synchronous throw. A key found in memory is answered at once, without a promise, so the
   * request does not wait a turn of the microtask queue for it. With `confirmed`, never from a cache alone:
   * the answer is confirmed against the database.
   */
  authenticate(apiKey: string, options?: { confirmed?: boolean }): Principal | Promise<Principal>
}

export function invalidKey(): AppError {
  return new AppError('invalid_api_key', 'The API key is not valid: mistyped, revoked, or never issued.')
}
