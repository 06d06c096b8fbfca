/**
 * How the dashboard's playground runs a fetch for a signed-in person without an API key in the browser
 * (SPEC 5.9): the playground route hands the real fetch route, through `inject()`, a one-use pass that
 * this Authenticator resolves to the session's account, so the fetch takes exactly the path of an API
 * call (scope, limits, trial, cap, idempotency, dispatch, metering).
 *
 * A pass is 32 random bytes, lives in this process's memory only for the one in-process request, and is
 * gone before the playground answers; it is never sent over a network. Anything that is not a live pass
 * goes to the key authenticator unchanged.
 */
import { randomBytes } from 'node:crypto'
import type { Authenticator, Principal } from '../../keys/principal.ts'

const passPrefix = 'playground_'

export function createPlaygroundPasses() {
  const live = new Map<string, Principal>()

  /** A pass for one fetch of this account; `revoke` it once the fetch answered. */
  function issue(accountId: string): string {
    const pass = passPrefix + randomBytes(32).toString('base64url')
    live.set(pass, { accountId, keyId: 'playground', scopes: ['proxy'] })
    return pass
  }

  function revoke(pass: string): void {
    live.delete(pass)
  }

  function authenticator(keys: Authenticator): Authenticator {
    return {
      authenticate(apiKey, options): Principal | Promise<Principal> {
        if (apiKey.startsWith(passPrefix)) {
          const principal = live.get(apiKey)
          // Used once: a second request with the same pass is an unknown key.
          live.delete(apiKey)
          if (principal !== undefined) return principal
        }
        return keys.authenticate(apiKey, options)
      },
    }
  }

  return { issue, revoke, authenticator }
}

export type PlaygroundPasses = ReturnType<typeof createPlaygroundPasses>
