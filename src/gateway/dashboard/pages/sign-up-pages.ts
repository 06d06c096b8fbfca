/**
 * Creating an account: sign up, "check your mail" (with resend, which takes the password too, so a link
 * only ever sets a password its requester typed), and the verification confirm page.
 */
import { donePanel, emailField, form, missingToken, passwordField } from '../forms.ts'
import { html } from '../html.ts'
import { renderPage } from '../layout.ts'
import type { DashboardPage } from './page.ts'

export const signUpPage: DashboardPage = {
  path: '/dashboard/signup',
  render: (_query, _settings, notice) =>
    renderPage({
      notice,
      title: 'Create your account',
      page: 'signup',
      path: '/dashboard/signup',
      nav: 'public',
      lead: 'A new account comes with a 30-day trial of 1,000 requests. No card needed.',
      body: html`${form({
          id: 'signup',
          api: '/v2/account',
          onSuccess: 'signup',
          submit: 'Create account',
          body: html`${emailField('signup')}${passwordField('signup', 'new-password')}`,
        })}
        <p class="aside">Already have an account? <a href="/dashboard/signin">Sign in</a>.</p>`,
    }),
}

export const checkEmailPage: DashboardPage = {
  path: '/dashboard/check-email',
  render: (query, settings, notice) => {
    const email = query.email ?? ''
    const outbox = settings.outboxDir
    return renderPage({
      notice,
      title: 'Check your mail',
      page: 'check-email',
      path: '/dashboard/check-email',
      nav: 'public',
      body: html`<p>
          ${
            email === ''
              ? 'We sent you a link to verify your e-mail address.'
              : html`We sent a link to <strong class="break">${email}</strong> to verify the address.`
          }
          Open it to finish creating your account; it is valid for a limited time.
        </p>
        ${outbox !== undefined && outboxNote(outbox)}
        <h2>No mail?</h2>
        <p>
          ${outbox === undefined ? 'Look in your spam folder, or have' : 'Look in the outbox folder, or have'}
          the link sent again. Enter the password you chose: the new link sets it when you open it, and
          signing up again works the same way.
        </p>
        ${form({
          id: 'resend',
          api: '/v2/account/verify/resend',
          onSuccess: 'resend',
          submit: 'Send the link again',
          submitClass: 'button secondary',
          body: html`${emailField('resend', { value: email })}${passwordField('resend', 'current-password', {
            label: 'Your password',
            minlength: 10,
            hint: 'The one you signed up with, or a new one: from 10 to 128 characters.',
          })}`,
        })}`,
    })
  },
}

/**
 * No SMTP server is configured (the embedded default): nothing reaches an inbox, the mailer writes an
 * `.eml` file instead, with the link decoded in its X-Sallyport-Link header and in the gateway's log.
 */
function outboxNote(outboxDir: string) {
  return html`<section class="card" aria-labelledby="outbox-title">
    <h2 id="outbox-title">This service sends no mail</h2>
    <p>
      No SMTP server is configured, so the mail is not sent: it is written as an <code>.eml</code> file to the
      outbox folder <code class="break">${outboxDir}</code> on the machine the service runs on.
    </p>
    <p>
      The link is shown whole (decoded, ready to paste) in the <code>X-Sallyport-Link</code> line at the top
      of that file, and in the service’s log (“mail written to the outbox”).
    </p>
  </section>`
}

export const verifyPage: DashboardPage = {
  path: '/dashboard/verify',
  // A GET never verifies: mail scanners open links. The person confirms with the button, which POSTs
  // the token; Referrer-Policy keeps the token in this URL from reaching anyone else.
  render: (query, _settings, notice) => {
    const token = query.token ?? ''
    const body =
      token === ''
        ? missingToken('/dashboard/check-email', 'have a new one sent')
        : html`${form({
            id: 'verify',
            api: '/v2/account/verify',
            onSuccess: 'verify',
            submit: 'Verify my e-mail address',
            body: html`<p>Confirm that this e-mail address is yours to finish creating your account.</p>
              <input type="hidden" name="token" value="${token}" />`,
          })}
          ${donePanel(
            'verified',
            'Your address is verified',
            html`<p>Sign in to create your first API key.</p>
              <p><a class="button" href="/dashboard/signin">Sign in</a></p>`,
          )}`
    return renderPage({
      notice,
      title: 'Verify your e-mail address',
      page: 'verify',
      path: '/dashboard/verify',
      nav: 'public',
      body,
    })
  },
}
