/** Schemas and error lists shared by the account, session and key routes. */
import { Type } from '@sinclair/typebox'
import type { ErrorCode } from '../../../../shared/errors.ts'
import { passwordRules } from '../../../accounts/password-hasher.ts'
import { maxEmailLength } from '../../../accounts/email-address.ts'
import { commonErrors, databaseErrors, rateLimitErrors } from '../../schemas.ts'

export const EmailField = Type.String({
  minLength: 1,
  maxLength: maxEmailLength,
  description: 'An e-mail address, at most 254 characters.',
  examples: ['ann@example.com'],
})

export const NewPasswordField = Type.String({
  minLength: passwordRules.minLength,
  maxLength: passwordRules.maxLength,
  description: `${passwordRules.minLength} to ${passwordRules.maxLength} characters; any characters, spaces included.`,
})

/** Sign-in takes whatever was set, under any earlier policy; the bound only keeps bodies sane. */
export const PasswordField = Type.String({ minLength: 1, maxLength: 1024 })

export const TokenField = Type.String({
  minLength: 1,
  maxLength: 256,
  description: 'The token from the link in the mail.',
})

export const AccountSchema = Type.Object(
  {
    id: Type.String({ examples: ['acct_4fQ2x9LmT0aZ8bY1cD3e'] }),
    email: Type.String(),
    email_verified: Type.Boolean(),
    plan: Type.String({
      description: 'The plan: `trial` until an operator moves the account to a paid plan.',
    }),
    created_at: Type.String({ format: 'date-time' }),
    trial: Type.Object(
      {
        ends_at: Type.String({ format: 'date-time', description: '30 days after the address was verified.' }),
        days_left: Type.Integer({ minimum: 0 }),
        requests_used: Type.Integer({ minimum: 0 }),
        requests_left: Type.Integer({ minimum: 0 }),
        requests_included: Type.Integer({ description: 'Billable requests the trial includes: 1,000.' }),
      },
      { description: 'The trial: 30 days and 1,000 requests across all keys of the account.' },
    ),
  },
  { $id: 'Account', description: 'The signed-in account.' },
)

export const SessionSchema = Type.Object(
  {
    csrf_token: Type.String({
      description: 'Send it in `x-csrf-token` with every state-changing call of this session.',
    }),
    account: Type.Ref('Account'),
  },
  { $id: 'Session' },
)

export const KeySchema = Type.Object(
  {
    id: Type.String({ examples: ['key_7hJ2k4LmN6pQ8rS0tU2v'] }),
    name: Type.String(),
    scopes: Type.Array(Type.Union([Type.Literal('proxy'), Type.Literal('read')])),
    prefix: Type.String({
      description: 'The first 12 characters of the key, to recognise it.',
      examples: ['sp_live_AbCd…'],
    }),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Last data-plane request with this key, to the minute; null when never used.',
    }),
    revoked_at: Type.Optional(
      Type.String({ format: 'date-time', description: 'Revoked keys only (`revoked=include`): when.' }),
    ),
    revoked_from: Type.Optional(
      Type.Union([Type.Literal('dashboard'), Type.Literal('account_deleted'), Type.Literal('admin')], {
        description:
          'Revoked keys only: from the dashboard, with the account’s deletion, or by an operator. No address is kept.',
      }),
    ),
  },
  { $id: 'ApiKey', description: 'An API key as listed. The key itself is never shown again.' },
)

export function statusBody(status: string, description: string) {
  return Type.Object({ status: Type.Literal(status) }, { description })
}

export const accountSchemas = [AccountSchema, SessionSchema, KeySchema]

/** Anonymous account calls with a JSON body. */
export const anonymousErrors: readonly ErrorCode[] = [
  'invalid_request',
  'payload_too_large',
  'csrf_failed',
  ...databaseErrors,
  ...commonErrors,
]

/**
 * Anonymous calls that write or mail: counted per client address and per e-mail address
 * (throttles/anonymous-throttle.ts), 429 `too_many_attempts` over the ceiling.
 */
export const throttledErrors: readonly ErrorCode[] = ['too_many_attempts', ...anonymousErrors]

/** Throttled calls that hash a password: the hashing gate may answer 503 `auth_busy` (hashing-gate.ts). */
export const hashingErrors: readonly ErrorCode[] = ['auth_busy', ...throttledErrors]

// Session calls count against the account's general budget (plugins/rate-limit.ts).
export const sessionReadErrors: readonly ErrorCode[] = [
  'session_required',
  ...rateLimitErrors,
  ...databaseErrors,
  ...commonErrors,
]

/**
 * A state-changing method has its body parsed whether or not the route reads one: a body that is not JSON,
 * or too large, is refused (422 `invalid_request`, 413 `payload_too_large`) even on `DELETE /v2/session`.
 */
export const sessionWriteErrors: readonly ErrorCode[] = [
  'session_required',
  'csrf_failed',
  'invalid_request',
  'payload_too_large',
  ...rateLimitErrors,
  ...databaseErrors,
  ...commonErrors,
]
