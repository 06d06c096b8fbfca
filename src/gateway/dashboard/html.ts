/**
 * HTML for the dashboard, built by template functions. The `html` tag escapes every interpolated value
 * unless it is already `SafeHtml` (the output of another `html` call), so a query value such as a
 * mailed token can never become markup.
 */
import { escapeHtml } from '../../shared/escape-html.ts'

export class SafeHtml {
  readonly value: string
  constructor(value: string) {
    this.value = value
  }
  toString(): string {
    return this.value
  }
}

export { escapeHtml }

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[]

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('')
  // false, null and undefined render as nothing, so `${cond && html`...`}` reads naturally.
  if (value === null || value === undefined || value === false) return ''
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '')
  })
  return new SafeHtml(out)
}

export type Attributes = Readonly<Record<string, string | number | boolean | undefined>>

/** `name="value"` pairs, escaped; `true` is a bare boolean attribute, `false` and undefined are left out. */
export function attrs(attributes: Attributes): SafeHtml {
  const parts: string[] = []
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue
    parts.push(value === true ? name : `${name}="${escapeHtml(String(value))}"`)
  }
  return new SafeHtml(parts.join(' '))
}
