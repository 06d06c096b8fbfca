/**
 * POST /v2/session: sign in. Sets the session cookie and answers the CSRF token the dashboard sends
 * with every state-changing call. A new session id every time (no fixation); a wrong e-mail and a
 * wrong password look the same; throttled per address and per (account, address), see sign-in-throttle.ts.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { errorResponses } from '../../schemas.ts'
import { readCookie, serializeSessionCookie } from '../../session-cookie.ts'
import type { AccountRouteDeps } from '../account/account-area.ts'
import { anonymousErrors, EmailField, PasswordField } from '../account/account-schemas.ts'

const Body = Type.Object(
  {
    email: EmailField,
    password: PasswordField,
    code: Type.Optional(
      Type.String({
        maxLength: 32,
        description:
          'Accounts with two-factor sign-in: the 6-digit code of the authenticator app, or a recovery code. ' +
          'Without it such an account gets 401 `totp_required`; a wrong code counts as a failed sign-in.',
      }),
    ),
  },
  { additionalProperties: false },
)

export function registerCreateSession(
  app: FastifyInstance,
  deps: Pick<AccountRouteDeps, 'accounts' | 'sessions' | 'signIn' | 'cookie'>,
): void {
  app.post<{ Body: Static<typeof Body> }>(
    '/v2/session',
    {
      config: { session: 'anonymous' },
      schema: {
        operationId: 'signIn',
        tags: ['account'],
        summary: 'Sign in to the dashboard',
        description:
          'Sets an HttpOnly session cookie (idle time-out 60 minutes, at most 12 hours) and answers the ' +
          'CSRF token: send it in `x-csrf-token` with every POST and DELETE made with the session. ' +
          'Repeated failures are throttled per client address and per account and address (429 ' +
          '`too_many_attempts` with Retry-After); an account is never locked.',
        body: Body,
        response: {
          200: Type.Ref('Session'),
          ...errorResponses([
            'invalid_credentials',
            'totp_required',
            'email_not_verified',
            'too_many_attempts',
            'auth_busy',
            ...anonymousErrors,
          ]),
        },
      },
    },
    async (request, reply) => {
      const { account, sessionId, csrfToken } = await deps.signIn.signIn(
        request.body.email,
        request.body.password,
        request.ip,
        request.body.code,
      )
      // A session this browser had before is over: whoever signs in gets a fresh one only.
      const previous = readCookie(request.headers.cookie, deps.cookie.name)
      if (previous !== undefined && previous !== sessionId) await deps.sessions.end(previous)
      request.log.info({ account_id: account.id }, 'signed in')
      void reply.header('set-cookie', serializeSessionCookie(deps.cookie, sessionId))
      void reply.header('cache-control', 'no-store')
      return { csrf_token: csrfToken, account: await deps.accounts.view(account.id) }
    },
  )
}
