/**
 * The account's own life after sign-up (docs/accounts.md): change the password, change the e-mail
 * address, delete the account. Every change needs the current password; the mails go through the same
 * mailer as verification, in the background.
 */
import type { Mailer, MailMessage } from '../../infra/mail/mailer.ts'
import type { Clock } from '../../shared/clock.ts'
import { AppError } from '../../shared/errors.ts'
import type { BackgroundTasks } from '../background-tasks.ts'
import type { KeyRepository } from '../keys/key-repository.ts'
import type { SessionService } from '../sessions/session-service.ts'
import type { AnonymousThrottle } from '../throttles/anonymous-throttle.ts'
import {
  accountDeletedMail,
  confirmNewEmailMail,
  emailChangeRequestedMail,
  passwordChangedMail,
} from './account-life-mails.ts'
import type { AccountLifeRepository } from './account-life-repository.ts'
import type { AccountRepository } from './account-repository.ts'
import type { Links } from './account-links.ts'
import { normaliseEmail } from './email-address.ts'
import { passwordProblem, type PasswordHasher } from './password-hasher.ts'
import { digestOf, isSecretShaped, newSecret } from './secrets.ts'

const emailChangeLifetimeMs = 24 * 60 * 60_000

type Deps = {
  accounts: Pick<AccountRepository, 'findById' | 'findByEmailKey' | 'setPassword'>
  life: AccountLifeRepository
  keys: Pick<KeyRepository, 'revokeAll'>
  sessions: Pick<SessionService, 'endOthers'>
  hasher: PasswordHasher
  /** The per-client-address ceiling of anonymous account calls (throttles/anonymous-throttle.ts). */
  anonymous: Pick<AnonymousThrottle, 'admit'>
  mailer: Pick<Mailer, 'send'>
  links: Links
  clock: Clock
  background: BackgroundTasks
}

export function createAccountLifeService(deps: Deps) {
  const { accounts, life, hasher, clock } = deps

  function mail(accountId: string, kind: string, message: MailMessage, link?: string): void {
    deps.background.run(
      'mail',
      () => deps.mailer.send(message, { accountId, kind, ...(link !== undefined && { link }) }),
      { account_id: accountId, mail: kind },
    )
  }

  /** The account, if `password` is its password; else `invalid_credentials` on the password field. */
  async function confirmPassword(accountId: string, password: string, field: string) {
    const account = await accounts.findById(accountId)
    if (account === undefined || !(await hasher.verify(password, account.password_hash))) {
      throw new AppError('invalid_credentials', `${field}: that is not your current password.`)
    }
    return account
  }

  /** A new password; every other session of the account ends (the one that asked stays). */
  async function changePassword(
    accountId: string,
    sessionId: string,
    current: string,
    next: string,
  ): Promise<void> {
    const problem = passwordProblem(next)
    if (problem !== undefined)
      throw new AppError('invalid_request', problem.replace('password', 'new_password'))
    const account = await confirmPassword(accountId, current, 'current_password')
    await accounts.setPassword(accountId, await hasher.hash(next), clock.now())
    await deps.sessions.endOthers(accountId, sessionId)
    mail(accountId, 'password_changed', passwordChangedMail(account.email))
  }

  /** Mails a link to the new address (it takes effect once confirmed) and tells the old one. */
  async function requestEmailChange(accountId: string, rawEmail: string, password: string): Promise<void> {
    const email = normaliseEmail(rawEmail)
    if (email === undefined) throw new AppError('invalid_request', 'new_email is not an e-mail address.')
    const account = await confirmPassword(accountId, password, 'password')
    if (email.key === account.email_key)
      throw new AppError('invalid_request', 'new_email is your address already.')
    const token = newSecret()
    const now = clock.now()
    await life.insertEmailChange({
      digest: digestOf(token),
      account_id: accountId,
      new_email: email.address,
      new_email_key: email.key,
      created_at: now,
      expires_at: now + emailChangeLifetimeMs,
      used_at: null,
    })
    // A taken address gets the same answer and no mail, so this does not tell who has an account.
    if ((await accounts.findByEmailKey(email.key)) !== undefined) return
    const link = `${deps.links.base()}/dashboard/confirm-email?token=${token}`
    mail(accountId, 'confirm_new_email', confirmNewEmailMail(email.address, link), link)
    mail(accountId, 'email_change_requested', emailChangeRequestedMail(account.email, email.address))
  }

  /**
   * Anonymous (the mail may be opened where nobody is signed in): a well-formed token is counted against
   * the client address, like every anonymous account call, before it is looked up.
   */
  async function confirmEmailChange(token: string, clientAddress: string): Promise<void> {
    const unknown = () =>
      new AppError(
        'invalid_token',
        'This link is unknown, used already or expired. Ask for the change again.',
      )
    if (!isSecretShaped(token)) throw unknown()
    await deps.anonymous.admit(clientAddress)
    const result = await life.confirmEmailChange(digestOf(token), clock.now())
    if (result === undefined) throw unknown()
    if (result === 'taken') {
      throw new AppError('invalid_token', 'Another account uses this address now; the change was not made.')
    }
  }

  /**
   * Deletion: the keys are revoked as any key is (refused at the next request on every gateway), every
   * session ends, and personal data is erased; billing records stay under the bare id (docs/accounts.md).
   */
  async function deleteAccount(accountId: string, password: string): Promise<void> {
    const account = await confirmPassword(accountId, password, 'password')
    const now = clock.now()
    await deps.keys.revokeAll(accountId, now, 'account_deleted')
    await life.eraseAccount(accountId, now)
    mail(accountId, 'account_deleted', accountDeletedMail(account.email))
  }

  async function confirmPasswordOf(accountId: string, password: string): Promise<void> {
    await confirmPassword(accountId, password, 'password')
  }

  return { changePassword, requestEmailChange, confirmEmailChange, deleteAccount, confirmPasswordOf }
}

export type AccountLifeService = ReturnType<typeof createAccountLifeService>
