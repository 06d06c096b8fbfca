/**
 * Copyable code samples for an operation (`x-codeSamples`): curl, TypeScript with `sallyport/client`, and
 * Python with requests, filled from the operation's examples.
 */

import { exampleOf, isObject, type Document, type Json } from './example-values.ts'

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

export function sampleRequest(document: Document, method: string, path: string, operation: Json): Request {
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

export function curlSample(request: Request): string {
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

export function typescriptSample(document: Document, request: Request, operation: Json): string {
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

export function pythonSample(request: Request): string {
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
