/**
 * The signed-in person changes their password or their e-mail address (docs/accounts.md):
 * - POST /v2/account/password: the current password, then every other session ends;
 * - POST /v2/account/email: the password; the new address gets a link, the old one is told;
 * - POST /v2/account/email/confirm: the link's token (no session: the mail may be opened elsewhere).
 */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from './account-area.ts'
import {
  EmailField,
  NewPasswordField,
  PasswordField,
  sessionWriteErrors,
  statusBody,
  throttledErrors,
  TokenField,
} from './account-schemas.ts'

const PasswordBody = Type.Object(
  { current_password: PasswordField, new_password: NewPasswordField },
  { additionalProperties: false },
)
const EmailBody = Type.Object(
  { new_email: EmailField, password: PasswordField },
  { additionalProperties: false },
)
const ConfirmBody = Type.Object({ token: TokenField }, { additionalProperties: false })

const writeErrors = [
  'invalid_request',
  'invalid_credentials',
  'payload_too_large',
  ...sessionWriteErrors,
] as const

export function registerChangeCredentials(app: FastifyInstance, deps: Pick<AccountRouteDeps, 'life'>): void {
  app.post<{ Body: Static<typeof PasswordBody> }>(
    '/v2/account/password',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'changePassword',
        tags: ['account'],
        summary: 'Change the password',
        description: 'Needs the current password. Every other session of the account ends; this one stays.',
        body: PasswordBody,
        response: { 204: Type.Null({ description: 'Changed.' }), ...errorResponses([...writeErrors]) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      await deps.life.changePassword(
        session.accountId,
        session.sessionId,
        request.body.current_password,
        request.body.new_password,
      )
      request.log.info({ account_id: session.accountId }, 'password changed')
      return reply.code(204).send()
    },
  )

  app.post<{ Body: Static<typeof EmailBody> }>(
    '/v2/account/email',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'changeEmail',
        tags: ['account'],
        summary: 'Change the e-mail address',
        description:
          'Needs the password. The new address gets a link and takes effect only once it is confirmed; the ' +
          'current address is told. The answer is the same whether or not the new address is free.',
        body: EmailBody,
        response: {
          202: statusBody('pending', 'A link is on its way to the new address.'),
          ...errorResponses([...writeErrors]),
        },
      },
    },
    async (request, reply) => {
      const { accountId } = sessionOf(request)
      await deps.life.requestEmailChange(accountId, request.body.new_email, request.body.password)
      return reply.code(202).send({ status: 'pending' })
    },
  )

  app.post<{ Body: Static<typeof ConfirmBody> }>(
    '/v2/account/email/confirm',
    {
      config: { session: 'anonymous' },
      schema: {
        operationId: 'confirmEmailChange',
        tags: ['account'],
        summary: 'Confirm a new e-mail address with the mailed token',
        description:
          'The token is the one mailed to the new address by `POST /v2/account/email`. No session needed. ' +
          'Counted with the other anonymous account calls: 30 in 15 minutes from one client address (429 ' +
          '`too_many_attempts` with Retry-After).',
        body: ConfirmBody,
        response: {
          200: statusBody('changed', 'The account uses the new address now.'),
          ...errorResponses(['invalid_token', ...throttledErrors]),
        },
      },
    },
    async (request) => {
      await deps.life.confirmEmailChange(request.body.token, request.ip)
      return { status: 'changed' as const }
    },
  )
}
