/**
 * POST /v2/account/delete: the account ends (docs/accounts.md). Confirmed with the password; its keys
 * are revoked (refused at their next request on every gateway), every session ends, personal data is
 * erased, and what billing must keep stays under the bare account id.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import { clearedSessionCookie } from '../../session-cookie.ts'
import type { AccountRouteDeps } from './account-area.ts'
import { PasswordField, sessionWriteErrors } from './account-schemas.ts'

const Body = Type.Object({ password: PasswordField }, { additionalProperties: false })

export function registerDeleteAccount(
  app: FastifyInstance,
  deps: Pick<AccountRouteDeps, 'life' | 'cookie'>,
): void {
  app.post<{ Body: Static<typeof Body> }>(
    '/v2/account/delete',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'deleteAccount',
        tags: ['account'],
        summary: 'Delete the account',
        description:
          'Needs the password. Keys stop working at their next request, every session ends, the address ' +
          'and password are erased. Usage and charges stay for billing (docs/accounts.md). 503 ' +
          '`store_unavailable` when the keys cannot be revoked on every gateway (the shared store is down): ' +
          'nothing was deleted; try again.',
        body: Body,
        response: {
          204: Type.Null({ description: 'Deleted; the session cookie is cleared.' }),
          ...errorResponses([
            'invalid_request',
            'invalid_credentials',
            'payload_too_large',
            'store_unavailable',
            ...sessionWriteErrors,
          ]),
        },
      },
    },
    async (request, reply) => {
      const { accountId } = sessionOf(request)
      await deps.life.deleteAccount(accountId, request.body.password)
      request.log.info({ account_id: accountId }, 'account deleted')
      return reply.code(204).header('set-cookie', clearedSessionCookie(deps.cookie)).send()
    },
  )
}
