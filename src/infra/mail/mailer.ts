/**
 * Outgoing mail (DESIGN 4): SMTP when SALLYPORT_SMTP_URL is set; otherwise each message is written as an
 * `.eml` file to `<data dir>/outbox/` and its link is logged, so the embedded default works offline.
 *
 * Logs never carry a mail body or an address: the account id says whose mail it was. The one exception
 * is the outbox's link line, which exists for local development (the same token is in the file anyway);
 * with SMTP configured the link is never logged.
 */
import { mkdirSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'

export type MailMessage = { to: string; subject: string; text: string }

/** What the log may say about a mail. `link` is logged in outbox mode only. */
export type MailContext = { accountId: string; kind: string; link?: string }

export type Mailer = {
  send(message: MailMessage, context: MailContext): Promise<void>
  close(): void
}

export type MailerSettings = {
  smtpUrl: string | undefined
  outboxDir: string
  from: string
  log: Pick<Logger, 'info'>
}

export function createMailer(settings: MailerSettings): Mailer {
  return settings.smtpUrl === undefined ? createOutboxMailer(settings) : createSmtpMailer(settings)
}

function createSmtpMailer({ smtpUrl, from, log }: MailerSettings): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from })
  return {
    send: async (message, context) => {
      await transport.sendMail(message)
      log.info({ account_id: context.accountId, mail: context.kind }, 'mail sent')
    },
    close: () => transport.close(),
  }
}

function createOutboxMailer({ outboxDir, from, log }: MailerSettings): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  let created = false
  return {
    send: async (message, context) => {
      // The body is quoted-printable (a long link is cut with `=` line ends and cannot be pasted as it is):
      // the link also goes, decoded and whole, in a header at the top of the file where a person looks.
      const info = await transport.sendMail({
        ...message,
        from,
        ...(context.link !== undefined && { headers: { 'X-Sallyport-Link': context.link } }),
      })
      if (!created) {
        mkdirSync(outboxDir, { recursive: true, mode: 0o700 })
        created = true
      }
      const stamp = new Date().toISOString().replaceAll(':', '-')
      const file = join(outboxDir, `${stamp}-${context.kind}-${randomBytes(4).toString('hex')}.eml`)
      // The file holds a live token: readable by this user only.
      await writeFile(file, info.message as Buffer, { mode: 0o600 })
      log.info(
        { account_id: context.accountId, mail: context.kind, file, link: context.link },
        'mail written to the outbox (no SMTP configured)',
      )
    },
    close: () => transport.close(),
  }
}
