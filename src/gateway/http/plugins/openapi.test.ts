import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { describe, it } from 'node:test'
import { errorCodes } from '../../../shared/errors.ts'
import { buildTestGateway } from '../../../../test/helpers/test-gateway.ts'
import { buildLimitsGateway, keys } from '../../../../test/helpers/limits-gateway.ts'
import { buildAccountTestGateway } from '../../../../test/helpers/account-gateway.ts'

type Doc = {
  openapi: string
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { name: string; schema: { enum?: string[] } }[]; responses: Record<string, unknown> }
    >
  >
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> }
}

type Operation = {
  security?: Record<string, unknown>[]
  responses: Record<string, { headers?: Record<string, unknown> }>
}

function operationsOf(doc: {
  paths: Record<string, Record<string, unknown>>
}): (readonly [string, Operation])[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation as Operation] as const),
  )
}

/** The header fields of the rate limits and of backing off, as the service writes them. */
const rateFields = ['ratelimit-policy', 'ratelimit', 'retry-after']

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and describes the region parameter with its three values', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const response = await gw.app.inject({ method: 'GET', url: '/v2/docs/openapi.json' })
    assert.equal(response.statusCode, 200)
    const doc = response.json<Doc>()
    assert.equal(doc.openapi, '3.1.0')
    const region = doc.paths['/v2/proxy/fetch']!.post!.parameters!.find((p) => p.name === 'region')
    assert.deepEqual(region?.schema.enum, ['us-east', 'us-west', 'europe'])
  })

  it('describes every envelope field of SPEC 2.2', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const doc = (await gw.app.inject({ method: 'GET', url: '/v2/docs/openapi.json' })).json<Doc>()
    const envelope = doc.components.schemas.FetchEnvelope!
    for (const field of [
      'result',
      'status',
      'region_used',
      'public_ip',
      'device_id',
      'final_url',
      'redirects',
      'content_type',
      'bytes',
      'elapsed_ms',
    ]) {
      assert.ok(envelope.required?.includes(field), `${field} is a required envelope field`)
    }
    assert.ok(envelope.properties?.result_encoding)
  })

  it('lists every error code the fetch route can answer, and every code is in the reference and docs/errors.md', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const raw = (await gw.app.inject({ method: 'GET', url: '/v2/docs/openapi.json' })).body
    const fetchResponses = JSON.stringify(JSON.parse(raw).paths['/v2/proxy/fetch'].post.responses)
    for (const code of [
      'invalid_request',
      'unknown_region',
      'target_not_permitted',
      'response_too_large',
      'upstream_unavailable',
      'region_out_of_service',
      'no_healthy_endpoints',
      'missing_scope',
      'missing_api_key',
    ]) {
      assert.ok(fetchResponses.includes(`"${code}"`), `fetch documents ${code}`)
    }
    const problem = JSON.parse(raw).components.schemas.Problem
    assert.deepEqual(problem.properties.code.enum, errorCodes)
    const markdown = await readFile(new URL('../../../../docs/errors.md', import.meta.url), 'utf8')
    const page = (await gw.app.inject({ method: 'GET', url: '/v2/docs/errors' })).body
    for (const code of errorCodes) {
      assert.ok(markdown.includes(`\`${code}\``), `docs/errors.md documents ${code}`)
      assert.ok(page.includes(`id="${code}"`), `/v2/docs/errors has an anchor for ${code}`)
    }
  })

  it('serves a readable reference whose assets come from the service itself', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const page = await gw.app.inject({ method: 'GET', url: '/v2/docs' })
    assert.equal(page.statusCode, 200)
    assert.match(page.headers['content-type'] as string, /^text\/html/)
    assert.match(page.body, /<title>Sallyport API reference<\/title>/)
    const assets = [...page.body.matchAll(/(?:href|src)="([^"#]+)"/g)].map((m) => m[1]!)
    assert.ok(assets.length > 0)
    for (const asset of assets) {
      assert.ok(asset.startsWith('/v2/docs/'), `${asset} is served by the service, not a CDN`)
      const served = await gw.app.inject({ method: 'GET', url: asset })
      assert.equal(served.statusCode, 200, asset)
      // Nothing the page loads reaches for web fonts or stylesheets elsewhere.
      assert.doesNotMatch(
        served.body,
        /@import\s+url\(\s*["']?https?:|fonts\.googleapis|fonts\.gstatic/,
        asset,
      )
    }
    const spec = await gw.app.inject({ method: 'GET', url: '/v2/docs/json' })
    assert.match(spec.json().info.description, /## Contents/)
    const css = await gw.app.inject({ method: 'GET', url: '/v2/docs/assets/docs.css' })
    assert.equal(css.statusCode, 200)
    assert.match(css.headers['content-type'] as string, /^text\/css/)
  })

  it('publishes no team-internal section numbers', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const document = await gw.app.inject({ method: 'GET', url: '/v2/docs/openapi.json' })
    assert.doesNotMatch(document.body, /\((SPEC|DESIGN) \d/)
  })
  it('declares the rate-limit fields and 429 with Retry-After on every operation that knows the account, and 500 everywhere', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    const doc = (await gw.app.inject({ method: 'GET', url: '/v2/docs/openapi.json' })).json<Doc>()
    let authenticated = 0
    for (const [name, operation] of operationsOf(doc)) {
      assert.ok(operation.responses['500'], `${name} declares 500`)
      if ((operation.security ?? []).length === 0) continue
      authenticated++
      const refused = operation.responses['429']?.headers ?? {}
      assert.ok(
        'Retry-After' in refused && 'RateLimit' in refused,
        `${name}: 429 with Retry-After and RateLimit`,
      )
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('2')) continue
        for (const field of ['RateLimit-Policy', 'RateLimit']) {
          assert.ok(field in (response.headers ?? {}), `${name} ${status} declares ${field}`)
        }
      }
    }
    assert.ok(authenticated > 35, `the API-key and session operations are there: ${authenticated}`)
  })

  it('declares each rate-limit field the service sends, on the status that carries it', async (t) => {
    const gw = await buildLimitsGateway({ limits: { generalPerWindow: 2 } })
    t.after(() => gw.close())
    const doc = (await gw.app.inject({ method: 'GET', url: '/v2/docs/openapi.json' })).json<Doc>()
    const operations = new Map(operationsOf(doc))
    const seen = new Set<string>()
    function declares(name: string, response: { statusCode: number; headers: Record<string, unknown> }) {
      const declared = Object.keys(operations.get(name)?.responses[response.statusCode]?.headers ?? {})
      for (const field of rateFields) {
        if (response.headers[field] === undefined) continue
        seen.add(field)
        assert.ok(
          declared.some((header) => header.toLowerCase() === field),
          `${name} ${response.statusCode} sends ${field} and declares only ${declared.join(', ')}`,
        )
      }
    }
    const get = (url: string, apiKey: string) =>
      gw.app.inject({ method: 'GET', url, headers: { 'x-api-key': apiKey } })
    declares('POST /v2/proxy/fetch', await gw.fetch('http://example.com/'))
    declares('GET /v2/user-agents/', await get('/v2/user-agents/?limit=none', keys.b))
    declares('GET /v2/proxy/regions', await get('/v2/proxy/regions', keys.a1))
    declares('GET /v2/proxy/regions', await get('/v2/proxy/regions', keys.a1))
    const refused = await get('/v2/proxy/regions', keys.a1)
    assert.equal(refused.statusCode, 429)
    declares('GET /v2/proxy/regions', refused)
    declares('GET /v2/proxy/regions', await get('/v2/proxy/regions', 'nope'))
    assert.deepEqual([...seen].sort(), [...rateFields].sort(), 'every field was sent at least once')
  })
})
