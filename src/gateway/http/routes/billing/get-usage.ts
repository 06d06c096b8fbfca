/** GET /v2/usage (DESIGN 4): the current billing period so far, for an API key with the `read` scope. */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { dataPlaneErrors, errorResponses } from '../../schemas.ts'
import type { BillingArea } from './billing-area.ts'
import { usageBody } from './billing-schemas.ts'

export function registerGetUsage(app: FastifyInstance, deps: Pick<BillingArea, 'billing'>): void {
  app.get(
    '/v2/usage',
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getUsage',
        tags: ['billing'],
        summary: 'This month’s usage and charge so far',
        description:
          'The current period (the calendar month in UTC): the plan, billable requests used and included, ' +
          'bytes, requests beyond the plan, the charge so far (plan fee plus overage, in decimal USD and ' +
          'integer cents), the spending cap, the trial for an account on it, and one row per day. Counts ' +
          'lag by about a second.',
        response: { 200: Type.Ref('Usage'), ...errorResponses(dataPlaneErrors) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return usageBody(await deps.billing.usageOf(request.principal!.accountId))
    },
  )
}
