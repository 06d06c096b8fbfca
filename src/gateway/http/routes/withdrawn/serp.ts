/** The withdrawn search endpoint (SPEC 1.4, DESIGN 2): GET or POST /v2/serp and /v2/search answer 410. */
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../../../shared/errors.ts'
import { errorResponses } from '../../schemas.ts'

function withdrawn(): AppError {
  return new AppError(
    'serp_withdrawn',
    'The search endpoint has been withdrawn; search results are not offered.',
  )
}

export function registerSerpRoutes(app: FastifyInstance): void {
  for (const url of ['/v2/serp', '/v2/search']) {
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url,
        // Before the body is read: whatever a POST carries (malformed, too large, another type), the
        // answer is the same 410.
        onRequest: async () => {
          throw withdrawn()
        },
        schema: {
          operationId: `withdrawn${method === 'GET' ? 'Get' : 'Post'}${url === '/v2/serp' ? 'Serp' : 'Search'}`,
          deprecated: true,
          tags: ['withdrawn'],
          summary: 'Search results (withdrawn)',
          description: 'Search-engine results are not offered. Every call answers 410 `serp_withdrawn`.',
          response: errorResponses(['serp_withdrawn']),
        },
        handler: async () => {
          throw withdrawn()
        },
      })
    }
  }
}
