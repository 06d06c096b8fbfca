/**
 * The account page's security parts (docs/accounts.md): change the password, change the e-mail address,
 * two-factor sign-in, delete the account. Each is a form the client script sends as JSON; the two-factor
 * panels are filled by client/security.js.
 */
import { field, form, passwordField } from '../forms.ts'
import { html } from '../html.ts'

const passwordSection = html`<section class="card" aria-labelledby="password-title">
  <h2 id="password-title">Password</h2>
  ${form({
    id: 'password',
    api: '/v2/account/password',
    csrf: true,
    onSuccess: 'password-changed',
    submit: 'Change password',
    label: 'Change your password',
    body: html`${passwordField('password', 'current-password', {
      name: 'current_password',
      label: 'Current password',
      requiredMessage: 'Enter your current password.',
    })}${passwordField('password', 'new-password', {
      name: 'new_password',
      label: 'New password',
      hint: 'From 10 to 128 characters. Every other session of your account will be signed out.',
      requiredMessage: 'Choose a new password.',
    })}`,
  })}
</section>`

const emailSection = html`<section class="card" aria-labelledby="email-title">
  <h2 id="email-title">E-mail address</h2>
  ${form({
    id: 'email',
    api: '/v2/account/email',
    csrf: true,
    onSuccess: 'email-change',
    submit: 'Change address',
    label: 'Change your e-mail address',
    body: html`${field('email', {
      name: 'new_email',
      label: 'New e-mail address',
      type: 'email',
      inputmode: 'email',
      autocomplete: 'email',
      required: true,
      maxlength: 254,
      hint: 'We send a link there; your address changes once you open it. The current address is told.',
      requiredMessage: 'Enter the new address.',
    })}${passwordField('email', 'current-password', { label: 'Your password' })}`,
  })}
</section>`

const twoFactorSection = html`<section class="card" aria-labelledby="totp-title">
  <h2 id="totp-title">Two-factor sign-in</h2>
  <p id="totp-state" class="muted">Loading…</p>
  ${form({
    id: 'totp-begin',
    api: '/v2/account/two-factor',
    csrf: true,
    onSuccess: 'totp-begin',
    submit: 'Turn on two-factor sign-in',
    label: 'Turn on two-factor sign-in',
  })}
  <div id="totp-setup" tabindex="-1" hidden>
    <p>
      Add this key to an authenticator app (type it in, or open the link on the device that has the app), then
      enter the 6-digit code it shows.
    </p>
    <p><code id="totp-secret" class="break"></code></p>
    <p><a id="totp-uri" href="#">Open in an authenticator app</a></p>
    ${form({
      id: 'totp-confirm',
      api: '/v2/account/two-factor/confirm',
      csrf: true,
      onSuccess: 'totp-on',
      submit: 'Turn on',
      label: 'Confirm with a code',
      body: field('totp-confirm', {
        name: 'code',
        label: 'Code from the app',
        type: 'text',
        inputmode: 'decimal',
        autocomplete: 'one-time-code',
        required: true,
        maxlength: 16,
        pattern: { regex: '\\s*\\d{3}\\s?\\d{3}\\s*', message: 'Enter the 6 digits the app shows.' },
        requiredMessage: 'Enter the code the app shows.',
      }),
    })}
  </div>
  <section id="recovery" class="panel is-warning" aria-labelledby="recovery-title" tabindex="-1" hidden>
    <h3 id="recovery-title">Your recovery codes</h3>
    <p class="warning">
      <strong>Keep them now: they will not be shown again.</strong> Each signs you in once if you lose the
      app.
    </p>
    <ul id="recovery-codes" class="codes"></ul>
  </section>
  ${form({
    id: 'totp-disable',
    api: '/v2/account/two-factor/disable',
    csrf: true,
    onSuccess: 'totp-off',
    submit: 'Turn off two-factor sign-in',
    submitClass: 'button secondary',
    label: 'Turn off two-factor sign-in',
    body: passwordField('totp-disable', 'current-password', { label: 'Your password' }),
  })}
</section>`

const alertsSection = html`<section class="card" aria-labelledby="alerts-title">
  <h2 id="alerts-title">Usage alerts</h2>
  ${form({
    id: 'alerts',
    api: '/v2/account/alerts',
    apiMethod: 'PUT',
    csrf: true,
    onSuccess: 'alerts-saved',
    submit: 'Save',
    submitClass: 'button secondary',
    label: 'Usage alerts',
    body: html`<div class="check">
      <input type="checkbox" id="alerts-usage_alerts" name="usage_alerts" checked />
      <label for="alerts-usage_alerts"
        >Mail me at 80 % and 100 % of my trial, of my plan's included requests and of my spending cap (at most
        once a month each)</label
      >
    </div>`,
  })}
</section>`

const deleteSection = html`<section class="card" aria-labelledby="delete-title">
  <h2 id="delete-title">Delete the account</h2>
  <p id="delete-hint">
    Your keys stop working at their next request, every session ends, and your address and password are
    erased. What billing must keep stays under a bare account number (<a href="/v2/docs">docs</a>). This
    cannot be undone.
  </p>
  ${form({
    id: 'delete',
    api: '/v2/account/delete',
    csrf: true,
    onSuccess: 'deleted',
    submit: 'Delete my account',
    submitClass: 'button danger',
    label: 'Delete the account',
    body: passwordField('delete', 'current-password', { label: 'Your password, to confirm' }),
  })}
</section>`

export const securitySections = html`${alertsSection} ${passwordSection} ${emailSection} ${twoFactorSection}
${deleteSection}`
