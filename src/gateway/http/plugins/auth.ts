/**
 * The one authentication and scope hook of the data plane (SPEC 5). A route opts in with
 * `config: { scope: 'proxy' | 'read' }`; the hook reads the key (`x-api-key` wins over
 * `Authorization: Bearer`), asks the Authenticator who it belongs to, and checks the scope before
 * any body is parsed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../../shared/errors.ts'
import type { Authenticator, Principal } from '../../keys/principal.ts'
import type { Scope } from '../../keys/scopes.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a data-plane route needs; routes without it are public or session routes. */
    scope?: Scope
  }
  interface FastifyRequest {
    principal: Principal | undefined
  }
}

export const authChallenge = 'Bearer realm="sallyport", charset="UTF-8"'

/** `x-api-key` first (SPEC 5.1), then `Authorization: Bearer <key>`. */
export function presentedKey(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers['x-api-key']
  if (typeof header === 'string' && header !== '') return header.trim()
  const authorization = request.headers.authorization
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
    if (match !== null) return match[1]
  }
  return undefined
}

/**
 * The principal of a request to a route that needs `scope`, or a promise of it that rejects with the AppError
 * it is answered with (never a synchronous throw): the one check of the Fastify hook below and of the fetch
 * route on node:http (routes/proxy/fetch-direct.ts). A key the authenticator holds in memory, in scope, is
 * answered at once.
 */
export function principalFor(
  authenticator: Authenticator,
  request: Pick<FastifyRequest, 'headers'>,
  scope: Scope,
): Principal | Promise<Principal> {
  const apiKey = presentedKey(request)
  if (apiKey === undefined) {
    return Promise.reject(
      new AppError('missing_api_key', 'Send your API key in the x-api-key header.', {
        headers: { 'www-authenticate': authChallenge },
      }),
    )
  }
  const found = authenticator.authenticate(apiKey)
  if (found instanceof Promise)
    return found.then((principal) => inScope(authenticator, apiKey, principal, scope))
  return inScope(authenticator, apiKey, found, scope)
}

function inScope(
  authenticator: Authenticator,
  apiKey: string,
  principal: Principal,
  scope: Scope,
): Principal | Promise<Principal> {
  return principal.scopes.includes(scope) ? principal : outOfScope(authenticator, apiKey, principal, scope)
}

async function outOfScope(
  authenticator: Authenticator,
  apiKey: string,
  principal: Principal,
  scope: Scope,
): Promise<Principal> {
  // This answer runs no admission, so a key from the key cache is confirmed first: a revoked key is 401,
  // never 403 (ADR 0011).
  if (principal.cached !== undefined)
    principal = await authenticator.authenticate(apiKey, { confirmed: true })
  if (!principal.scopes.includes(scope)) {
    throw new AppError('missing_scope', `This endpoint needs a key with the ${scope} scope.`)
  }
  return principal
}

export function registerAuth(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('principal', undefined)
  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.scope
    if (scope === undefined) return
    request.principal = await principalFor(authenticator, request, scope)
  })
}
