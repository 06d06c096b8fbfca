// @ts-check
/**
 * Problems next to the field they are about: client-side checks before any call, the error slot of
 * each control (`<id>-error`), aria-invalid and aria-describedby, and which control an API problem
 * names (by its code, or by the field its detail names first).
 */

/**
 * @typedef {import('./core.js').Problem} Problem
 * @typedef {HTMLInputElement | HTMLFieldSetElement} Control
 */

/** @param {Element} control */
function errorSlot(control) {
  return document.getElementById(control.id + '-error')
}

/**
 * @param {Element} control
 * @param {string} errorId
 * @param {boolean} on
 */
function describedBy(control, errorId, on) {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== errorId)
  if (on) ids.unshift(errorId)
  if (ids.length) control.setAttribute('aria-describedby', ids.join(' '))
  else control.removeAttribute('aria-describedby')
}

/**
 * @param {Element} control
 * @param {string} message
 */
export function showError(control, message) {
  const slot = errorSlot(control)
  if (!slot) return false
  slot.textContent = message
  slot.hidden = false
  control.setAttribute('aria-invalid', 'true')
  describedBy(control, slot.id, true)
  return true
}

/** @param {HTMLFormElement} form */
export function clearErrors(form) {
  form.querySelectorAll('[aria-invalid="true"]').forEach((control) => {
    control.removeAttribute('aria-invalid')
    const slot = errorSlot(control)
    if (slot) {
      slot.hidden = true
      slot.textContent = ''
      describedBy(control, slot.id, false)
    }
  })
}

/** @param {Control} control */
export function focusTarget(control) {
  return control instanceof HTMLFieldSetElement ? (control.querySelector('input') ?? control) : control
}

/**
 * @param {HTMLFormElement} form
 * @returns {Control[]}
 */
export function controlsOf(form) {
  /** @type {Control[]} */
  const controls = []
  form.querySelectorAll('input[id], fieldset[id]').forEach((control) => {
    if (control instanceof HTMLFieldSetElement) controls.push(control)
    else if (control instanceof HTMLInputElement && control.type !== 'hidden' && control.type !== 'checkbox')
      controls.push(control)
  })
  return controls
}

/**
 * @param {Control} control
 * @returns {string | null}
 */
function messageFor(control) {
  if (control instanceof HTMLFieldSetElement) {
    const rule = control.getAttribute('data-require-one')
    return rule && !control.querySelector('input:checked') ? rule : null
  }
  const v = control.validity
  if (v.valid) return null
  if (v.valueMissing) return control.getAttribute('data-required-message') ?? control.validationMessage
  if (v.typeMismatch && control.type === 'email') return 'Enter an e-mail address like name@example.com.'
  if (v.patternMismatch) return control.getAttribute('data-pattern-message') ?? control.validationMessage
  if (v.tooShort) {
    return `Use at least ${control.minLength} characters (this has ${control.value.length}).`
  }
  if (v.tooLong) return `Use at most ${control.maxLength} characters.`
  return control.validationMessage
}

/**
 * Client-side checks first: most mistakes are caught without a round trip.
 * @param {HTMLFormElement} form
 */
export function validate(form) {
  /** @type {Control[]} */
  const invalid = []
  controlsOf(form).forEach((control) => {
    const message = messageFor(control)
    if (message && showError(control, message)) invalid.push(control)
  })
  return invalid
}

/** @type {Record<string, string>} */
const fieldOfCode = {
  invalid_credentials: 'password',
  email_not_verified: 'email',
  invalid_token: 'token',
  invalid_totp_code: 'code',
}

/** @param {Control} control */
export function nameOf(control) {
  return control.name || control.id.replace(/^[^-]+-/, '')
}

/**
 * The control a problem is about: by its code, or by the field its detail names (invalid_request).
 * @param {HTMLFormElement} form
 * @param {Problem} problem
 * @returns {Control | null}
 */
export function controlFor(form, problem) {
  const controls = controlsOf(form)
  const byCode = fieldOfCode[problem.code]
  const coded = byCode === undefined ? undefined : controls.find((c) => nameOf(c) === byCode)
  if (coded) return coded
  // Else the field the detail names first (`current_password is not...`, `new_email must...`).
  if (!problem.detail) return null
  const detail = problem.detail
  /** @type {Control | null} */
  let best = null
  let at = Infinity
  controls.forEach((control) => {
    const match = new RegExp('\\b' + nameOf(control) + '\\b').exec(detail)
    if (match && match.index < at) {
      best = control
      at = match.index
    }
  })
  return best
}
