/**
 * POST /v2/account/verify: confirm the address with the token from the mail. A POST, never a GET: mail
 * scanners open links, so the dashboard's confirm page posts the token when the person presses a button.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from './account-area.ts'
import { statusBody, throttledErrors, TokenField } from './account-schemas.ts'

const Body = Type.Object({ token: TokenField }, { additionalProperties: false })

export function registerVerifyEmail(app: FastifyInstance, deps: Pick<AccountRouteDeps, 'accounts'>): void {
  app.post<{ Body: Static<typeof Body> }>(
    '/v2/account/verify',
    {
      config: { session: 'anonymous' },
      schema: {
        operationId: 'verifyEmail',
        tags: ['account'],
        summary: 'Confirm the e-mail address',
        description:
          'Takes the token of the confirmation link. A token works once and for 24 hours. The 30-day trial ' +
          'starts now. Confirming does not sign in. Counted with the other anonymous account calls: 30 in 15 ' +
          'minutes from one client address (429 `too_many_attempts` with Retry-After).',
        body: Body,
        response: {
          200: statusBody('verified', 'The address is confirmed; sign in.'),
          ...errorResponses(['invalid_token', ...throttledErrors]),
        },
      },
    },
    async (request) => {
      const accountId = await deps.accounts.verifyEmail(request.body.token, request.ip)
      request.log.info({ account_id: accountId }, 'e-mail address verified')
      return { status: 'verified' as const }
    },
  )
}
