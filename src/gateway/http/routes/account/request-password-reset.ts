/** POST /v2/account/password-reset: mail a reset link. The same 202 whether or not the address has an account. */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from './account-area.ts'
import { EmailField, throttledErrors, statusBody } from './account-schemas.ts'

const Body = Type.Object({ email: EmailField }, { additionalProperties: false })

export function registerRequestPasswordReset(
  app: FastifyInstance,
  deps: Pick<AccountRouteDeps, 'accounts'>,
): void {
  app.post<{ Body: Static<typeof Body> }>(
    '/v2/account/password-reset',
    {
      config: { session: 'anonymous' },
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['account'],
        summary: 'Ask for a password reset link',
        description:
          'An address with an account gets a link to choose a new password, valid once and for 1 hour. The ' +
          'answer is the same for every address, and is given before the address is even looked up. At most ' +
          '10 calls an hour name one e-mail address, and 30 in 15 minutes come from one client address ' +
          '(429 `too_many_attempts` with Retry-After).',
        body: Body,
        response: {
          202: statusBody('reset_sent', 'A reset mail is on its way if the address has an account.'),
          ...errorResponses(throttledErrors),
        },
      },
    },
    async (request, reply) => {
      await deps.accounts.requestPasswordReset(request.body.email, request.ip)
      return reply.code(202).send({ status: 'reset_sent' })
    },
  )
}
