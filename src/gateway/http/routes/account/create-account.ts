/** POST /v2/account: sign up (SPEC 5.7, DESIGN 4). The same 202 whether or not the address has an account. */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from './account-area.ts'
import { EmailField, hashingErrors, NewPasswordField, statusBody } from './account-schemas.ts'

const Body = Type.Object({ email: EmailField, password: NewPasswordField }, { additionalProperties: false })

export function registerCreateAccount(app: FastifyInstance, deps: Pick<AccountRouteDeps, 'accounts'>): void {
  app.post<{ Body: Static<typeof Body> }>(
    '/v2/account',
    {
      config: { session: 'anonymous' },
      schema: {
        operationId: 'createAccount',
        tags: ['account'],
        summary: 'Sign up',
        description:
          'Sends a mail with a confirmation link (valid 24 hours) to the address. The answer is the same ' +
          'whether or not the address already has an account, so it cannot be used to find out who does; ' +
          'an address with an account gets a mail saying so instead. Nothing, keys included, can be used ' +
          'before the address is confirmed.',
        body: Body,
        response: {
          202: statusBody(
            'verification_sent',
            'A confirmation mail is on its way (if the address can have one).',
          ),
          ...errorResponses(hashingErrors),
        },
      },
    },
    async (request, reply) => {
      await deps.accounts.signUp(request.body.email, request.body.password, request.ip)
      return reply.code(202).send({ status: 'verification_sent' })
    },
  )
}
