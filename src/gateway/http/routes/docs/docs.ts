/**
 * The public reference (SPEC 4.5, 9): /v2/docs/openapi.json, /v2/docs (Swagger UI: reference-ui.ts),
 * /v2/docs/errors and its stylesheet; and the pages a person lands on: / and /plans.
 */
import type { FastifyInstance } from 'fastify'
import { registerReferenceUi } from './reference-ui.ts'
import { docsCss, renderErrors, renderLanding, renderPlans } from './render-docs.ts'

export function registerDocsRoutes(app: FastifyInstance): void {
  const errorsPage = renderErrors()
  let plansPage: string | undefined

  app.get(
    '/v2/docs/openapi.json',
    {
      schema: {
        operationId: 'openapi',
        tags: ['docs'],
        summary: 'This reference, machine-readable (OpenAPI 3.1)',
        description: 'Generated from the route schemas the service checks requests against.',
        response: {
          200: {
            description: 'The OpenAPI 3.1 document.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  example: {
                    openapi: '3.1.0',
                    info: { title: 'Sallyport API', version: '2.0.0' },
                    paths: {},
                  },
                },
              },
            },
          },
        },
      },
    },
    async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  )
  registerReferenceUi(app)
  app.get(
    '/v2/docs/errors',
    {
      schema: {
        operationId: 'errorReference',
        tags: ['docs'],
        summary: 'Every error code, for people (HTML)',
        description: 'For people; machines read the `code` enum of `Problem` in this document instead.',
        response: {
          200: {
            description:
              'The error guide: every code, its HTTP status, when it happens and whether to retry.',
            content: {
              'text/html': {
                schema: { type: 'string', example: '<!doctype html>\n<html lang="en">…</html>' },
              },
            },
          },
        },
      },
    },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(errorsPage),
  )
  app.get('/v2/docs/assets/docs.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(docsCss),
  )
  app.get('/', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderLanding(`${request.protocol}://${request.host}`)),
  )
  // The plans for people, from the very answer GET /v2/plans gives (the catalog, prices set at start-up).
  app.get('/plans', { schema: { hide: true } }, async (_request, reply) => {
    if (plansPage === undefined) {
      const answer = await app.inject({ method: 'GET', url: '/v2/plans' })
      if (answer.statusCode !== 200)
        return reply.code(503).type('text/plain; charset=utf-8').send('Plans are unavailable')
      plansPage = renderPlans(answer.json())
    }
    return reply.type('text/html; charset=utf-8').send(plansPage)
  })
}
