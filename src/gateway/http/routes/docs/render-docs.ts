/**
 * The human-readable reference at /v2/docs, rendered on the server from the same OpenAPI document the
 * service publishes: no script, no CDN, one stylesheet served by the service itself.
 */
import { errorCodes, errorStatus, errorTitle } from '../../../../shared/errors.ts'
import { escapeHtml } from '../../../../shared/escape-html.ts'
import { errorGuide } from './error-guide.ts'

type Json = Record<string, unknown>

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
}

/** Inline code spans only: the descriptions are our own text. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>')
}

function page(title: string, body: string): string {
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
<header><nav aria-label="Reference"><a href="/v2/docs">API reference</a> <a href="/v2/docs/errors">Errors</a> <a href="/v2/docs/openapi.json">openapi.json</a></nav></header>
<main id="main">
${body}
</main>
</body>
</html>
`
}

function refName(schema: unknown): string | undefined {
  const ref = (schema as Json | undefined)?.$ref
  return typeof ref === 'string' ? ref.split('/').pop() : undefined
}

function schemaType(schema: Json | undefined): string {
  if (schema === undefined) return ''
  const name = refName(schema)
  if (name !== undefined) return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`
  if (Array.isArray(schema.enum))
    return schema.enum.map((v) => `<code>${escapeHtml(String(v))}</code>`).join(' | ')
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(schemaType).join(' | ')
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`
  if (schema.type === 'array') return `array of ${schemaType(schema.items as Json | undefined)}`
  return escapeHtml(text(schema.type ?? 'object'))
}

function fieldsTable(schema: Json): string {
  const properties = (schema.properties ?? {}) as Record<string, Json>
  const required = new Set((schema.required ?? []) as string[])
  const rows = Object.entries(properties).map(
    ([name, field]) =>
      `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' <span class="opt">optional</span>'}</td><td>${schemaType(field)}</td><td>${prose(text(field.description ?? ''))}</td></tr>`,
  )
  if (rows.length === 0) return ''
  return `<table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

/** The codes an error response lists: `allOf: [Problem, {properties: {code: {enum}}}]`. */
function errorCodesOf(schema: Json | undefined): string[] | undefined {
  const parts = schema?.allOf as Json[] | undefined
  const code = ((parts?.[1]?.properties ?? {}) as Record<string, Json>).code
  return Array.isArray(code?.enum) ? (code.enum as string[]) : undefined
}

function operation(method: string, path: string, op: Json): string {
  const id = `op-${(text(op.operationId) || `${method}-${path}`).replace(/[^A-Za-z0-9-]/g, '-')}`
  const parts = [
    `<section id="${id}" aria-labelledby="${id}-h"><h3 id="${id}-h"><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
  ]
  if (typeof op.summary === 'string') parts.push(`<p class="summary">${prose(op.summary)}</p>`)
  if (typeof op.description === 'string')
    parts.push(...op.description.split('\n\n').map((p) => `<p>${prose(p)}</p>`))
  const parameters = (op.parameters ?? []) as Json[]
  if (parameters.length > 0) {
    parts.push(
      '<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Meaning</th></tr></thead><tbody>',
    )
    for (const p of parameters) {
      parts.push(
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${schemaType(p.schema as Json)}</td><td>${prose(text(p.description) || text((p.schema as Json | undefined)?.description))}</td></tr>`,
      )
    }
    parts.push('</tbody></table>')
  }
  const body = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.[
    'application/json'
  ]
  if (body !== undefined) parts.push(`<h4>Request body</h4>${fieldsTable(body.schema as Json)}`)
  const responses = (op.responses ?? {}) as Record<string, Json>
  parts.push(
    '<h4>Responses</h4><table><thead><tr><th scope="col">Status</th><th scope="col">Body</th></tr></thead><tbody>',
  )
  for (const [status, response] of Object.entries(responses)) {
    const content = (response.content ?? {}) as Record<string, Json>
    const schema = Object.values(content)[0]?.schema as Json | undefined
    const codes = errorCodesOf(schema)
    const what = codes
      ? codes.map((code) => `<a href="/v2/docs/errors#${code}"><code>${code}</code></a>`).join(', ')
      : `${schemaType(schema)} ${prose(text(response.description ?? ''))}`
    parts.push(`<tr><td>${escapeHtml(status)}</td><td>${what}</td></tr>`)
  }
  parts.push('</tbody></table></section>')
  return parts.join('\n')
}

export function renderReference(document: Json): string {
  const info = document.info as Json
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  )
  const tags = (document.tags ?? []) as Json[]
  const sections = tags.map((tag) => {
    const ops = operations.filter(({ op }) => ((op.tags ?? []) as string[]).includes(String(tag.name)))
    if (ops.length === 0) return ''
    return `<h2 id="tag-${escapeHtml(String(tag.name))}">${escapeHtml(String(tag.name))}</h2><p>${prose(text(tag.description ?? ''))}</p>${ops.map(({ method, path, op }) => operation(method, path, op)).join('\n')}`
  })
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>
  const schemaSections = Object.entries(schemas)
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h3><code>${escapeHtml(name)}</code></h3><p>${prose(text(schema.description ?? ''))}</p>${fieldsTable(schema)}${Array.isArray(schema.anyOf) ? `<p>One of ${schemaType(schema)}.</p>` : ''}</section>`,
    )
    .join('\n')
  const intro = text(info.description ?? '')
    .split('\n\n')
    .map((p) => `<p>${prose(p.replaceAll('\n', ' '))}</p>`)
    .join('')
  return page(
    String(info.title),
    `<h1>${escapeHtml(String(info.title))} <small>v${escapeHtml(String(info.version))}</small></h1>${intro}${sections.join('\n')}<h2 id="schemas">Schemas</h2>${schemaSections}`,
  )
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

export const docsCss = `:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#57606a;--line:#d0d7de;--accent:#0b5cad;--code:#f3f4f6}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9da7b3;--line:#30363d;--accent:#6cb6ff;--code:#161b22}}
*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
header{border-bottom:1px solid var(--line);padding:.75rem 1rem}nav a{margin-right:1rem}a{color:var(--accent)}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:.5rem;background:var(--bg);padding:.25rem .5rem}
main{max-width:62rem;margin:0 auto;padding:1rem}h1 small{color:var(--muted);font-size:.5em}h2{border-bottom:1px solid var(--line);padding-bottom:.25rem;margin-top:2.5rem}
section{margin:1.5rem 0}code{background:var(--code);padding:.1em .3em;border-radius:4px;font-size:.92em}
.method{display:inline-block;min-width:4.2em;font-size:.8em;padding:.15em .4em;border-radius:4px;background:var(--accent);color:var(--bg);text-align:center}
table{border-collapse:collapse;width:100%;display:block;overflow-x:auto;margin:.5rem 0}th,td{border:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
.opt{color:var(--muted);font-size:.85em}.summary{font-weight:600}
`
