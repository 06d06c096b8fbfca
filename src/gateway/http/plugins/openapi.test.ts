import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { describe, it } from 'node:test'
import { errorCodes } from '../../../shared/errors.ts'
import { buildTestGateway } from '../../../../test/helpers/test-gateway.ts'

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
})
