/**
 * How a social route is declared: a GET with the `proxy` scope, params and query validated by schema,
 * the answer wrapped as `{request_id, ...result}` with the same id the X-Request-Id header carries. Each
 * declaration also lands in the endpoint catalog that `GET /social/platforms` publishes.
 */
import type { Static, TObject } from '@sinclair/typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ErrorCode } from '../../../../shared/errors.ts'
import type { Network, SocialResult } from '../../../social/social-types.ts'
import { dataPlaneErrors, errorResponses } from '../../schemas.ts'

export type EndpointEntry = { network: Network; method: 'GET'; path: string; summary: string }

export type SocialRouteDefinition<P extends TObject, Q extends TObject> = {
  network: Network
  url: string
  operationId: string
  summary: string
  description: string
  params?: P
  querystring: Q
  /** The `$id` of the envelope schema of the 200 answer. */
  response: string
  /** The codes this route answers besides those of every data-plane route. */
  errors: readonly ErrorCode[]
}

/** Every social data route can answer these. */
export const upstreamErrors: readonly ErrorCode[] = [
  'invalid_request',
  'not_found',
  'upstream_rate_limited',
  'upstream_unavailable',
  'no_healthy_endpoints',
]

/**
 * The beta is not billed, but every call with a key is one unit of the account's general budget
 * (plugins/rate-limit.ts, SPEC 8), which the reference says on every keyed social route.
 */
export const budgetNote =
  "Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys " +
  'together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json ' +
  'like everywhere else.'

/** The 200 answer's headers on a keyed social route (the IETF draft fields of plugins/rate-limit.ts). */
export const budgetHeaders = {
  'X-Request-Id': {
    type: 'string',
    description: 'The same value as the envelope’s `request_id`.',
  },
  'RateLimit-Policy': {
    type: 'string',
    description: 'IETF draft field: the budget this route draws on, e.g. `"general";q=300;w=60`.',
  },
  RateLimit: {
    type: 'string',
    description:
      'IETF draft field: what is left of the general budget after this call and when it frees up (`r`, `t` seconds), e.g. `"general";r=297;t=58`.',
  },
}

/**
 * The answers are built whole from the normalizers, so they are written with JSON.stringify: compiling
 * the envelopes' serializers (many nested references, 18 routes) would add a second to every app start.
 * The schemas still document the answers in the OpenAPI reference.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data)

export function socialRoute<P extends TObject, Q extends TObject>(
  app: FastifyInstance,
  catalog: EndpointEntry[],
  definition: SocialRouteDefinition<P, Q>,
  handler: (input: { params: Static<P>; query: Static<Q>; raw: boolean }) => Promise<SocialResult<unknown>>,
): void {
  catalog.push({
    network: definition.network,
    method: 'GET',
    path: definition.url.replace(/:([A-Za-z_]+)/g, '{$1}'),
    summary: definition.summary,
  })
  app.get(
    definition.url,
    {
      config: { scope: 'proxy' },
      serializerCompiler: plainJson,
      schema: {
        operationId: definition.operationId,
        tags: ['social'],
        summary: definition.summary,
        description: `${definition.description}\n\n${budgetNote}`,
        ...(definition.params !== undefined ? { params: definition.params } : {}),
        querystring: definition.querystring,
        response: {
          200: { ...Type.Ref(definition.response), headers: budgetHeaders },
          ...errorResponses([...definition.errors, ...dataPlaneErrors]),
        },
      },
    },
    async (request) => {
      const query = request.query as Static<Q>
      const result = await handler({
        params: request.params as Static<P>,
        query,
        raw: (query as { include?: string }).include === 'raw',
      })
      return { request_id: request.id, ...result }
    },
  )
}
