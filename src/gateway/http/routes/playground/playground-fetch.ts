/**
 * POST /v2/dashboard/fetch: the dashboard's playground (issue 15). A signed-in person's fetch, run by
 * the real fetch route (`POST /v2/proxy/fetch`) through `inject()` with a one-use pass for the session's
 * account (plugins/playground-pass.ts): the same validation, limits, trial, spending cap, dispatch and
 * billing as any API call, and the same problem when it fails. What comes back differs in one way: the
 * target's body is cut to a preview, which the page shows as text.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { PlaygroundPasses } from '../../plugins/playground-pass.ts'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import { sessionWriteErrors } from '../account/account-schemas.ts'
import { FetchBody, FetchQuery, fetchErrors } from '../proxy/fetch-schemas.ts'

/** Enough of a page to recognise it; the whole body is what the API is for. */
export const previewChars = 16_384

const PlaygroundResult = Type.Object(
  {
    status: Type.Integer({ description: "The target's own HTTP status." }),
    region_used: Type.Ref('Region'),
    public_ip: Type.String(),
    device_id: Type.String(),
    final_url: Type.String(),
    redirects: Type.Integer({ minimum: 0 }),
    content_type: Type.String(),
    bytes: Type.Integer({ minimum: 0 }),
    elapsed_ms: Type.Integer({ minimum: 0 }),
    preview: Type.String({ description: `The first ${previewChars} characters of the body (\`result\`).` }),
    preview_truncated: Type.Boolean(),
  },
  { $id: 'PlaygroundResult', description: 'The fetch envelope with the body cut to a preview.' },
)

export const playgroundSchemas = [PlaygroundResult]

type Envelope = Omit<Static<typeof PlaygroundResult>, 'preview' | 'preview_truncated'> & { result: string }

/** The headers of the fetch's answer a browser may want: the limits, and when to retry. */
const passedHeaders = ['retry-after', 'ratelimit', 'ratelimit-policy'] as const

export function registerPlaygroundFetch(app: FastifyInstance, deps: { passes: PlaygroundPasses }): void {
  app.post<{ Body: Static<typeof FetchBody>; Querystring: Static<typeof FetchQuery> }>(
    '/v2/dashboard/fetch',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'playgroundFetch',
        tags: ['account'],
        summary: 'Fetch a URL from the dashboard (the playground)',
        description:
          'Dashboard session only. Runs `POST /v2/proxy/fetch` for the signed-in account, billed and limited ' +
          'exactly like it, and answers its envelope with the body cut to a preview, or its problem.',
        querystring: FetchQuery,
        body: FetchBody,
        response: {
          200: Type.Ref('PlaygroundResult'),
          ...errorResponses([...sessionWriteErrors, ...fetchErrors]),
        },
      },
    },
    async (request, reply) => {
      const pass = deps.passes.issue(sessionOf(request).accountId)
      let answer
      try {
        const region = request.query.region
        answer = await app.inject({
          method: 'POST',
          url:
            region === undefined ? '/v2/proxy/fetch' : `/v2/proxy/fetch?region=${encodeURIComponent(region)}`,
          // No User-Agent: the node sends its own identifier, as for an API call without one.
          headers: { 'x-api-key': pass, 'content-type': 'application/json', 'user-agent': '' },
          payload: JSON.stringify({ url: request.body.url }),
        })
      } finally {
        deps.passes.revoke(pass)
      }
      for (const name of passedHeaders) {
        const value = answer.headers[name]
        if (typeof value === 'string') void reply.header(name, value)
      }
      if (answer.statusCode !== 200) {
        return reply
          .code(answer.statusCode)
          .type(String(answer.headers['content-type'] ?? 'application/problem+json'))
          .send(answer.body)
      }
      const { result, ...envelope } = answer.json<Envelope>()
      return {
        ...envelope,
        preview: result.slice(0, previewChars),
        preview_truncated: result.length > previewChars,
      }
    },
  )
}
