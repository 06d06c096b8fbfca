/** GET /v2/plans (SPEC 4.5): the plan catalog, public. */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { PlanCatalog } from '../../../billing/plans.ts'
import { commonErrors, errorResponses } from '../../schemas.ts'
import { planBody } from './billing-schemas.ts'

export function registerListPlans(app: FastifyInstance, catalog: PlanCatalog): void {
  // The catalog changes only with a restart: build the answer once.
  const body = { currency: 'USD' as const, plans: catalog.plans.map(planBody) }
  app.get(
    '/v2/plans',
    {
      schema: {
        operationId: 'listPlans',
        tags: ['billing'],
        summary: 'Plans and prices',
        description:
          'The trial and the paid plans: monthly fee, included requests, the price of requests beyond them, ' +
          'and the rate limits per account. Amounts come as decimal USD strings and as integer cents. A ' +
          'billable request is a fetch that returned an envelope; errors and idempotent replays are free. ' +
          'Moving to a paid plan starts with an e-mail exchange with our billing contact.',
        response: { 200: Type.Ref('PlanList'), ...errorResponses(commonErrors) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300')
      return body
    },
  )
}
