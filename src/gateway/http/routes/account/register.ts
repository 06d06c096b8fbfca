/** The account area: session checks, then the account, session and key routes (DESIGN 4). */
import type { FastifyInstance } from 'fastify'
import { registerSessionAuth } from '../../plugins/session.ts'
import { sessionCookieFor } from '../../session-cookie.ts'
import { registerCreateKey } from '../keys/create-key.ts'
import { registerListKeys } from '../keys/list-keys.ts'
import { registerRevokeKey } from '../keys/revoke-key.ts'
import { registerCreateSession } from '../session/create-session.ts'
import { registerDeleteAllSessions } from '../session/delete-all-sessions.ts'
import { registerDeleteSession } from '../session/delete-session.ts'
import { registerGetSession } from '../session/get-session.ts'
import type { AccountArea } from './account-area.ts'
import { accountSchemas } from './account-schemas.ts'
import { registerAlertSettings } from './alert-settings.ts'
import { registerChangeCredentials } from './change-credentials.ts'
import { registerConfirmPasswordReset } from './confirm-password-reset.ts'
import { registerCreateAccount } from './create-account.ts'
import { registerDeleteAccount } from './delete-account.ts'
import { registerGetAccount } from './get-account.ts'
import { registerRequestPasswordReset } from './request-password-reset.ts'
import { registerResendVerification } from './resend-verification.ts'
import { registerTwoFactor } from './two-factor.ts'
import { registerVerifyEmail } from './verify-email.ts'

export { accountSchemas }

export function registerAccountArea(app: FastifyInstance, area: AccountArea): void {
  const cookie = sessionCookieFor(area.publicBaseUrl, area.sessions.policy.absoluteMs)
  const publicOrigin = area.publicBaseUrl === undefined ? undefined : new URL(area.publicBaseUrl).origin
  registerSessionAuth(app, { sessions: area.sessions, cookie, publicOrigin })
  const deps = { ...area, cookie }

  registerCreateAccount(app, deps)
  registerVerifyEmail(app, deps)
  registerResendVerification(app, deps)
  registerRequestPasswordReset(app, deps)
  registerConfirmPasswordReset(app, deps)
  registerGetAccount(app, deps)
  registerChangeCredentials(app, deps)
  registerTwoFactor(app, deps)
  registerDeleteAccount(app, deps)
  if (area.alerts !== undefined) registerAlertSettings(app, { alerts: area.alerts })

  registerCreateSession(app, deps)
  registerGetSession(app, deps)
  registerDeleteSession(app, deps)
  registerDeleteAllSessions(app, deps)

  registerListKeys(app, deps)
  registerCreateKey(app, deps)
  registerRevokeKey(app, deps)
}
