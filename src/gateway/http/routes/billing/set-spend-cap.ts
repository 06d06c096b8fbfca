/** PUT /v2/account/spend-cap: set or clear the account's monthly spending cap, from the dashboard. */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import { sessionWriteErrors } from '../account/account-schemas.ts'
import type { BillingArea } from './billing-area.ts'
import { capBody } from './billing-schemas.ts'

const Body = Type.Object(
  {
    // The format is checked by the service, so a mistake gets a sentence a person can act on.
    cap_usd: Type.Union([Type.String({ maxLength: 32 }), Type.Null()], {
      description:
        'The most this account may be charged in a calendar month (UTC), in decimal US dollars with at ' +
        'most 2 decimals, from the plan’s monthly fee up to 1000000.00; null removes the cap.',
      examples: ['40.00'],
    }),
  },
  { additionalProperties: false },
)

export function registerSetSpendCap(app: FastifyInstance, deps: Pick<BillingArea, 'billing'>): void {
  app.put<{ Body: Static<typeof Body> }>(
    '/v2/account/spend-cap',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'setSpendCap',
        tags: ['billing'],
        summary: 'Set or remove the monthly spending cap',
        description:
          'Dashboard session only, with `x-csrf-token`. Once one more billable request would take the ' +
          'month’s charge (plan fee plus overage) past the cap, fetches are refused with ' +
          '`spend_cap_reached` (402) until the next month or a higher cap. The cap is enforced within a few ' +
          'seconds and a few requests, not to the request.',
        body: Body,
        response: {
          200: Type.Ref('SpendCap'),
          ...errorResponses(['invalid_request', 'payload_too_large', ...sessionWriteErrors]),
        },
      },
    },
    async (request, reply) => {
      const { accountId } = sessionOf(request)
      const capCents = await deps.billing.setSpendCap(accountId, request.body.cap_usd)
      request.log.info({ account_id: accountId, cap_cents: capCents }, 'spending cap changed')
      void reply.header('cache-control', 'no-store')
      return { spend_cap: capBody(capCents) }
    },
  )
}
