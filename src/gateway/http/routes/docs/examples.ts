/**
 * Examples for the reference, generated from the schemas (so they cannot drift from them): a request body
 * example and a response example on every operation, and copyable code samples (`x-codeSamples`: curl,
 * TypeScript with `sallyport/client`, Python with requests). Applied to the whole OpenAPI document once it
 * is built (plugins/openapi.ts), so docs/openapi.json carries them and `npm run check` checks them.
 */

import { errorTitle, type ErrorCode } from '../../../../shared/errors.ts'

type Json = Record<string, unknown>
type Document = Json & {
  paths?: Record<string, Record<string, Json>>
  components?: { schemas?: Record<string, Json> }
}

/** Where the samples send their requests: what `npm start` serves, and the client's default. */
export const sampleBaseUrl = 'http://127.0.0.1:8080'

/** Each operation of the client (src/client) by operationId, with the method that performs it. */
export const clientMethods: Readonly<Record<string, string>> = {
  fetch: 'fetch',
  listRegions: 'regions',
  fleetStatus: 'status',
  listUserAgents: 'userAgents',
  liveness: 'health',
  readiness: 'ready',
  getUsage: 'usage',
  listPlans: 'plans',
  openapi: 'openapi',
  listSocialPlatformsV2: 'social.platforms',
  getBlueskyProfiles: 'social.blueskyProfiles',
  getBlueskyProfile: 'social.blueskyProfile',
  listBlueskyPosts: 'social.blueskyPosts',
  getBlueskyPost: 'social.blueskyPost',
  getBlueskyThread: 'social.blueskyThread',
  lookupBlueskyPost: 'social.lookupBlueskyPost',
  getMastodonAccount: 'social.mastodonAccount',
  listMastodonPosts: 'social.mastodonPosts',
  getMastodonTag: 'social.mastodonTag',
  listMastodonTagPosts: 'social.mastodonTagPosts',
  getHackerNewsItem: 'social.hackerNewsItem',
  listHackerNewsComments: 'social.hackerNewsComments',
  getHackerNewsUser: 'social.hackerNewsUser',
  listHackerNewsSubmissions: 'social.hackerNewsSubmissions',
  listHackerNewsStories: 'social.hackerNewsStories',
}

/** Optional query parameters worth showing in a sample (required ones always are). */
const sampleQuery: Readonly<Record<string, Record<string, string>>> = {
  fetch: { region: 'europe' },
  listUserAgents: { browser: 'chrome', limit: '5' },
  getAccountUsage: { days: '30' },
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

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

type Parameter = { name: string; in: string; required?: boolean; example?: unknown; schema?: Json }

type Request = {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  auth: 'key' | 'session' | 'none'
}

/** A parameter's example, as the text it is sent as. */
function parameterValue(document: Document, parameter: Parameter): string {
  const value = parameter.example ?? exampleOf(document, parameter.schema, parameter.name) ?? parameter.name
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value)
}

function sampleRequest(document: Document, method: string, path: string, operation: Json): Request {
  const parameters = (operation.parameters ?? []) as Parameter[]
  const value = (parameter: Parameter) => parameterValue(document, parameter)
  let filled = path
  for (const parameter of parameters.filter((p) => p.in === 'path')) {
    filled = filled.replace(`{${parameter.name}}`, encodeURIComponent(value(parameter)))
  }
  const query: Record<string, string> = {}
  for (const parameter of parameters.filter((p) => p.in === 'query' && p.required === true)) {
    query[parameter.name] = value(parameter)
  }
  Object.assign(query, sampleQuery[String(operation.operationId)] ?? {})
  const bodySchema = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined
  const body = bodySchema?.['application/json']?.example
  const security = (operation.security ?? []) as Record<string, unknown>[]
  const auth = security.some((s) => 'apiKey' in s)
    ? 'key'
    : security.some((s) => 'session' in s)
      ? 'session'
      : 'none'
  return { method: method.toUpperCase(), path: filled, query, body, auth }
}

function queryString(query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString()
  return search === '' ? '' : `?${search}`
}

function curlSample(request: Request): string {
  const lines = [
    `curl -s${request.method === 'GET' ? '' : ` -X ${request.method}`} '${sampleBaseUrl}${request.path}${queryString(request.query)}'`,
  ]
  if (request.auth === 'key') lines.push(`-H "x-api-key: $SALLYPORT_API_KEY"`)
  if (request.auth === 'session')
    lines.push(`-b "sallyport_session=$SESSION"`, `-H "x-csrf-token: $CSRF_TOKEN"`)
  if (request.body !== undefined) {
    lines.push(`-H 'content-type: application/json'`, `-d '${JSON.stringify(request.body)}'`)
  }
  return lines.join(' \\\n  ')
}

/** A value as TypeScript (`{ url: 'https://…' }`) or Python (`{"url": "https://…"}`) source. */
function literal(value: unknown, language: 'ts' | 'python'): string {
  if (Array.isArray(value)) return `[${value.map((item) => literal(item, language)).join(', ')}]`
  if (isObject(value)) {
    const entries = Object.entries(value).map(([key, item]) => {
      const name = language === 'ts' && /^[a-zA-Z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)
      return `${name}: ${literal(item, language)}`
    })
    if (entries.length === 0) return '{}'
    return language === 'ts' ? `{ ${entries.join(', ')} }` : `{${entries.join(', ')}}`
  }
  if (typeof value === 'string') {
    return language === 'ts' ? `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'` : JSON.stringify(value)
  }
  if (language === 'python' && typeof value === 'boolean') return value ? 'True' : 'False'
  if (language === 'python' && value === null) return 'None'
  return JSON.stringify(value)
}

function tsLiteral(value: unknown): string {
  return literal(value, 'ts')
}

function typescriptSample(document: Document, request: Request, operation: Json): string {
  const id = String(operation.operationId)
  const method = clientMethods[id]
  if (method !== undefined) {
    const parameters = ((operation.parameters ?? []) as Parameter[]).filter((p) => p.in === 'path')
    const args = parameters.map((parameter) => tsLiteral(parameterValue(document, parameter)))
    if (id === 'fetch') args.push(tsLiteral({ ...(request.body as Json), ...request.query }))
    else if (Object.keys(request.query).length > 0) args.push(tsLiteral(request.query))
    return [
      "import { Sallyport } from 'sallyport/client'",
      '',
      'const sallyport = new Sallyport({ apiKey: process.env.SALLYPORT_API_KEY })',
      `const answer = await sallyport.${method}(${args.join(', ')})`,
      'console.log(answer)',
    ].join('\n')
  }
  // Not in the client (dashboard session calls, withdrawn endpoints): the platform's fetch.
  const headers: Json = {}
  if (request.auth === 'session')
    Object.assign(headers, { cookie: '`sallyport_session=${session}`', 'x-csrf-token': 'csrfToken' })
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  const init = [
    `method: '${request.method}'`,
    ...(Object.keys(headers).length === 0
      ? []
      : [
          `headers: { ${Object.entries(headers)
            .map(
              ([name, value]) =>
                `'${name}': ${String(value).startsWith('`') || value === 'csrfToken' ? String(value) : `'${String(value)}'`}`,
            )
            .join(', ')} }`,
        ]),
    ...(request.body === undefined ? [] : [`body: JSON.stringify(${tsLiteral(request.body)})`]),
  ]
  return [
    `const response = await fetch('${sampleBaseUrl}${request.path}${queryString(request.query)}', {`,
    ...init.map((line) => `  ${line},`),
    '})',
    'console.log(response.status, await response.text())',
  ].join('\n')
}

function pythonSample(request: Request): string {
  const args = [`"${sampleBaseUrl}${request.path}"`]
  if (Object.keys(request.query).length > 0) args.push(`params=${literal(request.query, 'python')}`)
  if (request.auth === 'key') args.push('headers={"x-api-key": os.environ["SALLYPORT_API_KEY"]}')
  if (request.auth === 'session') {
    args.push('cookies={"sallyport_session": session}', 'headers={"x-csrf-token": csrf_token}')
  }
  if (request.body !== undefined) {
    args.push(`json=${literal(request.body, 'python')}`)
  }
  return [
    ...(request.auth === 'key' ? ['import os', ''] : []),
    'import requests',
    '',
    `response = requests.${request.method.toLowerCase()}(`,
    ...args.map((arg) => `    ${arg},`),
    '    timeout=60,',
    ')',
    'print(response.status_code, response.json())',
  ].join('\n')
}

/** The document with examples and samples on every operation; what is set by hand is kept. */
export function withExamples<T extends Json>(input: T): T {
  const document = structuredClone(input) as Document
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      const bodyContent = (operation.requestBody as Json | undefined)?.content as
        Record<string, Json> | undefined
      for (const media of Object.values(bodyContent ?? {})) {
        media.example ??= exampleOf(document, media.schema as Json)
      }
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          let example = exampleOf(document, media.schema as Json)
          if (type === 'application/problem+json' && isObject(example) && typeof example.code === 'string') {
            // A problem as the service sends it: this answer's status, the link to its code.
            const code = example.code as ErrorCode
            example = {
              ...example,
              status: Number(status),
              type: `/v2/docs/errors#${code}`,
              title: errorTitle[code] ?? example.title,
            }
          }
          if (media.example === undefined && example !== undefined) media.example = example
        }
      }
      const request = sampleRequest(document, method, path, operation)
      operation['x-codeSamples'] = [
        { lang: 'Shell', label: 'curl', source: curlSample(request) },
        { lang: 'TypeScript', label: 'TypeScript', source: typescriptSample(document, request, operation) },
        { lang: 'Python', label: 'Python', source: pythonSample(request) },
      ]
    }
  }
  return document as T
}
