/** The texts of the mails accounts send. Plain text: nothing to render, nothing to track. */
import type { MailMessage } from '../../infra/mail/mailer.ts'

export function verificationMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address for Sallyport',
    text: `Welcome to Sallyport.

To confirm this address and start your 30-day trial, open this link and confirm there:

${link}

The link works once and expires in 24 hours. If you did not sign up, ignore this mail: nothing
happens until the address is confirmed.
`,
  }
}

export function alreadyRegisteredMail(to: string, dashboardUrl: string): MailMessage {
  return {
    to,
    subject: 'You already have a Sallyport account',
    text: `Someone, probably you, tried to sign up for Sallyport with this address, which already has an
account. Nothing was changed.

Sign in at ${dashboardUrl}. If you forgot your password, ask for a reset there.

If it was not you, you can ignore this mail.
`,
  }
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Sallyport password',
    text: `Someone, probably you, asked to reset the password of the Sallyport account for this address.

To choose a new password, open this link:

${link}

The link works once and expires in 1 hour. Setting a new password signs you out everywhere.
If you did not ask for this, ignore this mail: your password stays as it is.
`,
  }
}
