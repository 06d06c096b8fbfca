/** GET /v2/keys: the account's live keys. Never the key itself, never its digest. */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from '../account/account-area.ts'
import { sessionReadErrors } from '../account/account-schemas.ts'

const KeyList = Type.Object({ keys: Type.Array(Type.Ref('ApiKey')) })

export function registerListKeys(app: FastifyInstance, deps: Pick<AccountRouteDeps, 'keys'>): void {
  app.get(
    '/v2/keys',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'listKeys',
        tags: ['account'],
        summary: "The account's API keys",
        description: 'Dashboard session only: an API key here is refused with `session_required`.',
        response: { 200: KeyList, ...errorResponses(sessionReadErrors) },
      },
    },
    async (request) => ({ keys: await deps.keys.list(sessionOf(request).accountId) }),
  )
}
