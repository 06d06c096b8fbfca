import type { Scope } from './scopes.ts'

/** Who a request speaks for once its API key is checked: the account, the key and what the key may do. */
export type Principal = {
  accountId: string
  keyId: string
  scopes: readonly Scope[]
}

export type Authenticator = {
  /** Resolves the key's principal, or throws AppError `invalid_api_key` (or an account-state error). */
  authenticate(apiKey: string): Promise<Principal>
}
