/** GET /v2/proxy/status (SPEC 4.3): every node's health as this gateway sees it. */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { cloudRegion, regions } from '../../../../shared/regions.ts'
import type { Fleet } from '../../../fleet/fleet.ts'
import { dataPlaneErrors, errorResponses } from '../../schemas.ts'

const NodeStatus = Type.Object({
  device_id: Type.Union([Type.String(), Type.Null()], {
    description: 'Null until the node has answered a probe.',
  }),
  region: Type.Ref('Region'),
  health: Type.Union([Type.Literal('healthy'), Type.Literal('down'), Type.Literal('unknown')]),
  draining: Type.Boolean({ description: 'Drained by an operator: healthy, but given no new work.' }),
  in_service: Type.Boolean(),
  last_check_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  in_flight: Type.Integer({ minimum: 0, description: 'Fetches this gateway has running on the node.' }),
  latency_ms: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
    description: 'Smoothed round trip of the health probe.',
  }),
})

const StatusSchema = Type.Object(
  {
    regions: Type.Array(
      Type.Object({
        region: Type.Ref('Region'),
        cloud_region: Type.String(),
        in_service: Type.Boolean(),
      }),
    ),
    nodes: Type.Array(NodeStatus),
  },
  { $id: 'FleetStatus' },
)

export function registerStatusRoute(app: FastifyInstance, deps: { fleet: Fleet }): void {
  app.get(
    '/v2/proxy/status',
    {
      config: { scope: 'proxy' },
      schema: {
        operationId: 'fleetStatus',
        tags: ['proxy'],
        summary: 'Fleet health: every egress node',
        response: { 200: Type.Ref('FleetStatus'), ...errorResponses(dataPlaneErrors) },
      },
    },
    async () => ({
      regions: regions.map((region) => ({
        region,
        cloud_region: cloudRegion[region],
        in_service: deps.fleet.regionInService(region),
      })),
      nodes: deps.fleet.members.map((m) => ({
        device_id: m.deviceId ?? null,
        region: m.region,
        health: m.health,
        draining: m.draining,
        in_service: m.health === 'healthy' && !m.draining,
        last_check_at: m.lastCheckAt === undefined ? null : new Date(m.lastCheckAt).toISOString(),
        in_flight: m.inFlight,
        latency_ms: m.latencyMs === undefined ? null : Math.round(m.latencyMs * 100) / 100,
      })),
    }),
  )
}

export const statusSchemas = [StatusSchema]
