/**
 * The public status of the service (issue 15): `GET /v2/status` as JSON and `GET /status` as a page, no
 * key, no session. Built from this gateway's own health probes (status/status-history.ts).
 */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { regions } from '../../../../shared/regions.ts'
import { renderStatusPage } from '../../../dashboard/pages/status-page.ts'
import { sendPage } from '../../../dashboard/dashboard.ts'
import type { Fleet } from '../../../fleet/fleet.ts'
import type { StatusHistory } from '../../../status/status-history.ts'
import { statusReport } from '../../../status/status-report.ts'
import { commonErrors, errorResponses } from '../../schemas.ts'

const share = (description: string) =>
  Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { description })

const PublicStatus = Type.Object(
  {
    summary: Type.Union([Type.Literal('operational'), Type.Literal('degraded'), Type.Literal('outage')], {
      description: '`operational`: every region in service; `degraded`: some; `outage`: none.',
    }),
    headline: Type.String({ description: 'The summary in words, e.g. "All systems operational".' }),
    regions: Type.Array(
      Type.Object({
        region: Type.Ref('Region'),
        cloud_region: Type.String(),
        in_service: Type.Boolean(),
        nodes_in_service: Type.Integer({ minimum: 0 }),
        availability_24h: share('Share of the sampled last 24 hours the region was in service.'),
        history: Type.Array(
          Type.Object({
            hour: Type.String({ format: 'date-time', description: 'Start of the hour (UTC).' }),
            availability: share('Share of that hour in service; null when this gateway has no sample.'),
          }),
          { minItems: 24, maxItems: 24, description: 'The last 24 hours, oldest first; the last is now.' },
        ),
      }),
      { minItems: regions.length, maxItems: regions.length },
    ),
  },
  {
    $id: 'PublicStatus',
    description:
      "Every region, in service or not, from the answering gateway's own health probes, sampled each " +
      'minute and kept in its memory: a gateway that just started has no history yet.',
  },
)

export const publicStatusSchemas = [PublicStatus]

export type StatusRouteDeps = { fleet: Pick<Fleet, 'members'>; history: StatusHistory }

export function registerPublicStatus(app: FastifyInstance, deps: StatusRouteDeps): void {
  app.get(
    '/v2/status',
    {
      schema: {
        operationId: 'publicStatus',
        tags: ['operations'],
        summary: 'Public status: regions in service and the last 24 hours',
        description:
          'No key. Nothing here identifies a node (no address, no device id). The same as the page at `/status`.',
        response: { 200: Type.Ref('PublicStatus'), ...errorResponses(commonErrors) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store')
      return statusReport(deps.fleet, deps.history)
    },
  )
  app.get('/status', { schema: { hide: true } }, async (_request, reply) =>
    sendPage(reply, renderStatusPage(statusReport(deps.fleet, deps.history))),
  )
}
