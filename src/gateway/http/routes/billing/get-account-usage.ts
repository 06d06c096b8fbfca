/** GET /v2/account/usage: the dashboard's view of usage, with a session: this month and the last N days. */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import { sessionReadErrors } from '../account/account-schemas.ts'
import type { BillingArea } from './billing-area.ts'
import { usageBody } from './billing-schemas.ts'

export const maxRecentDays = 90

const Query = Type.Object(
  {
    // A string with a pattern: query values are never coerced (DESIGN 3).
    days: Type.Optional(
      Type.String({
        pattern: '^(?:[1-9]|[1-8][0-9]|90)$',
        maxLength: 2,
        description: `How many days, ending today (UTC), \`recent_days\` holds: 1 to ${maxRecentDays}. Default 30.`,
        examples: ['30'],
      }),
    ),
  },
  { additionalProperties: false },
)

const AccountUsage = Type.Object(
  {
    usage: Type.Ref('Usage'),
    recent_days: Type.Array(Type.Ref('DayUsage'), {
      description: 'One row per UTC day, oldest first, ending today; days without requests included.',
    }),
  },
  { description: 'This month so far, and the last days for a chart.' },
)

export function registerGetAccountUsage(app: FastifyInstance, deps: Pick<BillingArea, 'billing'>): void {
  app.get<{ Querystring: Static<typeof Query> }>(
    '/v2/account/usage',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'getAccountUsage',
        tags: ['billing'],
        summary: 'Usage for the dashboard',
        description:
          'Dashboard session only. The same view of the month as GET /v2/usage, plus requests and bytes ' +
          'per day for the last `days` days.',
        querystring: Query,
        response: { 200: AccountUsage, ...errorResponses(['invalid_request', ...sessionReadErrors]) },
      },
    },
    async (request, reply) => {
      const { accountId } = sessionOf(request)
      const [usage, recent] = await Promise.all([
        deps.billing.usageOf(accountId),
        deps.billing.recentDays(accountId, Number(request.query.days ?? 30)),
      ])
      void reply.header('cache-control', 'no-store')
      return { usage: usageBody(usage), recent_days: recent }
    },
  )
}
