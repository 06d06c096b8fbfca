/**
 * Sign-in (DESIGN 4 `POST /v2/session`): throttle, credentials, verified address, then a new session.
 * An unknown e-mail and a wrong password get the same answer in the same time.
 */
import { AppError } from '../../shared/errors.ts'
import type { AccountService } from '../accounts/account-service.ts'
import type { AccountRow } from '../accounts/account-repository.ts'
import { normaliseEmail } from '../accounts/email-address.ts'
import type { SessionService } from './session-service.ts'
import type { SignInThrottle } from './sign-in-throttle.ts'

type Deps = {
  accounts: Pick<AccountService, 'checkCredentials'>
  sessions: Pick<SessionService, 'start'>
  throttle: SignInThrottle
}

export type SignedIn = { account: AccountRow; sessionId: string; csrfToken: string }

export function createSignInService({ accounts, sessions, throttle }: Deps) {
  async function signIn(email: string, password: string, clientAddress: string): Promise<SignedIn> {
    // Counted per address as typed when it is not even well-formed, so junk is throttled too.
    const accountKey = normaliseEmail(email)?.key ?? email.trim().toLowerCase()
    const attempt = await throttle.admit(accountKey, clientAddress)
    const account = await accounts.checkCredentials(email, password)
    if (account === undefined) {
      await attempt.failed()
      throw new AppError('invalid_credentials', 'The e-mail address or the password is wrong.')
    }
    await attempt.succeeded()
    // SPEC 5.7: nothing before the address is verified. Only someone who knows the password learns this.
    if (account.email_verified_at === null) {
      throw new AppError(
        'email_not_verified',
        'Confirm your e-mail address first: follow the link in the mail we sent (or ask for a new one).',
      )
    }
    const session = await sessions.start(account.id)
    return { account, ...session }
  }

  return { signIn }
}

export type SignInService = ReturnType<typeof createSignInService>
