/** GET /v2/keys: the account's live keys. Never the key itself, never its digest. */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from '../account/account-area.ts'
import { sessionReadErrors } from '../account/account-schemas.ts'

const KeyList = Type.Object({ keys: Type.Array(Type.Ref('ApiKey')) })

const Query = Type.Object(
  {
    revoked: Type.Optional(
      Type.Literal('include', { description: '`include`: revoked keys too, with when and from where.' }),
    ),
  },
  { additionalProperties: false },
)

export function registerListKeys(app: FastifyInstance, deps: Pick<AccountRouteDeps, 'keys'>): void {
  app.get<{ Querystring: Static<typeof Query> }>(
    '/v2/keys',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'listKeys',
        tags: ['account'],
        summary: "The account's API keys",
        description:
          'Dashboard session only: an API key here is refused with `session_required`. Live keys, ' +
          'or with `revoked=include` every key, revoked ones with `revoked_at` and `revoked_from`.',
        querystring: Query,
        response: { 200: KeyList, ...errorResponses(['invalid_request', ...sessionReadErrors]) },
      },
    },
    async (request) => ({
      keys: await deps.keys.list(sessionOf(request).accountId, {
        includeRevoked: request.query.revoked === 'include',
      }),
    }),
  )
}
