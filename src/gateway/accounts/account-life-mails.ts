/** The mails of the account's own life. Plain text, like the others (account-mails.ts). */
import type { MailMessage } from '../../infra/mail/mailer.ts'

export function confirmNewEmailMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new e-mail address for Sallyport',
    text: `Someone, probably you, asked to use this address for a Sallyport account.

To confirm it, open this link and confirm there:

${link}

The link works once and expires in 24 hours. Until then the account keeps its old address.
If you did not ask for this, ignore this mail.
`,
  }
}

export function emailChangeRequestedMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your Sallyport e-mail address is about to change',
    text: `Someone signed in to your Sallyport account asked to change its e-mail address to
${newEmail}. It changes only once that address is confirmed.

If this was not you, sign in, change your password (it signs out every other session) and write to us.
`,
  }
}

export function passwordChangedMail(to: string): MailMessage {
  return {
    to,
    subject: 'Your Sallyport password was changed',
    text: `The password of your Sallyport account was changed, and every other session was signed out.

If this was not you, reset your password from the sign-in page at once.
`,
  }
}

export function accountDeletedMail(to: string): MailMessage {
  return {
    to,
    subject: 'Your Sallyport account is deleted',
    text: `Your Sallyport account is deleted: its keys no longer work and you are signed out everywhere.
Your address and password are gone; only what billing must keep remains, under a bare account number.
`,
  }
}
