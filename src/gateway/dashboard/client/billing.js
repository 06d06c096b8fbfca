// @ts-check
/**
 * The account page's billing parts, filled from GET /v2/account/usage. The two charts are inline SVG
 * built with DOM calls, sized to their box in CSS pixels (redrawn when it changes) so text stays legible
 * on a phone. Each is role="img" with a title and a description that says what a sighted reader takes
 * from it; the table under "Show the numbers" holds every value.
 */
import { api, byId, find, say, sayProblem, time } from './core.js'
import { fill } from './account.js'
import { drawChart, longDay } from './charts.js'
import { onSuccess } from './forms.js'

/**
 * @typedef {{ usd: string }} Money
 * @typedef {{ day: string, requests: number, bytes: number }} Day
 * @typedef {{ plan: string, billed_plan: string, period: { start: string },
 *   requests: { used: number, included: number, overage: number }, bytes: number,
 *   charge: { plan_fee: Money, overage_per_1000: Money, overage: Money, total: Money },
 *   spend_cap: Money | null }} Usage
 * @typedef {(n: number, compact: boolean) => string} Format
 */

const countFormat = new Intl.NumberFormat()
const compactFormat = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 })
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' })
/** @type {Record<string, string>} */
const planNames = { trial: 'Trial', entry: 'Entry', growth: 'Growth', scale: 'Scale' }
/** @type {Day[]} */
let recent = []
let drawnWidth = 0
let onTrial = false

/** @type {Format} */
function formatBytes(n, compact) {
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB']
  let i = 0
  while (n >= 1000 && i < units.length - 1) {
    n /= 1000
    i++
  }
  const digits = i === 0 ? 0 : n < 10 ? 1 : 0
  return (
    n.toLocaleString(undefined, { maximumFractionDigits: compact ? digits : i === 0 ? 0 : 2 }) +
    ' ' +
    (units[i] ?? '')
  )
}

/** @param {Money} money */
function usd(money) {
  return money.usd + ' USD'
}

/** @param {string} plan */
function planName(plan) {
  return planNames[plan] ?? plan
}

/** @param {Usage} u */
function showUsage(u) {
  const paid = u.plan !== 'trial' || u.billed_plan !== 'trial'
  onTrial = !paid
  fill('[data-usage="period"]', monthFormat.format(new Date(u.period.start)) + ' (UTC)')
  const terms = paid
    ? `: ${usd(u.charge.plan_fee)} a month with ${countFormat.format(u.requests.included)} requests, then ${usd(u.charge.overage_per_1000)} per 1,000`
    : ''
  fill(
    '[data-usage="plan"]',
    u.billed_plan !== u.plan
      ? `${planName(u.plan)} now; this month is billed on ${planName(u.billed_plan)}${terms}`
      : planName(u.plan) + terms,
  )
  fill(
    '[data-usage="requests"]',
    paid
      ? `${countFormat.format(u.requests.used)} of ${countFormat.format(u.requests.included)} included`
      : `${countFormat.format(u.requests.used)} this month`,
  )
  find('[data-usage-row="overage"]', document).toggleAttribute('hidden', !paid)
  if (paid) {
    fill(
      '[data-usage="overage"]',
      countFormat.format(u.requests.overage) + (u.requests.overage === 1 ? ' request' : ' requests'),
    )
  }
  fill('[data-usage="bytes"]', formatBytes(u.bytes, false))
  fill(
    '[data-usage="charge"]',
    paid
      ? `${usd(u.charge.total)} (${u.charge.plan_fee.usd} plan fee + ${u.charge.overage.usd} beyond the plan)`
      : usd(u.charge.total) + ': the trial costs nothing',
  )
  byId('usage-loading').hidden = true
  byId('usage-details').hidden = false
}

/** @param {Money | null} cap */
function showCap(cap) {
  const current = byId('cap-current')
  const uncapped = onTrial
    ? 'No cap is set. The trial costs nothing; a cap starts to matter on a paid plan.'
    : 'No cap is set: requests beyond your plan are billed at its rate.'
  current.textContent = cap ? 'Your cap: ' + usd(cap) + ' a month.' : uncapped
  const input = byId('spend-cap-cap_usd', HTMLInputElement)
  if (cap) input.value = cap.usd
  byId('cap-clear').hidden = !cap
}

/** @param {Money | null} cap */
function capSaved(cap) {
  showCap(cap)
  if (!cap) byId('spend-cap-cap_usd', HTMLInputElement).value = ''
  say(cap ? 'Spending cap saved: ' + usd(cap) + ' a month.' : 'Spending cap removed.', 'success')
}

/** @type {Format} */
function countOf(n, compact) {
  return compact ? compactFormat.format(n) : countFormat.format(n)
}

function drawCharts() {
  const requests = document.querySelector('[data-chart="requests"]')
  const bytes = document.querySelector('[data-chart="bytes"]')
  if (!recent.length || !requests || !bytes) return
  drawnWidth = requests.clientWidth
  drawChart(requests, recent, 'requests', countOf)
  drawChart(bytes, recent, 'bytes', formatBytes)
}

function fillUsageTable() {
  const tbody = find('#usage-table tbody')
  tbody.textContent = ''
  recent.forEach((d) => {
    const row = document.createElement('tr')
    const day = document.createElement('th')
    day.scope = 'row'
    day.appendChild(time(d.day, longDay))
    row.appendChild(day)
    const requests = document.createElement('td')
    requests.className = 'number'
    requests.textContent = countFormat.format(d.requests)
    row.appendChild(requests)
    const bytes = document.createElement('td')
    bytes.className = 'number'
    bytes.textContent = formatBytes(d.bytes, false)
    row.appendChild(bytes)
    tbody.appendChild(row)
  })
}

async function loadUsage() {
  /** @type {import('./core.js').ApiResult<{ usage: Usage, recent_days: Day[] }>} */
  const r = await api('GET', '/v2/account/usage' + '?days=30')
  if (!r.ok) return sayProblem(r.problem, 'Could not load your usage.')
  showUsage(r.data.usage)
  showCap(r.data.usage.spend_cap)
  recent = r.data.recent_days
  byId('history-loading').hidden = true
  byId('charts').hidden = false
  byId('history-numbers').hidden = false
  drawCharts()
  fillUsageTable()
  return undefined
}

// Registered when the module loads, before any form can be sent.
onSuccess['spend-cap'] = (_form, data) =>
  capSaved(/** @type {{ spend_cap: Money | null }} */ (data).spend_cap)
onSuccess['spend-cap-clear'] = onSuccess['spend-cap']

export function setUpBilling() {
  const box = document.querySelector('[data-chart="requests"]')
  if (box && 'ResizeObserver' in window) {
    let queued = false
    new ResizeObserver(() => {
      if (queued || box.clientWidth === drawnWidth) return
      queued = true
      requestAnimationFrame(() => {
        queued = false
        drawCharts()
      })
    }).observe(box)
  }
  onSuccess['spend-cap'] = (_form, data) =>
    capSaved(/** @type {{ spend_cap: Money | null }} */ (data).spend_cap)
  onSuccess['spend-cap-clear'] = onSuccess['spend-cap']
  return loadUsage()
}
