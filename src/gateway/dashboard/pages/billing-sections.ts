/**
 * The account page's billing parts (docs/billing.md): this month's usage and charge, a chart of the last
 * 30 days with its numbers as a table, and the spending-cap form. The script fills them from
 * GET /v2/account/usage and draws the charts as inline SVG (no inline style: colours come from the
 * stylesheet, so the strict CSP holds).
 */
import { field, form } from '../forms.ts'
import { html, type SafeHtml } from '../html.ts'

export const capPattern = {
  regex: '[0-9]{1,7}([.][0-9]{1,2})?',
  message: 'Enter an amount in US dollars with at most 2 decimals, like 40.00.',
}

export const recentDays = 30

function detail(label: string, key: string): SafeHtml {
  return html`<div>
    <dt>${label}</dt>
    <dd data-usage="${key}"></dd>
  </div>`
}

export const usageSection = html`<section id="usage" class="card" aria-labelledby="usage-title">
  <h2 id="usage-title">This month</h2>
  <p id="usage-loading" class="muted">Loading your usage…</p>
  <dl id="usage-details" class="details" hidden>
    ${detail('Period', 'period')} ${detail('Plan', 'plan')} ${detail('Requests', 'requests')}
    <div data-usage-row="overage">
      <dt>Beyond the plan</dt>
      <dd data-usage="overage"></dd>
    </div>
    ${detail('Data', 'bytes')} ${detail('Charge so far', 'charge')}
  </dl>
  <p class="hint">
    A billable request is a fetch that returned an envelope; errors and idempotent replays are free. Months
    are calendar months in UTC and counts lag by about a second. Prices: <a href="/plans">the plans</a>.
  </p>
</section>`

function chart(key: string, caption: string): SafeHtml {
  return html`<figure class="chart">
    <figcaption id="chart-${key}-caption">${caption}</figcaption>
    <div class="chart-canvas" data-chart="${key}"></div>
  </figure>`
}

export const historySection = html`<section id="history" class="card" aria-labelledby="history-title">
  <h2 id="history-title">Last ${recentDays} days</h2>
  <p id="history-loading" class="muted">Loading…</p>
  <div id="charts" class="charts" hidden>
    ${chart('requests', 'Requests per day')} ${chart('bytes', 'Data per day')}
    <p class="hint">Days in UTC. The last bar, today, is lighter: the day is still counting.</p>
  </div>
  <details id="history-numbers" class="numbers" hidden>
    <summary>Show the numbers as a table</summary>
    <div class="table-scroll">
      <table id="usage-table" class="usage-table">
        <caption>
          Requests and data per day, last ${recentDays} days (UTC)
        </caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" class="number">Requests</th>
            <th scope="col" class="number">Data</th>
          </tr>
        </thead>
        <tbody></tbody>
      </table>
    </div>
  </details>
</section>`

export const spendCapSection = html`<section id="spend-cap-card" class="card" aria-labelledby="cap-title">
  <h2 id="cap-title">Spending cap</h2>
  <p id="cap-current" data-cap-current>Loading…</p>
  ${form({
    id: 'spend-cap',
    api: '/v2/account/spend-cap',
    apiMethod: 'PUT',
    csrf: true,
    onSuccess: 'spend-cap',
    submit: 'Save the cap',
    label: 'Set a monthly spending cap',
    body: field('spend-cap', {
      name: 'cap_usd',
      label: 'Monthly cap in US dollars',
      type: 'text',
      inputmode: 'decimal',
      autocomplete: 'off',
      required: true,
      maxlength: 10,
      pattern: capPattern,
      requiredMessage: 'Enter an amount, like 40.00.',
      hint:
        'The most this account may be charged in a calendar month (UTC), plan fee included, so at least ' +
        'your plan’s monthly fee. Past it, fetches are refused with spend_cap_reached until the next month. ' +
        'It is checked within seconds, so it may be passed by a cent or two.',
    }),
  })}
  <div id="cap-clear" class="cap-clear" hidden>
    ${form({
      id: 'spend-cap-clear',
      api: '/v2/account/spend-cap',
      apiMethod: 'PUT',
      csrf: true,
      onSuccess: 'spend-cap-clear',
      submit: 'Remove the cap',
      submitClass: 'button secondary',
      label: 'Remove the spending cap',
      body: html`<input type="hidden" name="cap_usd" value="" data-empty-null />`,
    })}
  </div>
</section>`
