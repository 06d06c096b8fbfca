/** DELETE /v2/sessions: sign out everywhere, this browser included. */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import { clearedSessionCookie } from '../../session-cookie.ts'
import type { AccountRouteDeps } from '../account/account-area.ts'
import { sessionWriteErrors } from '../account/account-schemas.ts'

export function registerDeleteAllSessions(
  app: FastifyInstance,
  deps: Pick<AccountRouteDeps, 'sessions' | 'cookie'>,
): void {
  app.delete(
    '/v2/sessions',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'signOutEverywhere',
        tags: ['account'],
        summary: 'Sign out everywhere',
        description:
          'Ends every session of the account on every device. API keys keep working. Needs `x-csrf-token`.',
        response: {
          204: Type.Null({ description: 'Every session ended.' }),
          ...errorResponses(sessionWriteErrors),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      await deps.sessions.endAll(session.accountId)
      request.log.info({ account_id: session.accountId }, 'signed out everywhere')
      return reply.code(204).header('set-cookie', clearedSessionCookie(deps.cookie)).send()
    },
  )
}
