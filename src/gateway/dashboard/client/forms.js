// @ts-check
/**
 * Every <form data-api> sent as JSON, checked first, with a problem shown next to the field it is about
 * (aria-invalid, aria-describedby, focus) and the outcome in the status region.
 */
import { api, byId, requireSession, say, toSignIn } from './core.js'
import { clearErrors, controlFor, focusTarget, nameOf, showError, validate } from './field-errors.js'

export { showError }

/**
 * @typedef {import('./core.js').Problem} Problem
 * @typedef {HTMLInputElement | HTMLFieldSetElement} Control
 * @typedef {Record<string, string | string[] | boolean | null>} FormBody
 * @typedef {(form: HTMLFormElement, data: unknown, body: FormBody | undefined) => void | Promise<unknown>} SuccessHandler
 */

/** What each form does once the API said yes, by its `data-on-success` name; pages add their own. */
/** @type {Record<string, SuccessHandler>} */
export const onSuccess = {}

/**
 * A problem next to its field when it has one, else in the status region only, never both: a screen
 * reader would read the same sentence twice.
 * @param {HTMLFormElement} form
 * @param {Problem} p
 * @param {string | null} retryAfter
 */
function handleProblem(form, p, retryAfter) {
  if (p.code === 'session_required') return toSignIn()
  if (p.code === 'csrf_failed') {
    say('Your session changed, perhaps in another tab. Reload the page and try again.', 'error')
    return undefined
  }
  if (p.code === 'totp_required' && askForCode(form)) return undefined
  let detail = p.detail ?? p.title ?? 'Something went wrong.'
  if (retryAfter && (p.code === 'too_many_attempts' || p.code === 'rate_limited')) {
    detail += ' Try again in ' + retryAfter + ' seconds.'
  }
  const control = controlFor(form, p)
  /** @type {{ href: string, text: string } | null} */
  let link = null
  if (p.code === 'email_not_verified') {
    const email = form.elements.namedItem('email')
    const query = email instanceof HTMLInputElement ? '?email=' + encodeURIComponent(email.value.trim()) : ''
    link = { href: '/dashboard/check-email' + query, text: 'Send a new verification link' }
  } else if (p.code === 'invalid_token') {
    link =
      form.id === 'reset'
        ? { href: '/dashboard/forgot-password', text: 'Ask for a new link' }
        : { href: '/dashboard/check-email', text: 'Have a new link sent' }
  }
  // Next to its field, a problem names the field as the form does, not by its API name (`cap_usd`).
  const label = control
    ? document.querySelector(`label[for="${control.id}"]`)?.textContent?.trim()
    : undefined
  if (control && label) detail = detail.replace(new RegExp('^' + nameOf(control) + '\\b'), label)
  if (control && showError(control, detail)) {
    focusTarget(control).focus()
    say('Check the field marked below.', 'error', link)
  } else {
    say(detail, 'error', link)
  }
  return undefined
}

/**
 * Two-factor sign-in: the password was right, the code field appears (it was hidden and disabled, so
 * the first attempt sent no code) and takes the focus.
 * @param {HTMLFormElement} form
 */
function askForCode(form) {
  const code = form.elements.namedItem('code')
  const box = document.getElementById(form.id + '-code-field')
  if (!(code instanceof HTMLInputElement) || !box) return false
  box.hidden = false
  code.disabled = false
  code.required = true
  code.focus()
  say('Enter the 6-digit code from your authenticator app, or a recovery code.', '')
  return true
}

/**
 * @param {HTMLFormElement} form
 * @returns {FormBody}
 */
function collect(form) {
  /** @type {FormBody} */
  const body = {}
  for (const el of Array.from(form.elements)) {
    if (!(
      el instanceof HTMLInputElement ||
      el instanceof HTMLSelectElement ||
      el instanceof HTMLTextAreaElement
    ))
      continue
    if (!el.name || el.disabled) continue
    if (el instanceof HTMLInputElement && el.type === 'checkbox' && el.hasAttribute('value')) {
      const list = body[el.name]
      const values = Array.isArray(list) ? list : []
      if (el.checked) values.push(el.value)
      body[el.name] = values
    } else if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      body[el.name] = el.checked
    } else if (el.hasAttribute('data-empty-null') && el.value.trim() === '') {
      body[el.name] = null
    } else {
      body[el.name] = el instanceof HTMLInputElement && el.type === 'password' ? el.value : el.value.trim()
    }
  }
  return body
}

/** @param {HTMLFormElement} form */
export function enhance(form) {
  form.noValidate = true
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void submit(form)
  })
}

/** @param {HTMLFormElement} form */
async function submit(form) {
  if (form.getAttribute('aria-busy') === 'true') return
  clearErrors(form)
  const invalid = validate(form)
  const first = invalid[0]
  if (first) {
    say(
      invalid.length === 1
        ? 'Check the field marked below.'
        : `Check the ${invalid.length} fields marked below.`,
      'error',
    )
    focusTarget(first).focus()
    return
  }
  const method = form.getAttribute('data-api-method') ?? 'POST'
  const body = method === 'DELETE' ? undefined : collect(form)
  const handler = onSuccess[form.getAttribute('data-on-success') ?? '']
  form.setAttribute('aria-busy', 'true')
  try {
    if (form.hasAttribute('data-csrf')) await requireSession()
    const r = await api(method, form.getAttribute('data-api') ?? '', body)
    if (r.ok) await handler?.(form, r.data, body)
    else await handleProblem(form, r.problem, r.retryAfter)
  } finally {
    form.removeAttribute('aria-busy')
  }
}

/**
 * Hides a form and shows the panel that replaces it, the one place that confirms the outcome: the
 * status region stays quiet, so the confirmation is read once.
 * @param {HTMLFormElement} form
 * @param {string} panelId
 */
export function reveal(form, panelId) {
  form.hidden = true
  const panel = byId(panelId)
  panel.hidden = false
  panel.focus()
}

function safeNext() {
  const next = new URLSearchParams(location.search).get('next') ?? ''
  return /^\/dashboard\/[a-z-]+$/.test(next) ? next : '/dashboard/keys'
}

/** @param {HTMLFormElement} form @param {string} name */
export function input(form, name) {
  const el = form.elements.namedItem(name)
  if (!(el instanceof HTMLInputElement)) throw new Error(`no input ${name} in #${form.id}`)
  return el
}

Object.assign(onSuccess, {
  /** @type {SuccessHandler} */
  signup: (_form, _data, body) => {
    location.assign('/dashboard/check-email?email=' + encodeURIComponent(String(body?.['email'] ?? '')))
  },
  /** @param {HTMLFormElement} form */
  resend: (form) => {
    input(form, 'password').value = ''
    say(
      'If that address has an account waiting for verification, a new link is on its way. Opening it sets the password you entered.',
      'success',
    )
  },
  /** @type {SuccessHandler} */
  verify: (form) => reveal(form, 'verified'),
  signin: () => location.assign(safeNext()),
  forgot: () =>
    say(
      'If an account uses that address, a link to reset the password is on its way. It works once.',
      'success',
    ),
  /** @type {SuccessHandler} */
  reset: (form) => reveal(form, 'reset-done'),
  signout: () => location.assign('/dashboard/signin?signed_out=1'),
  /** @param {HTMLFormElement} form */
  'email-confirmed': (form) => reveal(form, 'email-changed'),
  'signout-all': () => location.assign('/dashboard/signin?signed_out=all'),
})
