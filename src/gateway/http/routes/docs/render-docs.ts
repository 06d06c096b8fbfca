/**
 * The pages rendered on the server beside the reference (reference-ui.ts): the error guide at
 * /v2/docs/errors, the plans at /plans and the landing page at /. No script, no CDN, one stylesheet
 * served by the service itself.
 */
import { errorCodes, errorStatus, errorTitle } from '../../../../shared/errors.ts'
import { escapeHtml } from '../../../../shared/escape-html.ts'
import { errorGuide } from './error-guide.ts'

/** Inline code spans only: the descriptions are our own text. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>')
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/v2/docs/assets/docs.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><nav aria-label="Site"><a href="/">Sallyport</a> <a href="/v2/docs">API reference</a> <a href="/v2/docs/errors">Errors</a> <a href="/plans">Plans</a> <a href="/dashboard">Dashboard</a></nav></header>
<main id="main">
${body}
</main>
</body>
</html>
`
}

export function renderErrors(): string {
  const rows = errorCodes
    .map(
      (code) =>
        `<tr id="${code}"><td><code>${code}</code></td><td>${errorStatus[code]}${code === 'upstream_unavailable' ? ' (504 on time-out)' : ''}</td><td>${prose(errorGuide[code].when)}</td><td>${prose(errorGuide[code].retry)}</td></tr>`,
    )
    .join('\n')
  return page(
    'Sallyport errors',
    `<h1>Errors</h1><p>Every error is <code>application/problem+json</code>: <code>{type, title, status, detail, code, request_id}</code>. Branch on <code>code</code>; <code>detail</code> is for people and may change. The request id is also in the <code>X-Request-Id</code> header.</p>
<table><thead><tr><th scope="col">Code</th><th scope="col">HTTP</th><th scope="col">When</th><th scope="col">Retry</th></tr></thead><tbody>${rows}</tbody></table>
<p>Titles: ${errorCodes.map((code) => `<code>${code}</code> ${escapeHtml(errorTitle[code])}`).join('; ')}.</p>`,
  )
}

type Amount = { usd: string; cents: number }
type PlanBody = {
  id: string
  name: string
  monthly_fee: Amount
  included_requests: number
  overage_per_1000: Amount
  trial_days?: number
  limits: { fetch_per_minute: number; host_per_minute: number; general_per_minute: number; in_flight: number }
}

const count = (n: number) => n.toLocaleString('en-US')

/** The plans page, from the same answer as GET /v2/plans. */
export function renderPlans(list: { currency: string; plans: PlanBody[] }): string {
  const rows = list.plans
    .map(
      (plan) =>
        `<tr><th scope="row">${escapeHtml(plan.name)}</th><td>${plan.id === 'trial' ? `free for ${plan.trial_days ?? 30} days` : `${escapeHtml(plan.monthly_fee.usd)} ${escapeHtml(list.currency)}`}</td>` +
        `<td>${count(plan.included_requests)}</td><td>${plan.id === 'trial' ? 'none' : `${escapeHtml(plan.overage_per_1000.usd)} ${escapeHtml(list.currency)} / 1,000`}</td></tr>`,
    )
    .join('\n')
  const limits = list.plans[0]?.limits
  return page(
    'Sallyport plans',
    `<h1>Plans</h1>
<table><thead><tr><th scope="col">Plan</th><th scope="col">A month</th><th scope="col">Requests included</th><th scope="col">Beyond that</th></tr></thead><tbody>${rows}</tbody></table>
<p>A billable request is a fetch that returned an envelope; errors and idempotent replays are free. Months are calendar months in UTC; requests beyond the plan are prorated and the month's overage rounded up to the cent.</p>
${limits === undefined ? '' : `<p>Rate limits per account, on every plan: ${count(limits.fetch_per_minute)} fetches a minute, ${count(limits.host_per_minute)} a minute to any one target host, ${count(limits.in_flight)} at once, ${count(limits.general_per_minute)} a minute for other calls.</p>`}
<p>Moving to a paid plan starts with an e-mail to our billing contact. Sign up and follow your usage in the <a href="/dashboard">dashboard</a>. Machine-readable: <a href="/v2/plans"><code>GET /v2/plans</code></a>.</p>`,
  )
}

/** GET /: where a person who opens the service's address goes next. */
export function renderLanding(origin: string): string {
  return page(
    'Sallyport',
    `<h1>Sallyport</h1>
<p>Fetch a URL from an egress node in the cloud region you choose (us-east, us-west, europe) and get the target's answer back in a flat JSON envelope.</p>
<ul>
<li><a href="/dashboard">Dashboard</a>: sign up, confirm your address, mint an API key, follow your usage.</li>
<li><a href="/v2/docs">API reference</a>, with examples in curl, TypeScript and Python; <a href="/v2/docs/errors">the error guide</a>.</li>
<li><a href="/plans">Plans and prices</a>.</li>
</ul>
<h2>First request</h2>
<pre><code>curl -s -X POST '${escapeHtml(origin)}/v2/proxy/fetch?region=europe' \\
  -H "x-api-key: $SALLYPORT_API_KEY" -H 'content-type: application/json' \\
  -d '{"url":"https://example.com/"}'</code></pre>
<p>From code: <code>import { Sallyport } from 'sallyport/client'</code>, or <code>sallyport fetch URL</code> from a shell.</p>`,
  )
}

export const docsCss = `:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#57606a;--line:#d0d7de;--accent:#0b5cad;--code:#f3f4f6}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9da7b3;--line:#30363d;--accent:#6cb6ff;--code:#161b22}}
*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
header{border-bottom:1px solid var(--line);padding:.75rem 1rem}nav a{margin-right:1rem}a{color:var(--accent)}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:.5rem;background:var(--bg);padding:.25rem .5rem}
main{max-width:62rem;margin:0 auto;padding:1rem}h1 small{color:var(--muted);font-size:.5em}h2{border-bottom:1px solid var(--line);padding-bottom:.25rem;margin-top:2.5rem}
section{margin:1.5rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--code);padding:.75rem;border-radius:6px}pre code{padding:0}code{background:var(--code);padding:.1em .3em;border-radius:4px;font-size:.92em}
.method{display:inline-block;min-width:4.2em;font-size:.8em;padding:.15em .4em;border-radius:4px;background:var(--accent);color:var(--bg);text-align:center}
table{border-collapse:collapse;width:100%;display:block;overflow-x:auto;margin:.5rem 0}th,td{border:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
.opt{color:var(--muted);font-size:.85em}.summary{font-weight:600}
`
