/**
 * The account: address, plan, what is left of the trial, this month's usage and charge, the last 30 days,
 * the spending cap, security (password, address, two-factor sign-in, deletion) and signing out everywhere
 * (signing out here is in every page's header).
 */
import { form } from '../forms.ts'
import { html } from '../html.ts'
import { renderPage } from '../layout.ts'
import { historySection, spendCapSection, usageSection } from './billing-sections.ts'
import type { DashboardPage } from './page.ts'
import { securitySections } from './security-sections.ts'

/** The local part percent-encoded: `?`, `#` and `%` are allowed in it and mean something in a URI. */
function mailto(address: string): string {
  const at = address.lastIndexOf('@')
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${address.slice(at + 1)}`
}

export const accountPage: DashboardPage = {
  path: '/dashboard/account',
  signedIn: true,
  render: (_query, settings, notice) =>
    renderPage({
      notice,
      title: 'Account',
      page: 'account',
      path: '/dashboard/account',
      nav: 'signed-in',
      body: html`<section class="card" aria-labelledby="account-title">
          <h2 id="account-title">Your account</h2>
          <p id="account-loading" class="muted">Loading your account…</p>
          <dl id="account-details" class="details" hidden>
            <div>
              <dt>E-mail address</dt>
              <dd class="break" data-account="email"></dd>
            </div>
            <div>
              <dt>Plan</dt>
              <dd data-account="plan"></dd>
            </div>
            <div>
              <dt>Member since</dt>
              <dd data-account="created_at"></dd>
            </div>
          </dl>
        </section>
        ${usageSection}
        <section id="trial" class="card" aria-labelledby="trial-title" hidden>
          <h2 id="trial-title">Trial</h2>
          <dl class="details">
            <div>
              <dt>Days left</dt>
              <dd data-trial="days_left"></dd>
            </div>
            <div>
              <dt>Requests left</dt>
              <dd data-trial="requests_left"></dd>
            </div>
            <div>
              <dt>Ends</dt>
              <dd data-trial="ends_at"></dd>
            </div>
          </dl>
          <label for="trial-meter">Requests used <span data-trial="requests_used"></span></label>
          <meter id="trial-meter" min="0" max="1000" value="0"></meter>
          <p class="hint">
            The trial covers 30 days and 1,000 requests across all your keys. Moving to a paid plan starts
            with an e-mail exchange with our billing contact,
            <a class="break" href="${mailto(settings.billingContact)}">${settings.billingContact}</a>.
          </p>
        </section>
        ${historySection} ${spendCapSection} ${securitySections}
        <section class="card" aria-labelledby="signout-title">
          <h2 id="signout-title">Sessions</h2>
          <p class="hint" id="signout-all-hint">
            Lost a device or shared a computer? This ends every session of your account, this one included.
            API keys keep working.
          </p>
          ${form({
            id: 'signout-all',
            api: '/v2/sessions',
            apiMethod: 'DELETE',
            csrf: true,
            onSuccess: 'signout-all',
            submit: 'Sign out everywhere',
            submitClass: 'button danger',
            label: 'Sign out everywhere',
          })}
        </section>`,
    }),
}
