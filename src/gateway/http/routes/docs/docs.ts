/** The public reference (SPEC 4.5, 9): /v2/docs/openapi.json, /v2/docs, /v2/docs/errors and its stylesheet. */
import type { FastifyInstance } from 'fastify'
import { docsCss, renderErrors, renderReference } from './render-docs.ts'

export function registerDocsRoutes(app: FastifyInstance): void {
  let reference: string | undefined
  const errorsPage = renderErrors()

  app.get(
    '/v2/docs/openapi.json',
    {
      schema: {
        operationId: 'openapi',
        tags: ['docs'],
        summary: 'This reference, machine-readable (OpenAPI 3.1)',
      },
    },
    async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  )
  app.get(
    '/v2/docs',
    { schema: { operationId: 'reference', tags: ['docs'], summary: 'This reference, for people (HTML)' } },
    async (_request, reply) => {
      reference ??= renderReference(app.swagger() as unknown as Record<string, unknown>)
      return reply.type('text/html; charset=utf-8').send(reference)
    },
  )
  app.get(
    '/v2/docs/errors',
    {
      schema: {
        operationId: 'errorReference',
        tags: ['docs'],
        summary: 'Every error code, for people (HTML)',
      },
    },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(errorsPage),
  )
  app.get('/v2/docs/assets/docs.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(docsCss),
  )
}
