/** GET /v2/session: the live session's CSRF token and account, for a dashboard page that was reloaded. */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from '../account/account-area.ts'
import { sessionReadErrors } from '../account/account-schemas.ts'

export function registerGetSession(app: FastifyInstance, deps: Pick<AccountRouteDeps, 'accounts'>): void {
  app.get(
    '/v2/session',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'getSession',
        tags: ['account'],
        summary: 'The current session',
        description:
          '403 `session_required` when there is no live session: the dashboard then shows sign-in.',
        response: { 200: Type.Ref('Session'), ...errorResponses(sessionReadErrors) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      void reply.header('cache-control', 'no-store')
      return { csrf_token: session.csrfToken, account: await deps.accounts.view(session.accountId) }
    },
  )
}
