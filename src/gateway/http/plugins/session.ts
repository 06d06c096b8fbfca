/**
 * Dashboard sessions and CSRF (DESIGN 4) for the account, session and key routes. A route opts in with
 * `config: { session: 'required' | 'anonymous' }`:
 * - `required`: the session cookie must open a live session, and an API key is refused outright
 *   (`session_required`: a key can never manage keys, SPEC 5.4). State-changing methods must also send
 *   the session's CSRF token in `x-csrf-token` and, when the browser sends `Origin`, come from this
 *   service's own origin; else `csrf_failed`.
 * - `anonymous` (sign-up, sign-in, verify, resend, reset): no session, but a state-changing call whose
 *   `Origin` is another site's is refused (`csrf_failed`), which also stops login CSRF.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../../shared/errors.ts'
import { csrfTokenMatches, type LiveSession, type SessionService } from '../../sessions/session-service.ts'
import { clearedSessionCookie, readCookie, type SessionCookie } from '../session-cookie.ts'
import { presentedKey } from './auth.ts'

export type SessionMode = 'required' | 'anonymous'

export type AccountSession = LiveSession & { sessionId: string }

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Account and key-management routes: see plugins/session.ts. */
    session?: SessionMode
  }
  interface FastifyRequest {
    /** Set on `session: 'required'` routes once the session is checked. */
    accountSession: AccountSession | undefined
  }
}

export const csrfHeader = 'x-csrf-token'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

export type SessionAuthDeps = {
  sessions: Pick<SessionService, 'resolve'>
  cookie: SessionCookie
  /** The origin of SALLYPORT_PUBLIC_URL; unset, the origin the request itself was addressed to. */
  publicOrigin: string | undefined
}

function ownOrigin(request: FastifyRequest, publicOrigin: string | undefined): string | undefined {
  if (publicOrigin !== undefined) return publicOrigin
  try {
    return new URL(`${request.protocol}://${request.host}`).origin
  } catch {
    return undefined
  }
}

function csrfFailed(why: string): AppError {
  return new AppError('csrf_failed', `${why} Reload the dashboard and try again.`)
}

export function registerSessionAuth(app: FastifyInstance, deps: SessionAuthDeps): void {
  app.decorateRequest('accountSession', undefined)

  function checkOrigin(request: FastifyRequest): void {
    const origin = request.headers.origin
    if (origin !== undefined && origin !== ownOrigin(request, deps.publicOrigin)) {
      throw csrfFailed('This request came from another site.')
    }
  }

  // Callback style, so that the API's routes (no session) pay no promise for it.
  app.addHook('onRequest', (request, _reply, done) => {
    const mode = request.routeOptions.config.session
    if (mode === undefined) return done()
    checkSession(request, mode).then(() => done(), done)
  })

  async function checkSession(request: FastifyRequest, mode: SessionMode): Promise<void> {
    const changesState = !safeMethods.has(request.method)
    if (mode === 'anonymous') {
      if (changesState) checkOrigin(request)
      return
    }
    if (presentedKey(request) !== undefined) {
      throw new AppError(
        'session_required',
        'API keys cannot manage keys or the account: sign in to the dashboard instead.',
      )
    }
    const sessionId = readCookie(request.headers.cookie, deps.cookie.name)
    const session = sessionId === undefined ? undefined : await deps.sessions.resolve(sessionId)
    if (sessionId === undefined || session === undefined) {
      throw new AppError(
        'session_required',
        'Sign in to the dashboard first; the session may have timed out.',
        {
          // A stale cookie is dropped from the browser rather than sent again and again.
          ...(sessionId !== undefined && { headers: { 'set-cookie': clearedSessionCookie(deps.cookie) } }),
        },
      )
    }
    if (changesState) {
      checkOrigin(request)
      const token = request.headers[csrfHeader]
      if (typeof token !== 'string' || !csrfTokenMatches(session, token)) {
        throw csrfFailed(`The ${csrfHeader} header is missing or does not belong to this session.`)
      }
    }
    request.accountSession = { ...session, sessionId }
  }
}

/** The session a `session: 'required'` route runs under (the hook has checked it). */
export function sessionOf(request: FastifyRequest): AccountSession {
  const session = request.accountSession
  if (session === undefined)
    throw new Error(`route ${request.routeOptions.url ?? ''} has no session: is config.session set?`)
  return session
}
