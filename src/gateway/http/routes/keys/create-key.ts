/** POST /v2/keys: mint an API key. The answer is the only time the key is shown (SPEC 5.5). */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from '../account/account-area.ts'
import { sessionWriteErrors } from '../account/account-schemas.ts'

const Body = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, description: 'For people: where the key is used.' }),
    scopes: Type.Array(Type.Union([Type.Literal('proxy'), Type.Literal('read')]), {
      minItems: 1,
      maxItems: 2,
      uniqueItems: true,
      description: '`proxy`: fetch, regions, status. `read`: the user-agent catalog and usage.',
    }),
  },
  { additionalProperties: false },
)

const NewKey = Type.Object(
  {
    id: Type.String(),
    key: Type.String({
      description:
        'The API key, shown this once and never again: only its SHA-256 is kept. Keep it server-side.',
      examples: ['sp_live_8sK2mQ9xLr4Tz7Vb1Nc5Yd3Wf6Hj0Ga2Pe1Xu'],
    }),
    name: Type.String(),
    scopes: Type.Array(Type.Union([Type.Literal('proxy'), Type.Literal('read')])),
    prefix: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { description: 'The new key.' },
)

export function registerCreateKey(app: FastifyInstance, deps: Pick<AccountRouteDeps, 'keys'>): void {
  app.post<{ Body: Static<typeof Body> }>(
    '/v2/keys',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'createKey',
        tags: ['account'],
        summary: 'Mint an API key',
        description:
          'Dashboard session only, with `x-csrf-token`. All keys of an account share its rate ' +
          'budget and trial. At most 100 live keys per account.',
        body: Body,
        response: {
          201: NewKey,
          ...errorResponses(['invalid_request', 'payload_too_large', ...sessionWriteErrors]),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      const minted = await deps.keys.mint(session.accountId, request.body)
      request.log.info({ account_id: session.accountId, key_id: minted.id }, 'API key minted')
      return reply.code(201).header('cache-control', 'no-store').send(minted)
    },
  )
}
