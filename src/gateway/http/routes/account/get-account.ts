/** GET /v2/account: the signed-in account and its trial. */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from './account-area.ts'
import { sessionReadErrors } from './account-schemas.ts'
import { sessionOf } from '../../plugins/session.ts'

export function registerGetAccount(app: FastifyInstance, deps: Pick<AccountRouteDeps, 'accounts'>): void {
  app.get(
    '/v2/account',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'getAccount',
        tags: ['account'],
        summary: 'The signed-in account and its trial',
        description: 'The account of the dashboard session: its e-mail address, plan and trial.',
        response: { 200: Type.Ref('Account'), ...errorResponses(sessionReadErrors) },
      },
    },
    async (request) => deps.accounts.view(sessionOf(request).accountId),
  )
}
