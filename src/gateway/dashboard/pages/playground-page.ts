/**
 * The playground: a signed-in person fetches a URL from a region with their own account (billed and
 * limited like any API call, no key in the page, SPEC 5.9), sees the envelope with the body as text,
 * the problem when there is one, and the same request as curl, TypeScript and Python.
 */
import { field } from '../forms.ts'
import { html, type SafeHtml } from '../html.ts'
import { renderPage } from '../layout.ts'
import type { DashboardPage } from './page.ts'

const envelopeFields: readonly [string, string][] = [
  ['status', 'Target status'],
  ['region_used', 'Region used'],
  ['device_id', 'Device'],
  ['public_ip', 'Address the target saw'],
  ['final_url', 'Final URL'],
  ['redirects', 'Redirects'],
  ['content_type', 'Content type'],
  ['bytes', 'Bytes'],
  ['elapsed_ms', 'Elapsed'],
]

function snippet(id: string, title: string): SafeHtml {
  return html`<div class="snippet">
    <div class="snippet-head">
      <h3 id="snippet-${id}-title">${title}</h3>
      <button type="button" class="button secondary small" data-copy-text="snippet-${id}">
        Copy<span class="visually-hidden"> the ${title} example</span>
      </button>
    </div>
    <pre
      class="example"
      tabindex="0"
      aria-labelledby="snippet-${id}-title"
    ><code id="snippet-${id}"></code></pre>
  </div>`
}

// Sent by the playground's own code (client/playground.js): the region goes in the query, as for the API.
const fetchForm = html`<form
  id="playground"
  method="post"
  aria-label="Fetch a URL"
  data-api="/v2/dashboard/fetch"
  data-api-method="POST"
  data-own-script
>
  ${field('playground', {
    name: 'url',
    label: 'URL',
    type: 'text',
    inputmode: 'text',
    autocomplete: 'url',
    required: true,
    maxlength: 8192,
    value: 'https://example.com/',
    pattern: {
      regex: 'https?://.+',
      message: 'Enter an absolute http or https URL, like https://example.com/.',
    },
    requiredMessage: 'Enter the URL to fetch.',
  })}
  <div class="field">
    <label for="playground-region">Region</label>
    <p class="hint" id="playground-region-hint">Only regions in service can be chosen.</p>
    <p class="field-error" id="playground-region-error" hidden></p>
    <select id="playground-region" name="region" aria-describedby="playground-region-hint" required>
      <option value="us-east">us-east (us-east-1)</option>
      <option value="us-west">us-west (us-west-2)</option>
      <option value="europe">europe (eu-west-1)</option>
    </select>
  </div>
  <p class="hint">A fetch here is billed and limited like any API call, and counts against your trial.</p>
  <div class="actions"><button type="submit" class="button">Fetch</button></div>
</form>`

export const playgroundPage: DashboardPage = {
  path: '/dashboard/playground',
  signedIn: true,
  render: (_query, _settings, notice) =>
    renderPage({
      notice,
      title: 'Playground',
      page: 'playground',
      path: '/dashboard/playground',
      nav: 'signed-in',
      wide: true,
      lead: 'Try the fetch API with your account, without a key in the browser.',
      body: html`<section class="card" aria-labelledby="playground-title">
          <h2 id="playground-title" class="visually-hidden">Request</h2>
          ${fetchForm}
        </section>
        <section id="result" class="card" aria-labelledby="result-title" tabindex="-1" hidden>
          <h2 id="result-title">Envelope</h2>
          <dl class="details">
            ${envelopeFields.map(
              ([name, label]) =>
                html`<div>
                  <dt>${label}</dt>
                  <dd class="break" data-envelope="${name}"></dd>
                </div>`,
            )}
          </dl>
          <h3 id="preview-title">Body <span class="muted" data-preview-note></span></h3>
          <pre
            class="example preview"
            tabindex="0"
            aria-labelledby="preview-title"
          ><code id="preview"></code></pre>
        </section>
        <section id="problem" class="card is-error" aria-labelledby="problem-title" tabindex="-1" hidden>
          <h2 id="problem-title">Error <code data-problem-code></code></h2>
          <p data-problem-detail></p>
          <pre
            class="example"
            tabindex="0"
            aria-label="The problem as application/problem+json"
          ><code id="problem-json"></code></pre>
        </section>
        <section class="card" aria-labelledby="snippets-title">
          <h2 id="snippets-title">The same request in code</h2>
          <p class="hint">
            Each reads your key from <code>SALLYPORT_API_KEY</code>: keep keys on your servers, never in a
            browser.
          </p>
          ${snippet('curl', 'curl')} ${snippet('typescript', 'TypeScript')} ${snippet('python', 'Python')}
        </section>`,
    }),
}
