/**
 * Accounts (SPEC 5.7): sign-up, e-mail verification, password reset, the credentials check behind
 * sign-in, and the account view with its trial.
 *
 * Sign-up, resend and reset answer the same whether or not the address has an account, in about the
 * same time: the password is hashed either way, and mail goes out in the background. A reset request does
 * all its work (look-up, token, mail) in the background: the answer is given before anything depends on
 * the address.
 *
 * Anonymous calls are bounded before they cost anything (docs/security.md): the cheap checks first, then
 * the per-client-address and per-e-mail ceilings (throttles/anonymous-throttle.ts), then the hashing gate
 * (hashing-gate.ts), which caps the scrypt derivations in flight whoever asks for them. A reset
 * confirmation looks at its token before it hashes anything.
 *
 * Pre-account hijacking: until the address is confirmed, the account's stored password is never changed.
 * Each confirmation link carries the password of the request that asked for it (a sign-up, or a resend,
 * which takes the password too) and confirming sets that one, so nobody can have a link mailed that sets a
 * password they did not type themselves.
 */
import { AppError } from '../../shared/errors.ts'
import { newId } from '../../shared/ids.ts'
import type { Clock } from '../../shared/clock.ts'
import type { Mailer } from '../../infra/mail/mailer.ts'
import type { BackgroundTasks } from '../background-tasks.ts'
import { createAccountLinks, type Links } from './account-links.ts'
import type { AccountRepository, AccountRow } from './account-repository.ts'
import { accountView, type AccountView } from './account-view.ts'
import { normaliseEmail, type EmailAddress } from './email-address.ts'
import type { AnonymousThrottle } from '../throttles/anonymous-throttle.ts'
import { gatedHasher, type HashingGate } from './hashing-gate.ts'
import type { MailGate } from './mail-gate.ts'
import { passwordProblem, type PasswordHasher } from './password-hasher.ts'
import { digestOf, isSecretShaped } from './secrets.ts'

type Deps = {
  repo: AccountRepository
  hasher: PasswordHasher
  /** Every derivation of `hasher` goes through it. */
  hashing: HashingGate
  /** The ceilings of anonymous calls, per client address and per e-mail address. */
  anonymous: Pick<AnonymousThrottle, 'admit'>
  mailer: Pick<Mailer, 'send'>
  mailGate: MailGate
  links: Links
  usage: { requestsUsed(accountId: string): Promise<number> }
  clock: Clock
  background: BackgroundTasks
}

export function createAccountService({
  repo,
  hasher: ungatedHasher,
  hashing,
  anonymous,
  mailer,
  mailGate,
  links,
  usage,
  clock,
  background,
}: Deps) {
  const hasher = gatedHasher(ungatedHasher, hashing)
  const { sendVerification, sendPasswordReset, sendAlreadyRegistered } = createAccountLinks({
    repo,
    mailer,
    mailGate,
    links,
    clock,
    background,
  })

  function email(raw: string): EmailAddress {
    const address = normaliseEmail(raw)
    if (address === undefined) throw new AppError('invalid_request', 'email is not a valid e-mail address.')
    return address
  }

  function newPassword(password: string): void {
    const problem = passwordProblem(password)
    if (problem !== undefined) throw new AppError('invalid_request', problem)
  }

  async function signUp(rawEmail: string, password: string, clientAddress: string): Promise<void> {
    const address = email(rawEmail)
    newPassword(password)
    await anonymous.admit(clientAddress, address.key)
    const passwordHash = await hasher.hash(password)
    const now = clock.now()
    const row: AccountRow = {
      id: newId('acct'),
      email: address.address,
      email_key: address.key,
      password_hash: passwordHash,
      plan: 'trial',
      email_verified_at: null,
      created_at: now,
      updated_at: now,
    }
    if (await repo.insert(row)) return sendVerification(row, passwordHash)
    const existing = await repo.findByEmailKey(address.key)
    if (existing === undefined) return
    // Still waiting: a new link bound to this sign-up's password; the account and older links keep theirs.
    if (existing.email_verified_at === null) return sendVerification(existing, passwordHash)
    sendAlreadyRegistered(existing)
  }

  /**
   * Answers the account id; `invalid_token` when the token is unknown, used or expired. A well-formed
   * token is counted against the client address before it is looked up: each one costs a write.
   */
  async function verifyEmail(token: string, clientAddress: string): Promise<string> {
    const invalid = () =>
      new AppError(
        'invalid_token',
        'This confirmation link is not valid: used already, expired, or mistyped.',
      )
    if (!isSecretShaped(token)) throw invalid()
    await anonymous.admit(clientAddress)
    const accountId = await repo.verifyEmail(digestOf(token), clock.now())
    if (accountId === undefined) throw invalid()
    return accountId
  }

  /**
   * A new link for an address still waiting, bound to the password given here, like a repeated sign-up.
   * Never to the stored one: that may be a stranger's who signed up for the address first. The password is
   * hashed whatever the address, so a registered one answers in about the same time as any other.
   */
  async function resendVerification(
    rawEmail: string,
    password: string,
    clientAddress: string,
  ): Promise<void> {
    const address = email(rawEmail)
    newPassword(password)
    await anonymous.admit(clientAddress, address.key)
    const passwordHash = await hasher.hash(password)
    const account = await repo.findByEmailKey(address.key)
    if (account === undefined || account.email_verified_at !== null) return
    await sendVerification(account, passwordHash)
  }

  /**
   * Answers once the call is admitted; the look-up, the token and the mail run in the background, so an
   * address with an account and one without answer alike, in the same time (issue: reset timing).
   */
  async function requestPasswordReset(rawEmail: string, clientAddress: string): Promise<void> {
    const address = email(rawEmail)
    await anonymous.admit(clientAddress, address.key)
    background.run('password reset', async () => {
      const account = await repo.findByEmailKey(address.key)
      if (account === undefined) return
      await sendPasswordReset(account)
    })
  }

  /**
   * Sets the new password and ends every session of the account; answers the account id. The token is
   * looked at before the password is hashed, so a wrong one costs a row read, not a derivation; the
   * transaction that sets the password checks it again.
   */
  async function confirmPasswordReset(
    token: string,
    password: string,
    clientAddress: string,
  ): Promise<string> {
    newPassword(password)
    await anonymous.admit(clientAddress)
    const invalid = () =>
      new AppError('invalid_token', 'This reset link is not valid: used already, expired, or mistyped.')
    if (!isSecretShaped(token)) throw invalid()
    const digest = digestOf(token)
    if (!(await repo.isLiveToken(digest, 'reset_password', clock.now()))) throw invalid()
    const passwordHash = await hasher.hash(password)
    const accountId = await repo.resetPassword(digest, passwordHash, clock.now())
    if (accountId === undefined) throw invalid()
    return accountId
  }

  /**
   * The account whose password this is, or undefined. Always spends one password verification, so an
   * unknown address answers as slowly as a wrong password. Upgrades a hash made at weaker parameters.
   */
  async function checkCredentials(rawEmail: string, password: string): Promise<AccountRow | undefined> {
    const address = normaliseEmail(rawEmail)
    const account = address === undefined ? undefined : await repo.findByEmailKey(address.key)
    if (account === undefined) return hasher.verifyNothing(password).then(() => undefined)
    if (!(await hasher.verify(password, account.password_hash))) return undefined
    if (hasher.needsRehash(account.password_hash)) {
      background.run(
        'password rehash',
        async () => repo.setPassword(account.id, await hasher.hash(password), clock.now()),
        { account_id: account.id },
      )
    }
    return account
  }

  async function view(accountId: string): Promise<AccountView> {
    const account = await repo.findById(accountId)
    if (account === undefined) throw new AppError('session_required', 'Sign in again.')
    return accountView(account, await usage.requestsUsed(accountId), clock.now())
  }

  /** `sallyport admin create-account`: a verified account, no mail. */
  async function createVerifiedAccount(rawEmail: string, password: string): Promise<AccountRow> {
    const address = email(rawEmail)
    newPassword(password)
    const now = clock.now()
    const row: AccountRow = {
      id: newId('acct'),
      email: address.address,
      email_key: address.key,
      password_hash: await hasher.hash(password),
      plan: 'trial',
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    }
    if (!(await repo.insert(row))) {
      throw new AppError('invalid_request', `an account for ${address.address} exists already.`)
    }
    return row
  }

  async function findByEmail(rawEmail: string): Promise<AccountRow | undefined> {
    const address = normaliseEmail(rawEmail)
    return address === undefined ? undefined : repo.findByEmailKey(address.key)
  }

  return {
    signUp,
    verifyEmail,
    resendVerification,
    requestPasswordReset,
    confirmPasswordReset,
    checkCredentials,
    view,
    createVerifiedAccount,
    findByEmail,
  }
}

export type AccountService = ReturnType<typeof createAccountService>
