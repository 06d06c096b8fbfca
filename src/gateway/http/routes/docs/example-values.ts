/**
 * A value that a schema accepts, for the reference's request and response examples: the schema's own
 * examples first, then values by property name and format.
 */

export type Json = Record<string, unknown>
export type Document = Json & {
  paths?: Record<string, Record<string, Json>>
  components?: { schemas?: Record<string, Json> }
}

/** Values for numbers the schemas leave open, by property name. */
const numbersByName: Readonly<Record<string, number>> = {
  status: 200,
  bytes: 1256,
  elapsed_ms: 84,
  redirects: 0,
}

/** Values for strings the schemas leave open, by property name. */
const stringsByName: Readonly<Record<string, string>> = {
  url: 'https://example.com/',
  final_url: 'https://example.com/',
  email: 'you@example.com',
  password: 'correct horse battery staple',
  token: 'vf_8a6c1e2b9d4f4e7a',
  key: 'sp_live_3jd8Qm2VbX0pL7sK1nR4tY6wZ9aC5eF8gH2j0a',
  request_id: 'req_6f1c2a9e0b7d4c3a',
  public_ip: '203.0.113.7',
  device_id: 'node_europe_74ca0d0aa3',
  content_type: 'text/html; charset=UTF-8',
  result: '<!doctype html><html>…</html>',
  name: 'ci',
  id: 'key_2b7c9d1e',
  month: '2026-03',
  detail: 'What happened, for people.',
  title: 'Short title',
  user_agent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
}

function resolve(document: Document, schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref
  if (typeof ref !== 'string') return schema
  const name = ref.split('/').pop()!
  return resolve(document, document.components?.schemas?.[name])
}

function stringExample(schema: Json, name: string | undefined): string {
  switch (schema.format) {
    case 'date-time':
      return '2026-03-02T09:00:00.000Z'
    case 'date':
      return '2026-03-02'
    case 'uri':
    case 'url':
      return 'https://example.com/'
    case 'email':
      return 'you@example.com'
  }
  if (name !== undefined && stringsByName[name] !== undefined) return stringsByName[name]
  if (name?.endsWith('_at')) return '2026-03-02T09:00:00.000Z'
  if (name?.endsWith('_usd')) return '25.00'
  return name ?? 'string'
}

/** A value that the schema accepts, from its own examples where it has them. */
export function exampleOf(document: Document, given: Json | undefined, name?: string, depth = 0): unknown {
  const schema = resolve(document, given)
  if (schema === undefined || depth > 24) return undefined
  if (schema.example !== undefined) return schema.example
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.find((value) => value !== null)
  if (Array.isArray(schema.allOf)) {
    // Later parts narrow earlier ones (a Problem whose `code` is one of this route's codes).
    return (schema.allOf as Json[]).reduce<unknown>((merged, part) => {
      const value = exampleOf(document, part, name, depth + 1)
      return isObject(merged) && isObject(value) ? { ...merged, ...value } : (value ?? merged)
    }, undefined)
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key]
    if (Array.isArray(options)) {
      const first = (options as Json[]).find((option) => resolve(document, option)?.type !== 'null')
      return exampleOf(document, first, name, depth + 1)
    }
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>
      // The required fields, and the optional ones only when nothing is required.
      const required = Array.isArray(schema.required)
        ? (schema.required as string[])
        : Object.keys(properties)
      const out: Json = {}
      for (const [key, property] of Object.entries(properties)) {
        if (!required.includes(key)) continue
        const value = exampleOf(document, property, key, depth + 1)
        if (value !== undefined) out[key] = value
      }
      return out
    }
    case 'array': {
      // Recursive schemas (a thread's replies) end in an empty list, which every array schema here accepts.
      if (depth > 6) return []
      const item = exampleOf(document, schema.items as Json | undefined, name, depth + 1)
      if (item === undefined) return []
      // As many as the schema asks for at least (a 24-hour strip, ten recovery codes), else one.
      const count = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1
      return Array.from({ length: count }, () => item)
    }
    case 'string':
      return stringExample(schema, name)
    case 'integer':
      if (name !== undefined && numbersByName[name] !== undefined) return numbersByName[name]
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1.5
    case 'boolean':
      return true
    case 'null':
      return null
    default:
      return undefined
  }
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
