/**
 * POST /v2/account/verify/resend: another confirmation mail, bound to the password sent with it (never to
 * the stored one, which may be a stranger's). The same 202 whatever the address.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from './account-area.ts'
import { EmailField, hashingErrors, NewPasswordField, statusBody } from './account-schemas.ts'

const Body = Type.Object({ email: EmailField, password: NewPasswordField }, { additionalProperties: false })

export function registerResendVerification(
  app: FastifyInstance,
  deps: Pick<AccountRouteDeps, 'accounts'>,
): void {
  app.post<{ Body: Static<typeof Body> }>(
    '/v2/account/verify/resend',
    {
      config: { session: 'anonymous' },
      schema: {
        operationId: 'resendVerification',
        tags: ['account'],
        summary: 'Send the confirmation mail again',
        description:
          'Only an account still waiting for confirmation gets a mail, at most a few an hour; the answer is ' +
          'the same in every case. The password follows the sign-up rules: confirming the new link sets ' +
          'it, exactly like signing up again, so a link can only ever set a password its requester typed. ' +
          'Earlier links stay valid (each sets its own password) until one of them is used.',
        body: Body,
        response: {
          202: statusBody('verification_sent', 'A mail is on its way if the address is waiting for one.'),
          ...errorResponses(hashingErrors),
        },
      },
    },
    async (request, reply) => {
      await deps.accounts.resendVerification(request.body.email, request.body.password, request.ip)
      return reply.code(202).send({ status: 'verification_sent' })
    },
  )
}
