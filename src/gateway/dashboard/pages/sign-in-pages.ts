/** Signing in, and getting back in: forgotten password and the reset page the mailed link opens. */
import { donePanel, emailField, field, form, missingToken, passwordField } from '../forms.ts'
import { html } from '../html.ts'
import { renderPage, type Notice } from '../layout.ts'
import type { DashboardPage } from './page.ts'

const signedOutNotice: Record<string, Notice> = {
  '1': { kind: 'success', text: 'You are signed out.' },
  all: { kind: 'success', text: 'You are signed out on every device.' },
}

const deletedNotice: Notice = { kind: 'success', text: 'Your account is deleted, and you are signed out.' }

/** Shown only when the API says the account has two-factor sign-in (client/forms.js `askForCode`). */
const codeField = html`<div id="signin-code-field" hidden>
  ${field('signin', {
    name: 'code',
    label: 'Two-factor code',
    type: 'text',
    inputmode: 'text',
    autocomplete: 'one-time-code',
    maxlength: 32,
    disabled: true,
    hint: 'The 6 digits your authenticator app shows, or one of your recovery codes.',
    requiredMessage: 'Enter the code from your app.',
  })}
</div>`

export const signInPage: DashboardPage = {
  path: '/dashboard/signin',
  render: (query, _settings, notice) =>
    renderPage({
      title: 'Sign in',
      page: 'signin',
      path: '/dashboard/signin',
      nav: 'public',
      notice:
        notice ??
        signedOutNotice[query.signed_out ?? ''] ??
        (query.deleted === '1' ? deletedNotice : undefined),
      body: html`${form({
          id: 'signin',
          api: '/v2/session',
          onSuccess: 'signin',
          submit: 'Sign in',
          body: html`${emailField('signin')}${passwordField('signin', 'current-password')}${codeField}`,
        })}
        <p class="aside"><a href="/dashboard/forgot-password">Forgot your password?</a></p>
        <p class="aside">New here? <a href="/dashboard/signup">Create an account</a>.</p>`,
    }),
}

export const forgotPasswordPage: DashboardPage = {
  path: '/dashboard/forgot-password',
  render: (_query, _settings, notice) =>
    renderPage({
      notice,
      title: 'Reset your password',
      page: 'forgot-password',
      path: '/dashboard/forgot-password',
      nav: 'public',
      lead: 'Enter the address you signed up with. We will send a link to choose a new password.',
      body: html`${form({
          id: 'forgot',
          api: '/v2/account/password-reset',
          onSuccess: 'forgot',
          submit: 'Send the reset link',
          body: emailField('forgot'),
        })}
        <p class="aside">Remembered it? <a href="/dashboard/signin">Sign in</a>.</p>`,
    }),
}

export const resetPasswordPage: DashboardPage = {
  path: '/dashboard/reset-password',
  render: (query, _settings, notice) => {
    const token = query.token ?? ''
    const body =
      token === ''
        ? missingToken('/dashboard/forgot-password', 'ask for a new one')
        : html`${form({
            id: 'reset',
            api: '/v2/account/password-reset/confirm',
            onSuccess: 'reset',
            submit: 'Set the new password',
            body: html`<input
                type="hidden"
                name="token"
                value="${token}"
              />${passwordField('reset', 'new-password', { label: 'New password' })}`,
          })}
          ${donePanel(
            'reset-done',
            'Your password is changed',
            html`<p><a class="button" href="/dashboard/signin">Sign in</a></p>`,
          )}`
    return renderPage({
      notice,
      title: 'Choose a new password',
      page: 'reset-password',
      path: '/dashboard/reset-password',
      nav: 'public',
      body,
    })
  },
}

export const confirmEmailPage: DashboardPage = {
  path: '/dashboard/confirm-email',
  render: (query, _settings, notice) => {
    const token = query.token ?? ''
    const body =
      token === ''
        ? missingToken('/dashboard/account', 'ask for the change again')
        : html`${form({
            id: 'confirm-email',
            api: '/v2/account/email/confirm',
            onSuccess: 'email-confirmed',
            submit: 'Use this address',
            body: html`<p>Confirm that this address is yours to make it your account's address.</p>
              <input type="hidden" name="token" value="${token}" />`,
          })}
          ${donePanel(
            'email-changed',
            'Your address is changed',
            html`<p>Sign in with the new address from now on.</p>
              <p><a class="button" href="/dashboard/account">Go to your account</a></p>`,
          )}`
    return renderPage({
      notice,
      title: 'Confirm your new e-mail address',
      page: 'confirm-email',
      path: '/dashboard/confirm-email',
      nav: 'public',
      body,
    })
  },
}
