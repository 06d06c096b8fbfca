/**
 * What sign-up, resend and reset send: single-use tokens (only their digest is stored) and the mails that
 * carry them, sent in the background and at most a few an hour per address (mail-gate.ts).
 */
import type { Clock } from '../../shared/clock.ts'
import type { Mailer, MailMessage } from '../../infra/mail/mailer.ts'
import type { TokenPurpose } from '../../infra/database/schema.ts'
import type { BackgroundTasks } from '../background-tasks.ts'
import type { AccountRepository, AccountRow } from './account-repository.ts'
import { alreadyRegisteredMail, passwordResetMail, verificationMail } from './account-mails.ts'
import type { MailGate } from './mail-gate.ts'
import { digestOf, newSecret } from './secrets.ts'

const hour = 60 * 60_000

export const tokenLifetimes = { verify_email: 24 * hour, reset_password: hour } as const

export type Links = {
  /** The service's public origin: SALLYPORT_PUBLIC_URL, or the gateway's own http://host:port. */
  base(): string
}

type Deps = {
  repo: Pick<AccountRepository, 'insertToken'>
  mailer: Pick<Mailer, 'send'>
  mailGate: MailGate
  links: Links
  clock: Clock
  background: BackgroundTasks
}

export function createAccountLinks({ repo, mailer, mailGate, links, clock, background }: Deps) {
  /** Off the response path; at most a few mails an hour per address (mail-gate.ts). */
  function mail(
    account: Pick<AccountRow, 'id' | 'email_key'>,
    kind: string,
    message: MailMessage,
    link?: string,
  ) {
    background.run(
      'mail',
      async () => {
        if (!(await mailGate.allow(account.email_key))) return
        await mailer.send(message, { accountId: account.id, kind, ...(link !== undefined && { link }) })
      },
      { account_id: account.id, mail: kind },
    )
  }

  async function issueToken(
    accountId: string,
    purpose: TokenPurpose,
    passwordHash: string | null = null,
  ): Promise<string> {
    const token = newSecret()
    const now = clock.now()
    // Digest only: the token exists in the mail and nowhere else.
    await repo.insertToken({
      digest: digestOf(token),
      account_id: accountId,
      purpose,
      password_hash: passwordHash,
      created_at: now,
      expires_at: now + tokenLifetimes[purpose],
    })
    return token
  }

  /** A confirmation link bound to the password of the request that asked for it. */
  async function sendVerification(account: AccountRow, passwordHash: string): Promise<void> {
    const token = await issueToken(account.id, 'verify_email', passwordHash)
    const link = `${links.base()}/dashboard/verify?token=${token}`
    mail(account, 'verify_email', verificationMail(account.email, link), link)
  }

  async function sendPasswordReset(account: AccountRow): Promise<void> {
    const token = await issueToken(account.id, 'reset_password')
    const link = `${links.base()}/dashboard/reset-password?token=${token}`
    mail(account, 'reset_password', passwordResetMail(account.email, link), link)
  }

  function sendAlreadyRegistered(account: AccountRow): void {
    mail(account, 'already_registered', alreadyRegisteredMail(account.email, `${links.base()}/dashboard`))
  }

  return { sendVerification, sendPasswordReset, sendAlreadyRegistered }
}
