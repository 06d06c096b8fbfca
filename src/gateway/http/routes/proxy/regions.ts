/** GET /v2/proxy/regions (SPEC 4.2): the regions that can serve right now, health-gated. */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { cloudRegion } from '../../../../shared/regions.ts'
import { inService, type Fleet } from '../../../fleet/fleet.ts'
import { dataPlaneErrors, errorResponses } from '../../schemas.ts'

const RegionsSchema = Type.Object(
  {
    regions: Type.Array(
      Type.Object({
        region: Type.Ref('Region'),
        cloud_region: Type.String({ description: 'The cloud region the egress nodes run in.' }),
        nodes_in_service: Type.Integer({ minimum: 1 }),
      }),
      {
        description:
          'Only regions with at least one healthy, undrained node, in the order us-east, us-west, europe.',
      },
    ),
  },
  { $id: 'RegionList' },
)

export function registerRegionsRoute(app: FastifyInstance, deps: { fleet: Fleet }): void {
  app.get(
    '/v2/proxy/regions',
    {
      config: { scope: 'proxy' },
      schema: {
        operationId: 'listRegions',
        tags: ['proxy'],
        summary: 'Regions that can serve right now',
        response: { 200: Type.Ref('RegionList'), ...errorResponses(dataPlaneErrors) },
      },
    },
    async () => ({
      regions: deps.fleet.regionsInService().map((region) => ({
        region,
        cloud_region: cloudRegion[region],
        nodes_in_service: deps.fleet.members.filter((m) => m.region === region && inService(m)).length,
      })),
    }),
  )
}

export const regionSchemas = [RegionsSchema]
