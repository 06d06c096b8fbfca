/**
 * Two-factor sign-in (TOTP, RFC 6238) for the signed-in account: its state, the setup in two steps
 * (a secret for the app, then the first code, answered with ten recovery codes shown once), turning it
 * off with the password.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import type { AccountRouteDeps } from './account-area.ts'
import { PasswordField, sessionReadErrors, sessionWriteErrors } from './account-schemas.ts'

const State = Type.Object({
  enabled: Type.Boolean(),
  recovery_codes_left: Type.Integer({ minimum: 0 }),
})
const Setup = Type.Object({
  secret: Type.String({ description: 'Base32, for typing into the authenticator app.' }),
  otpauth_uri: Type.String({ description: 'The same as an `otpauth://totp/...` URI.' }),
})
const CodeBody = Type.Object(
  {
    code: Type.String({
      minLength: 6,
      maxLength: 16,
      description: 'The 6-digit code the app shows.',
      examples: ['492039'],
    }),
  },
  { additionalProperties: false },
)
const PasswordBody = Type.Object({ password: PasswordField }, { additionalProperties: false })
const writeErrors = ['invalid_request', 'payload_too_large', ...sessionWriteErrors] as const

export function registerTwoFactor(
  app: FastifyInstance,
  deps: Pick<AccountRouteDeps, 'twoFactor' | 'life' | 'accounts'>,
): void {
  const session = { config: { session: 'required' as const } }

  app.get(
    '/v2/account/two-factor',
    {
      ...session,
      schema: {
        operationId: 'twoFactorState',
        tags: ['account'],
        summary: 'Whether two-factor sign-in is on',
        description: 'On: signing in takes a code from the authenticator app as well as the password.',
        response: { 200: State, ...errorResponses(sessionReadErrors) },
      },
    },
    async (request) => deps.twoFactor.status(sessionOf(request).accountId),
  )

  app.post(
    '/v2/account/two-factor',
    {
      ...session,
      schema: {
        operationId: 'beginTwoFactor',
        tags: ['account'],
        summary: 'Start the two-factor setup: a new secret for the app',
        description:
          'Two-factor sign-in stays off until the first code from the app is confirmed with ' +
          '`POST /v2/account/two-factor/confirm`.',
        response: { 200: Setup, ...errorResponses([...writeErrors]) },
      },
    },
    async (request) => {
      const { accountId } = sessionOf(request)
      const account = await deps.accounts.view(accountId)
      return deps.twoFactor.begin(accountId, account.email)
    },
  )

  app.post<{ Body: Static<typeof CodeBody> }>(
    '/v2/account/two-factor/confirm',
    {
      ...session,
      schema: {
        operationId: 'confirmTwoFactor',
        tags: ['account'],
        summary: 'Turn two-factor sign-in on with the first code',
        description:
          'Answers ten recovery codes, once: each signs in once in place of a code. Only digests are kept.',
        body: CodeBody,
        response: {
          200: Type.Object({ recovery_codes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }) }),
          ...errorResponses([...writeErrors]),
        },
      },
    },
    async (request, reply) => {
      const codes = await deps.twoFactor.confirm(sessionOf(request).accountId, request.body.code)
      void reply.header('cache-control', 'no-store')
      return { recovery_codes: codes }
    },
  )

  app.post<{ Body: Static<typeof PasswordBody> }>(
    '/v2/account/two-factor/disable',
    {
      ...session,
      schema: {
        operationId: 'disableTwoFactor',
        tags: ['account'],
        summary: 'Turn two-factor sign-in off',
        description: 'Takes the account password; the recovery codes stop working too.',
        body: PasswordBody,
        response: {
          204: Type.Null({ description: 'Off.' }),
          ...errorResponses(['invalid_credentials', ...writeErrors]),
        },
      },
    },
    async (request, reply) => {
      const { accountId } = sessionOf(request)
      await deps.life.confirmPasswordOf(accountId, request.body.password)
      await deps.twoFactor.disable(accountId)
      return reply.code(204).send()
    },
  )
}
