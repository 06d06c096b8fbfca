// @ts-check
/**
 * The playground page: regions from GET /v2/status (only those in service can be chosen), the fetch
 * through POST /v2/dashboard/fetch with the session, the envelope and the body preview written with
 * textContent (never parsed as HTML), the problem as the API sent it, and the request as code.
 */
import { api, byId, find, requireSession, say, toSignIn } from './core.js'
import { input, showError } from './forms.js'
import { curlSnippet, pythonSnippet, typescriptSnippet } from './snippets.js'

/**
 * @typedef {{ region: string, in_service: boolean }} RegionStatus
 * @typedef {{ status: number, region_used: string, public_ip: string, device_id: string, final_url: string,
 *   redirects: number, content_type: string, bytes: number, elapsed_ms: number, preview: string,
 *   preview_truncated: boolean }} Result
 */

const count = new Intl.NumberFormat()

/** @param {HTMLFormElement} form */
function request(form) {
  return { url: input(form, 'url').value.trim(), region: byId('playground-region', HTMLSelectElement).value }
}

/** @param {HTMLFormElement} form */
function updateSnippets(form) {
  const { url, region } = request(form)
  byId('snippet-curl').textContent = curlSnippet(location.origin, url, region)
  byId('snippet-typescript').textContent = typescriptSnippet(url, region)
  byId('snippet-python').textContent = pythonSnippet(location.origin, url, region)
}

async function loadRegions() {
  /** @type {import('./core.js').ApiResult<{ regions: RegionStatus[] }>} */
  const r = await api('GET', '/v2/status')
  if (!r.ok) return
  const select = byId('playground-region', HTMLSelectElement)
  const inService = new Set(
    r.data.regions.filter((region) => region.in_service).map((region) => region.region),
  )
  for (const option of Array.from(select.options)) {
    option.disabled = !inService.has(option.value)
    option.textContent =
      option.textContent.replace(/ — out of service$/, '') + (option.disabled ? ' — out of service' : '')
  }
  const first = Array.from(select.options).find((option) => !option.disabled)
  if (select.selectedOptions[0]?.disabled && first) select.value = first.value
  if (!first)
    say('No region is in service right now; see the status page.', 'error', {
      href: '/status',
      text: 'Status',
    })
}

/** @param {Result} result */
function showResult(result) {
  byId('problem').hidden = true
  /** @type {Record<string, string>} */
  const shown = {
    status: String(result.status),
    region_used: result.region_used,
    device_id: result.device_id,
    public_ip: result.public_ip,
    final_url: result.final_url,
    redirects: String(result.redirects),
    content_type: result.content_type || '(none)',
    bytes: count.format(result.bytes),
    elapsed_ms: count.format(result.elapsed_ms) + ' ms',
  }
  for (const [name, text] of Object.entries(shown)) find(`[data-envelope="${name}"]`).textContent = text
  // Text only: a page's markup is shown as characters, never rendered.
  byId('preview').textContent = result.preview
  find('[data-preview-note]').textContent = result.preview_truncated
    ? `(the first ${count.format(result.preview.length)} characters)`
    : ''
  const section = byId('result')
  section.hidden = false
  say(`Fetched: the target answered ${result.status}.`, 'success')
  section.focus()
}

/**
 * @param {import('./core.js').Problem} problem
 * @param {unknown} data
 */
function showProblem(problem, data) {
  byId('result').hidden = true
  find('[data-problem-code]').textContent = problem.code
  find('[data-problem-detail]').textContent = problem.detail ?? ''
  byId('problem-json').textContent = JSON.stringify(data ?? problem, null, 2)
  const section = byId('problem')
  section.hidden = false
  say('The fetch failed: ' + (problem.detail ?? problem.code), 'error')
  section.focus()
}

/** @param {HTMLFormElement} form */
async function run(form) {
  if (form.getAttribute('aria-busy') === 'true') return
  const url = input(form, 'url')
  url.removeAttribute('aria-invalid')
  byId('playground-url-error').hidden = true
  const { url: target, region } = request(form)
  if (!/^https?:\/\/./i.test(target)) {
    showError(url, 'Enter an absolute http or https URL, like https://example.com/.')
    url.focus()
    say('Check the field marked below.', 'error')
    return
  }
  form.setAttribute('aria-busy', 'true')
  say('Fetching…', '')
  try {
    await requireSession()
    /** @type {import('./core.js').ApiResult<Result>} */
    const r = await api('POST', '/v2/dashboard/fetch?region=' + encodeURIComponent(region), { url: target })
    if (r.ok) showResult(r.data)
    else if (r.problem.code === 'session_required') await toSignIn()
    else showProblem(r.problem, r.data)
  } finally {
    form.removeAttribute('aria-busy')
  }
}

/** @param {HTMLButtonElement} button */
async function copySnippet(button) {
  const code = byId(button.getAttribute('data-copy-text') ?? '')
  try {
    await navigator.clipboard.writeText(code.textContent ?? '')
    say('Copied to the clipboard.', 'success')
  } catch {
    const range = document.createRange()
    range.selectNodeContents(code)
    getSelection()?.removeAllRanges()
    getSelection()?.addRange(range)
    say('Press Ctrl+C (or Cmd+C) to copy the selected code.', '')
  }
}

export function setUpPlayground() {
  const form = byId('playground', HTMLFormElement)
  form.noValidate = true
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void run(form)
  })
  form.addEventListener('input', () => updateSnippets(form))
  form.addEventListener('change', () => updateSnippets(form))
  document.querySelectorAll('button[data-copy-text]').forEach((button) => {
    if (button instanceof HTMLButtonElement) button.addEventListener('click', () => void copySnippet(button))
  })
  updateSnippets(form)
  return Promise.all([requireSession(), loadRegions()]).then(() => updateSnippets(form))
}
