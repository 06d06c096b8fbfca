/** DELETE /v2/session: sign out of this browser. */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import { clearedSessionCookie } from '../../session-cookie.ts'
import type { AccountRouteDeps } from '../account/account-area.ts'
import { sessionWriteErrors } from '../account/account-schemas.ts'

export function registerDeleteSession(
  app: FastifyInstance,
  deps: Pick<AccountRouteDeps, 'sessions' | 'cookie'>,
): void {
  app.delete(
    '/v2/session',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'signOut',
        tags: ['account'],
        summary: 'Sign out',
        description: 'Ends this session and clears its cookie. Needs `x-csrf-token`.',
        response: { 204: Type.Null({ description: 'Signed out.' }), ...errorResponses(sessionWriteErrors) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      await deps.sessions.end(session.sessionId)
      request.log.info({ account_id: session.accountId }, 'signed out')
      return reply.code(204).header('set-cookie', clearedSessionCookie(deps.cookie)).send()
    },
  )
}
