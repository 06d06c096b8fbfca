import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'
import { envelopeFor, fakeNode } from '../../../../../test/helpers/test-gateway.ts'
import { previewChars } from './playground-fetch.ts'

async function signedIn(options: Parameters<typeof buildAccountTestGateway>[0] = {}) {
  const gw = await buildAccountTestGateway(options)
  await gw.verifiedAccount('ann@example.com')
  const session = await gw.signIn('ann@example.com')
  return { gw, session }
}

describe('POST /v2/dashboard/fetch (the playground)', () => {
  it('runs the fetch for the session’s account, billed like an API call, with the body cut to a preview', async (t) => {
    const node = fakeNode('europe', 'dev-eu-1')
    node.onJob = async (job) => ({
      kind: 'envelope',
      body: envelopeFor(node, job, { result: '<b>x</b>'.repeat(previewChars), bytes: 8 * previewChars }),
    })
    const { gw, session } = await signedIn({ nodes: [node] })
    t.after(() => gw.close())

    const response = await gw.post(
      '/v2/dashboard/fetch?region=europe',
      { url: 'https://example.com/page' },
      { headers: session.headers },
    )
    assert.equal(response.statusCode, 200, response.body)
    const body = response.json()
    assert.equal(body.region_used, 'europe')
    assert.equal(body.device_id, 'dev-eu-1')
    assert.equal(body.final_url, 'https://example.com/page')
    assert.equal(body.preview.length, previewChars)
    assert.equal(body.preview_truncated, true)
    assert.equal(body.result, undefined)
    assert.match(String(response.headers.ratelimit), /"fetch";r=\d+/)
    // The node got the job with no User-Agent of the browser's, as an API call without one.
    assert.equal(node.jobs[0]?.user_agent, null)

    await gw.settle()
    const usage = await gw.app.inject({ url: '/v2/account/usage', headers: session.headers })
    assert.equal(usage.json().usage.requests.used, 1)
  })

  it('answers the fetch route’s own problem, and bills nothing', async (t) => {
    const { gw, session } = await signedIn({ nodes: [fakeNode('europe', 'dev-eu-1')] })
    t.after(() => gw.close())
    const refused = await gw.post(
      '/v2/dashboard/fetch?region=europe',
      { url: 'ftp://example.com/' },
      { headers: session.headers },
    )
    assert.equal(refused.statusCode, 422)
    assert.match(String(refused.headers['content-type']), /^application\/problem\+json/)
    assert.equal(refused.json().code, 'invalid_request')

    const elsewhere = await gw.post(
      '/v2/dashboard/fetch?region=us-west',
      { url: 'https://example.com/' },
      { headers: session.headers },
    )
    assert.equal(elsewhere.statusCode, 503)
    assert.equal(elsewhere.json().code, 'region_out_of_service')
    await gw.settle()
    const usage = await gw.app.inject({ url: '/v2/account/usage', headers: session.headers })
    assert.equal(usage.json().usage.requests.used, 0)
  })

  it('takes a session and its CSRF token; an API key or a missing token is refused', async (t) => {
    const { gw, session } = await signedIn({ nodes: [fakeNode('europe', 'dev-eu-1')] })
    t.after(() => gw.close())
    const key = await gw.mintKey(session)
    const withKey = await gw.post(
      '/v2/dashboard/fetch',
      { url: 'https://example.com/' },
      { headers: { 'x-api-key': key.key } },
    )
    assert.equal(withKey.json().code, 'session_required')
    const noToken = await gw.post(
      '/v2/dashboard/fetch',
      { url: 'https://example.com/' },
      { headers: { cookie: session.headers.cookie! } },
    )
    assert.equal(noToken.json().code, 'csrf_failed')
  })
})
