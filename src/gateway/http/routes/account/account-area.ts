/** What the account, session and key routes need from the gateway's services. */
import type { AccountLifeService } from '../../../accounts/account-life-service.ts'
import type { AccountService } from '../../../accounts/account-service.ts'
import type { UsageAlerts } from '../../../alerts/usage-alerts.ts'
import type { TwoFactorService } from '../../../accounts/two-factor-service.ts'
import type { KeyService } from '../../../keys/key-service.ts'
import type { SessionService } from '../../../sessions/session-service.ts'
import type { SignInService } from '../../../sessions/sign-in-service.ts'
import type { SessionCookie } from '../../session-cookie.ts'

export type AccountArea = {
  accounts: AccountService
  sessions: SessionService
  signIn: SignInService
  keys: KeyService
  /** Change password or address, delete the account (docs/accounts.md). */
  life: AccountLifeService
  twoFactor: TwoFactorService
  /** The account's usage-alert setting; without it the setting is not served. */
  alerts?: Pick<UsageAlerts, 'enabled' | 'setEnabled'>
  /** SALLYPORT_PUBLIC_URL: its origin is the one CSRF checks expect, and https makes the cookie Secure. */
  publicBaseUrl: string | undefined
}

export type AccountRouteDeps = AccountArea & { cookie: SessionCookie }
