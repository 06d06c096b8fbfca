// @ts-check
/** The account page, filled from GET /v2/account. */
import { api, byId, dateFormat, dayFormat, requireSession, sayProblem } from './core.js'

/**
 * @typedef {{ days_left: number, requests_left: number, requests_included: number, requests_used: number,
 *   ends_at: string }} Trial
 * @typedef {{ email: string, email_verified: boolean, plan: string, created_at: string,
 *   trial?: Trial | null }} Account
 */

/**
 * @param {string} selector
 * @param {string} text
 */
export function fill(selector, text) {
  const el = document.querySelector(selector)
  if (el) el.textContent = text
}

/** @param {number} n */
const count = (n) => n.toLocaleString()

export async function setUpAccount() {
  await requireSession()
  /** @type {import('./core.js').ApiResult<Account>} */
  const r = await api('GET', '/v2/account')
  if (!r.ok) return sayProblem(r.problem, 'Could not load your account.')
  const a = r.data
  byId('account-loading').hidden = true
  byId('account-details').hidden = false
  fill('[data-account="email"]', a.email + (a.email_verified ? '' : ' (not verified)'))
  fill(
    '[data-account="plan"]',
    a.plan === 'trial' ? 'Trial' : a.plan.charAt(0).toUpperCase() + a.plan.slice(1),
  )
  fill('[data-account="created_at"]', dayFormat.format(new Date(a.created_at)))
  if (a.trial && a.plan === 'trial') {
    const t = a.trial
    fill('[data-trial="days_left"]', String(t.days_left))
    fill('[data-trial="requests_left"]', count(t.requests_left) + ' of ' + count(t.requests_included))
    fill('[data-trial="ends_at"]', dateFormat.format(new Date(t.ends_at)))
    fill(
      '[data-trial="requests_used"]',
      '(' + count(t.requests_used) + ' of ' + count(t.requests_included) + ')',
    )
    const meter = byId('trial-meter', HTMLMeterElement)
    meter.max = t.requests_included
    meter.value = t.requests_used
    meter.textContent = `${t.requests_used} of ${t.requests_included}`
    byId('trial').hidden = false
  }
  return a
}
