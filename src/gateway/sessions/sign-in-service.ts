/**
 * Sign-in (DESIGN 4 `POST /v2/session`): throttle, credentials, verified address, then a new session.
 * An unknown e-mail and a wrong password get the same answer in the same time.
 */
import { AppError } from '../../shared/errors.ts'
import type { AccountService } from '../accounts/account-service.ts'
import type { AccountRow } from '../accounts/account-repository.ts'
import type { TwoFactorService } from '../accounts/two-factor-service.ts'
import { normaliseEmail } from '../accounts/email-address.ts'
import type { SessionService } from './session-service.ts'
import type { SignInThrottle } from './sign-in-throttle.ts'

type Deps = {
  accounts: Pick<AccountService, 'checkCredentials'>
  sessions: Pick<SessionService, 'start'>
  throttle: SignInThrottle
  /** Two-factor sign-in; without it, no account has a second factor. */
  twoFactor?: Pick<TwoFactorService, 'enabled' | 'check'>
}

export type SignedIn = { account: AccountRow; sessionId: string; csrfToken: string }

export function createSignInService({ accounts, sessions, throttle, twoFactor }: Deps) {
  async function signIn(
    email: string,
    password: string,
    clientAddress: string,
    code?: string,
  ): Promise<SignedIn> {
    // Counted per address as typed when it is not even well-formed, so junk is throttled too.
    const accountKey = normaliseEmail(email)?.key ?? email.trim().toLowerCase()
    const attempt = await throttle.admit(accountKey, clientAddress)
    const account = await accounts.checkCredentials(email, password)
    if (account === undefined) {
      await attempt.failed()
      throw new AppError('invalid_credentials', 'The e-mail address or the password is wrong.')
    }
    // The second factor is part of the attempt: a wrong code counts as a failed sign-in, so the
    // throttle bounds guesses of the code exactly as it bounds guesses of the password.
    if (twoFactor !== undefined && (await twoFactor.enabled(account.id))) {
      if (code === undefined || code.trim() === '') {
        throw new AppError(
          'totp_required',
          'Enter the 6-digit code from your authenticator app, or a recovery code.',
        )
      }
      if (!(await twoFactor.check(account.id, code))) {
        await attempt.failed()
        throw new AppError(
          'invalid_credentials',
          'code is not the one your app shows now, or was used already.',
        )
      }
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
