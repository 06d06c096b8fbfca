/**
 * Form building blocks. Every control has a <label>, a hint and an error slot whose ids follow one
 * pattern (`<id>-hint`, `<id>-error`), so the client script can put a problem next to the field that
 * caused it and wire aria-invalid and aria-describedby without knowing the page.
 */
import { attrs, html, type SafeHtml } from './html.ts'

export type FieldOptions = {
  name: string
  label: string
  type: 'email' | 'password' | 'text'
  autocomplete: string
  inputmode?: 'email' | 'text' | 'decimal'
  required?: boolean
  minlength?: number
  maxlength?: number
  /** An HTML pattern (anchored by the browser), with the sentence to show when a value does not match. */
  pattern?: { regex: string; message: string }
  value?: string
  hint?: string
  /** What to say when the field is left empty; the browser's own words otherwise. */
  requiredMessage?: string
  autofocus?: boolean
  /** Left out of the JSON body until the script enables it. */
  disabled?: boolean
}

export function field(formId: string, options: FieldOptions): SafeHtml {
  const id = `${formId}-${options.name}`
  const hintId = options.hint === undefined ? undefined : `${id}-hint`
  return html`<div class="field">
    <label for="${id}">${options.label}</label>
    ${options.hint !== undefined && html`<p class="hint" id="${hintId}">${options.hint}</p>`}
    <p class="field-error" id="${id}-error" hidden></p>
    <input
      ${attrs({
        id,
        name: options.name,
        type: options.type,
        autocomplete: options.autocomplete,
        inputmode: options.inputmode,
        required: options.required,
        minlength: options.minlength,
        maxlength: options.maxlength,
        pattern: options.pattern?.regex,
        'data-pattern-message': options.pattern?.message,
        value: options.value,
        'aria-describedby': hintId,
        'data-required-message': options.requiredMessage,
        autofocus: options.autofocus,
        disabled: options.disabled,
        autocapitalize: 'none',
        spellcheck: 'false',
      })}
    />
  </div>`
}

export function emailField(formId: string, options: Partial<FieldOptions> = {}): SafeHtml {
  return field(formId, {
    name: 'email',
    label: 'E-mail address',
    type: 'email',
    autocomplete: 'email',
    inputmode: 'email',
    required: true,
    maxlength: 254,
    requiredMessage: 'Enter your e-mail address.',
    ...options,
  })
}

export function passwordField(
  formId: string,
  kind: 'current-password' | 'new-password',
  options: Partial<FieldOptions> = {},
): SafeHtml {
  const isNew = kind === 'new-password'
  return field(formId, {
    name: 'password',
    label: isNew ? 'Choose a password' : 'Password',
    type: 'password',
    autocomplete: kind,
    required: true,
    // The API's bounds (10 to 128 characters), checked here first so most mistakes never leave the page.
    ...(isNew ? { minlength: 10, hint: 'From 10 to 128 characters. A passphrase works well.' } : {}),
    maxlength: 128,
    requiredMessage: 'Enter your password.',
    ...options,
  })
}

/**
 * Forms post to the page's own URL (no `action`): the client script sends the JSON call instead; a
 * browser without the script gets the page back with an explanation, and a password never lands in a URL.
 */
export type FormOptions = {
  id: string
  /** The JSON endpoint the client script calls. */
  api: string
  apiMethod?: 'POST' | 'PUT' | 'DELETE'
  /** Needs the session's CSRF token in `x-csrf-token`. */
  csrf?: boolean
  /** Name of the client script's success handler. */
  onSuccess: string
  submit: string
  submitClass?: string
  label?: string
  body?: SafeHtml
}

export function form(options: FormOptions): SafeHtml {
  const formAttributes = attrs({
    id: options.id,
    method: 'post',
    'data-api': options.api,
    'data-api-method': options.apiMethod ?? 'POST',
    'data-csrf': options.csrf,
    'data-on-success': options.onSuccess,
    'aria-label': options.label,
  })
  return html`<form ${formAttributes}>
    ${options.body}
    <div class="actions">
      <button type="submit" class="${options.submitClass ?? 'button'}">${options.submit}</button>
    </div>
  </form>`
}

/** A page opened from a mailed link that lost its token: say so and offer a new link. */
export function missingToken(href: string, text: string): SafeHtml {
  return html`<p class="notice is-error">
    This link is missing its token. Open the link from the mail again, or <a href="${href}">${text}</a>.
  </p>`
}

/** The panel that replaces a form once it succeeded; the client script reveals and focuses it. */
export function donePanel(id: string, title: string, body: SafeHtml): SafeHtml {
  return html`<section id="${id}" class="panel is-success" aria-labelledby="${id}-title" tabindex="-1" hidden>
    <h2 id="${id}-title">${title}</h2>
    ${body}
  </section>`
}
