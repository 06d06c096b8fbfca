/** DELETE /v2/keys/{id}: revoke a key. Refused from the very next request on (SPEC 5.6); other keys are untouched. */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from '../account/account-area.ts'
import { sessionWriteErrors } from '../account/account-schemas.ts'

const Params = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'The key id, `key_…`.' }),
})

export function registerRevokeKey(app: FastifyInstance, deps: Pick<AccountRouteDeps, 'keys'>): void {
  app.delete<{ Params: Static<typeof Params> }>(
    '/v2/keys/:id',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'revokeKey',
        tags: ['account'],
        summary: 'Revoke an API key',
        description:
          'Dashboard session only, with `x-csrf-token`. 404 `not_found` for an id this account has no live key ' +
          'with. 503 `store_unavailable` when the revocation cannot be announced to every gateway (the shared ' +
          'store is down): nothing was changed and the key still works; try again.',
        params: Params,
        response: {
          204: Type.Null({ description: 'Revoked.' }),
          ...errorResponses(['not_found', 'invalid_request', 'store_unavailable', ...sessionWriteErrors]),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      await deps.keys.revoke(session.accountId, request.params.id)
      request.log.info({ account_id: session.accountId, key_id: request.params.id }, 'API key revoked')
      return reply.code(204).send()
    },
  )
}
