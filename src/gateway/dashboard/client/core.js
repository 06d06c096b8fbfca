// @ts-check
/**
 * The dashboard's client script, core: the status region, calls to the API, and the session (its CSRF
 * token). Plain ES modules for current browsers, no framework, no build step; type-checked from the
 * JSDoc by `tsc -p src/gateway/dashboard/client` (docs/adr/0006-dashboard-assets.md). All text from the
 * API goes into the page through textContent, never as markup.
 */

/**
 * @typedef {{ code: string, detail?: string, title?: string, status?: number, errors?: unknown }} Problem
 */
/**
 * @template T
 * @typedef {{ ok: true, status: number, data: T, retryAfter: string | null }
 *   | { ok: false, status: number, data: unknown, retryAfter: string | null, problem: Problem }} ApiResult
 */
/**
 * @typedef {{ csrf_token: string, account?: { id?: string, email?: string } }} Session
 */

export const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
export const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/** @type {string | null} */
let csrf = null
/** @type {Promise<Session> | null} */
let session = null

/**
 * An element the page's markup promises; a missing one is a bug in the page, said loudly.
 * @template {HTMLElement} E
 * @param {string} id
 * @param {new () => E} [type]
 * @returns {E}
 */
export function byId(id, type) {
  const el = document.getElementById(id)
  if (el === null || (type !== undefined && !(el instanceof type))) throw new Error(`no #${id} on this page`)
  return /** @type {E} */ (el)
}

/**
 * @template {Element} E
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {E}
 */
export function find(selector, root = document) {
  const el = root.querySelector(selector)
  if (el === null) throw new Error(`no ${selector} on this page`)
  return /** @type {E} */ (el)
}

/**
 * Says an outcome in the page's aria-live status region.
 * @param {string} message
 * @param {'error' | 'success' | ''} kind
 * @param {{ href: string, text: string } | null} [link]
 */
export function say(message, kind, link) {
  const statusEl = byId('status')
  statusEl.textContent = ''
  statusEl.className = 'status' + (kind ? ' is-' + kind : '')
  const text = document.createElement('span')
  text.textContent = message
  statusEl.appendChild(text)
  if (link) {
    const a = document.createElement('a')
    a.href = link.href
    a.textContent = link.text
    statusEl.appendChild(document.createTextNode(' '))
    statusEl.appendChild(a)
  }
}

/**
 * One call to the JSON API, with the session's CSRF token on every state-changing method.
 * @template [T=unknown]
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<ApiResult<T>>}
 */
export async function api(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf
  let response
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body: body === undefined ? null : JSON.stringify(body),
    })
  } catch {
    const problem = {
      code: 'network_error',
      detail: 'Could not reach Sallyport. Check your connection and try again.',
    }
    return { ok: false, status: 0, data: null, retryAfter: null, problem }
  }
  /** @type {unknown} */
  let data = null
  if (/json/.test(response.headers.get('content-type') ?? '')) {
    try {
      data = /** @type {unknown} */ (await response.json())
    } catch {
      data = null
    }
  }
  const retryAfter = response.headers.get('retry-after')
  if (response.ok) return { ok: true, status: response.status, data: /** @type {T} */ (data), retryAfter }
  const problem = isProblem(data)
    ? data
    : {
        code: 'http_' + String(response.status),
        detail: 'Something went wrong (HTTP ' + String(response.status) + '). Try again.',
      }
  return { ok: false, status: response.status, data, retryAfter, problem }
}

/**
 * @param {unknown} data
 * @returns {data is Problem}
 */
export function isProblem(data) {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (/** @type {{ code?: unknown }} */ (data).code) === 'string'
  )
}

/** @returns {Promise<never>} */
export function toSignIn() {
  location.replace('/dashboard/signin?next=' + encodeURIComponent(location.pathname))
  return new Promise(() => undefined)
}

/**
 * Resolves with the session (and keeps its CSRF token) or sends the visitor to the sign-in page.
 * @returns {Promise<Session>}
 */
export function requireSession() {
  if (session) return session
  session = api('GET', '/v2/session').then((r) => {
    if (r.ok) {
      const data = /** @type {Session} */ (r.data)
      csrf = data.csrf_token
      const who = document.querySelector('[data-session-email]')
      if (who instanceof HTMLElement && data.account?.email) {
        who.textContent = 'Signed in as ' + data.account.email
        who.hidden = false
      }
      return data
    }
    if (r.status === 401 || r.status === 403) return toSignIn()
    say(r.problem.detail ?? 'Could not load your session.', 'error')
    throw new Error(r.problem.code)
  })
  return session
}

/**
 * @param {string} iso
 * @param {Intl.DateTimeFormat} format
 */
export function time(iso, format) {
  const el = document.createElement('time')
  el.dateTime = iso
  el.textContent = format.format(new Date(iso))
  return el
}

/**
 * A problem that needs no page of its own: signed out, or a CSRF token from another tab.
 * @param {Problem} problem
 * @param {string} fallback
 */
export function sayProblem(problem, fallback) {
  if (problem.code === 'session_required') return toSignIn()
  if (problem.code === 'csrf_failed') {
    say('Your session changed, perhaps in another tab. Reload the page and try again.', 'error')
    return undefined
  }
  say(problem.detail ?? fallback, 'error')
  return undefined
}
