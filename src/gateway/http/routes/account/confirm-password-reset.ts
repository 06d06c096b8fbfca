/** POST /v2/account/password-reset/confirm: set a new password with the mailed token; ends every session. */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from './account-area.ts'
import { hashingErrors, NewPasswordField, statusBody, TokenField } from './account-schemas.ts'

const Body = Type.Object({ token: TokenField, password: NewPasswordField }, { additionalProperties: false })

export function registerConfirmPasswordReset(
  app: FastifyInstance,
  deps: Pick<AccountRouteDeps, 'accounts'>,
): void {
  app.post<{ Body: Static<typeof Body> }>(
    '/v2/account/password-reset/confirm',
    {
      config: { session: 'anonymous' },
      schema: {
        operationId: 'confirmPasswordReset',
        tags: ['account'],
        summary: 'Choose a new password',
        description:
          'Takes the token of the reset link and the new password. Every session of the account ends, on ' +
          'every device; API keys keep working. Following the link also confirms the address.',
        body: Body,
        response: {
          200: statusBody('password_changed', 'The new password is set; sign in with it.'),
          ...errorResponses(['invalid_token', ...hashingErrors]),
        },
      },
    },
    async (request) => {
      const accountId = await deps.accounts.confirmPasswordReset(
        request.body.token,
        request.body.password,
        request.ip,
      )
      request.log.info({ account_id: accountId }, 'password reset; every session ended')
      return { status: 'password_changed' as const }
    },
  )
}
