import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createCursorCodec } from '../../../src/gateway/social/cursor-codec.ts'
import { buildNode } from '../../../src/node/app.ts'
import { createFetcher } from '../../../src/node/fetching/fetcher.ts'
import { sendToNode } from '../../helpers/node-call.ts'
import { fetcherOptions } from '../../helpers/test-targets.ts'
import { systemClock } from '../../../src/shared/clock.ts'
import { errorCodes } from '../../../src/shared/errors.ts'
import { fleetPaths, signFleetCall } from '../../../src/shared/fleet-contract.ts'
import { startFakeServer } from '../../fakes/fake-server.ts'
import { bsky } from '../../fakes/fake-bluesky.ts'
import { testKeys } from '../../helpers/test-gateway.ts'
import { departure } from './envelope-check.ts'
import { cursorSecret, startSocialHarness, type SocialHarness } from './social-harness.ts'

const dataRoutes = [
  '/v2/social/bluesky/profiles',
  '/v2/social/bluesky/profiles/{actor}',
  '/v2/social/bluesky/profiles/{actor}/posts',
  '/v2/social/bluesky/profiles/{actor}/posts/{rkey}',
  '/v2/social/bluesky/profiles/{actor}/posts/{rkey}/thread',
  '/v2/social/bluesky/posts/lookup',
  '/v2/social/mastodon/accounts/{account}',
  '/v2/social/mastodon/accounts/{account}/posts',
  '/v2/social/mastodon/tags/{tag}',
  '/v2/social/mastodon/tags/{tag}/posts',
  '/v2/social/hackernews/items/{id}',
  '/v2/social/hackernews/items/{id}/comments',
  '/v2/social/hackernews/users/{user}',
  '/v2/social/hackernews/users/{user}/submissions',
  '/v2/social/hackernews/stories/{list}',
]
const searchRoutes = [
  '/v2/social/bluesky/search',
  '/v2/social/bluesky/search/posts',
  '/v2/social/bluesky/search/actors',
]
const platformRoutes = ['/social/platforms', '/v2/social/platforms']

describe('social API: platforms, auth and the reference', () => {
  let h: SocialHarness
  before(async () => {
    h = await startSocialHarness()
  })
  after(() => h.close())

  it('GET /social/platforms is public and lists what serves, the Mastodon allowlist and the exclusions', async () => {
    const response = await h.get('/social/platforms', null)
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.equal(body.request_id, response.headers['x-request-id'])
    assert.equal(body.meta.beta, true)
    const { platforms, excluded } = body.data
    assert.deepEqual(
      platforms.map((p: { network: string }) => p.network),
      ['bluesky', 'mastodon', 'hackernews'],
    )
    const listed = platforms.flatMap((p: { endpoints: { path: string }[] }) => p.endpoints.map((e) => e.path))
    assert.deepEqual([...listed].sort(), [...dataRoutes].sort())
    const mastodon = platforms.find((p: { network: string }) => p.network === 'mastodon')
    assert.deepEqual(mastodon.instances, [
      'mastodon.social',
      'fosstodon.org',
      'hachyderm.io',
      'mas.to',
      'infosec.exchange',
    ])
    assert.deepEqual(excluded, [
      {
        network: 'bluesky',
        feature: 'search',
        code: 'search_excluded',
        paths: searchRoutes,
        reason: 'Bluesky search is not part of the social API.',
      },
    ])
  })

  it('GET /v2/social/platforms answers the same with a proxy key, and asks for one without', async () => {
    const open = (await h.get('/social/platforms', null)).json()
    const keyed = await h.get('/v2/social/platforms')
    assert.equal(keyed.statusCode, 200)
    assert.deepEqual(keyed.json().data, open.data)
    const missing = await h.get('/v2/social/platforms', null)
    assert.equal(missing.statusCode, 401)
    assert.equal(missing.json().code, 'missing_api_key')
  })

  it('every data route needs an API key with the proxy scope, checked before any upstream call', async () => {
    const samples = [
      `/v2/social/bluesky/profiles/${bsky.alice.handle}`,
      '/v2/social/mastodon/accounts/alice',
      '/v2/social/hackernews/items/1000',
    ]
    for (const url of samples) {
      const none = await h.get(url, null)
      assert.equal(none.statusCode, 401, url)
      assert.equal(none.json().code, 'missing_api_key')
      assert.ok(none.headers['www-authenticate'])
      const readOnly = await h.get(url, testKeys.readOnly)
      assert.equal(readOnly.statusCode, 403, url)
      assert.equal(readOnly.json().code, 'missing_scope')
      assert.equal((await h.get(url, 'not-a-key')).json().code, 'invalid_api_key')
    }
    assert.equal(h.bluesky.requests.length + h.mastodon.requests.length + h.hackernews.requests.length, 0)
    assert.equal((await h.get(samples[2]!, testKeys.full)).statusCode, 200)
  })

  it('the OpenAPI document describes every social endpoint, both envelopes and the new codes', async () => {
    const doc = (await h.get('/v2/docs/openapi.json', null)).json()
    for (const path of [...dataRoutes, ...searchRoutes, ...platformRoutes]) {
      const operation = doc.paths[path]?.get
      assert.ok(operation, `${path} is in the reference`)
      assert.match(operation.operationId, /^[a-z][A-Za-z0-9]+$/)
      assert.ok(operation.summary.length > 0)
      assert.deepEqual(operation.tags, ['social'])
    }
    for (const path of dataRoutes) {
      const operation = doc.paths[path].get
      assert.match(
        operation.responses['200'].content['application/json'].schema.$ref,
        /^#\/components\/schemas\/Social\w+Envelope$/,
      )
      const errors = JSON.stringify(operation.responses)
      for (const code of ['not_found', 'upstream_rate_limited', 'upstream_unavailable', 'missing_scope']) {
        assert.ok(errors.includes(`"${code}"`), `${path} documents ${code}`)
      }
      assert.deepEqual(operation.security, [{ apiKey: [] }, { bearer: [] }])
    }
    // Every keyed route draws on the general budget: both 429 codes, the store's 503, the RateLimit fields.
    for (const path of [...dataRoutes, '/v2/social/platforms']) {
      const operation = doc.paths[path].get
      const limited = JSON.stringify(operation.responses['429'])
      assert.ok(limited.includes('"rate_limited"'), `${path} documents rate_limited`)
      if (path !== '/v2/social/platforms') assert.ok(limited.includes('"upstream_rate_limited"'), path)
      assert.ok(JSON.stringify(operation.responses['503']).includes('"store_unavailable"'), path)
      assert.deepEqual(Object.keys(operation.responses['200'].headers).sort(), [
        'RateLimit',
        'RateLimit-Policy',
        'X-Request-Id',
      ])
      assert.match(operation.description, /general budget/)
    }
    assert.equal(doc.paths['/social/platforms'].get.responses['200'].headers, undefined)
    assert.equal(doc.paths['/social/platforms'].get.responses['429'], undefined)
    assert.ok(
      JSON.stringify(doc.paths['/v2/social/mastodon/accounts/{account}'].get.responses).includes(
        '"instance_not_allowed"',
      ),
    )
    assert.ok(
      JSON.stringify(doc.paths['/v2/social/bluesky/search'].get.responses['410']).includes(
        '"search_excluded"',
      ),
    )
    assert.deepEqual(doc.paths['/social/platforms'].get.security, [])
    const schemas = doc.components.schemas
    for (const name of [
      'SocialProfile',
      'SocialPost',
      'SocialMeta',
      'SocialPagination',
      'SocialPostListEnvelope',
      'SocialPostEnvelope',
      'SocialPlatforms',
      'Problem',
    ]) {
      assert.ok(schemas[name], `${name} is a component`)
    }
    assert.deepEqual(schemas.SocialPostListEnvelope.required.sort(), [
      'data',
      'meta',
      'network',
      'pagination',
      'request_id',
    ])
    assert.deepEqual(schemas.SocialPostEnvelope.required.sort(), ['data', 'meta', 'network', 'request_id'])
    for (const code of ['upstream_rate_limited', 'instance_not_allowed', 'search_excluded']) {
      assert.ok(errorCodes.includes(code as never))
      assert.ok(schemas.Problem.properties.code.enum.includes(code))
    }
  })
})

describe('social API: answers match the reference', () => {
  it('the schema check the harness applies to every answer catches fields the reference does not describe', async (t) => {
    const h = await startSocialHarness()
    t.after(() => h.close())
    const body = (await h.get('/v2/social/hackernews/items/1000')).json()
    assert.equal(departure('SocialPostEnvelope', body), undefined)
    assert.match(departure('SocialPostEnvelope', { ...body, data: { ...body.data, extra: 1 } })!, /extra/)
    assert.match(
      departure('SocialPostEnvelope', { ...body, meta: { ...body.meta, cached: 'no' } })!,
      /cached/,
    )
    assert.match(departure('SocialPostEnvelope', { ...body, network: 'elsewhere' })!, /network/)
    const { pagination: _none, ...single } = (await h.get('/v2/social/hackernews/stories/top?limit=1')).json()
    assert.match(departure('SocialPostListEnvelope', single)!, /pagination/)
  })
})

describe('social API: the egress path', () => {
  it('goes through the address policy: an egress node that refuses loopback refuses the upstream', async (t) => {
    const h = await startSocialHarness({
      nodes: [{ deviceId: 'node_strict', publicIp: '198.51.100.9', jobs: [], fetcher: { allowTargets: [] } }],
    })
    t.after(() => h.close())
    const response = await h.get('/v2/social/hackernews/items/1000')
    assert.equal(response.statusCode, 502)
    const problem = response.json()
    assert.equal(problem.code, 'upstream_unavailable')
    assert.doesNotMatch(problem.detail, /127\.0\.0|http:/, 'the detail never names the upstream address')
    assert.equal(h.hackernews.requests.length, 0)
  })

  it('answers 504 upstream_unavailable when the upstream does not answer in time', async (t) => {
    const h = await startSocialHarness({
      nodes: [{ deviceId: 'node_quick', publicIp: '198.51.100.10', jobs: [], fetcher: { timeoutMs: 300 } }],
    })
    t.after(() => h.close())
    h.bluesky.hang = true
    const response = await h.get(`/v2/social/bluesky/profiles/${bsky.alice.handle}`)
    assert.equal(response.statusCode, 504)
    assert.equal(response.json().code, 'upstream_unavailable')
  })

  it('leaves the public fetch envelope as it was: no headers field, no internal job fields', async (t) => {
    const h = await startSocialHarness()
    t.after(() => h.close())
    const response = await h.app.inject({
      method: 'POST',
      url: '/v2/proxy/fetch',
      headers: { 'x-api-key': testKeys.full, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: `${h.hackernews.origin}/v0/item/1000.json` }),
    })
    assert.equal(response.statusCode, 200)
    assert.deepEqual(Object.keys(response.json()).sort(), [
      'bytes',
      'content_type',
      'device_id',
      'elapsed_ms',
      'final_url',
      'public_ip',
      'redirects',
      'region_used',
      'result',
      'status',
    ])
    assert.deepEqual(Object.keys(h.nodes[0]!.jobs[0]!).sort(), ['hop', 'url', 'user_agent'])
  })

  it('a cursor cannot point the service at another host, even one signed with our own secret', async (t) => {
    const h = await startSocialHarness()
    t.after(() => h.close())
    const elsewhere = await startFakeServer('127.0.0.25', (_request, response) => response.end('[]'))
    t.after(() => elsewhere.close())
    const codec = createCursorCodec(cursorSecret, h.clock)
    const target = `${elsewhere.origin}/xrpc/app.bsky.feed.getAuthorFeed`
    const forged = codec.seal(
      {
        network: 'bluesky',
        instance: '',
        endpoint: 'bluesky.author_posts',
        query: `${bsky.alice.handle}\nposts_with_replies`,
      },
      target,
    )
    const response = await h.get(
      `/v2/social/bluesky/profiles/${bsky.alice.handle}/posts?cursor=${encodeURIComponent(forged)}`,
    )
    assert.equal(response.statusCode, 200, 'the value is only ever a query parameter of the configured host')
    assert.equal(h.bluesky.requests.at(-1)!.query.get('cursor'), target)
    for (const [url, context, value] of [
      [
        '/v2/social/mastodon/accounts/alice/posts',
        {
          network: 'mastodon',
          instance: 'mastodon.social',
          endpoint: 'mastodon.account_posts',
          query: '109000000000000001\n{}',
        },
        `max:${elsewhere.origin}`,
      ],
      [
        '/v2/social/hackernews/stories/top',
        { network: 'hackernews', instance: '', endpoint: 'hackernews.stories', query: 'top' },
        elsewhere.origin,
      ],
    ] as const) {
      const refused = await h.get(`${url}?cursor=${encodeURIComponent(codec.seal(context, value))}`)
      assert.equal(refused.statusCode, 422, url)
    }
    assert.equal(elsewhere.requests.length, 0)
  })
})

describe('egress node: the internal job fields', () => {
  it('refuses malformed response_headers and accept values, and returns the named headers when valid', async (t) => {
    const fetcher = createFetcher(fetcherOptions())
    const secret = 's'.repeat(32)
    const node = buildNode({
      region: 'europe',
      deviceId: 'node_x',
      publicIp: '203.0.113.1',
      fleetSecret: secret,
      fetcher,
      clock: systemClock,
      logger: false,
    })
    const target = await startFakeServer('127.0.0.26', (_request, response) => {
      response.setHeader('link', '<https://a.example/?max_id=1>; rel="next"')
      response.setHeader('x-ratelimit-remaining', '7')
      response.setHeader('content-type', 'application/json')
      response.end('{}')
    })
    t.after(async () => {
      await node.close()
      await fetcher.close()
      await target.close()
    })
    const send = (job: unknown) => {
      const body = JSON.stringify(job)
      return sendToNode(node, {
        method: 'POST',
        url: fleetPaths.fetch,
        headers: {
          ...signFleetCall(secret, 'POST', fleetPaths.fetch, body, Date.now()),
          'content-type': 'application/json',
        },
        payload: body,
      })
    }
    const url = target.origin + '/'
    for (const bad of [
      { url, user_agent: null, response_headers: ['Not A Header'] },
      { url, user_agent: null, response_headers: Array.from({ length: 17 }, (_, n) => `x-${n}`) },
      { url, user_agent: null, response_headers: 'link' },
      { url, user_agent: null, accept: 'a'.repeat(300) },
      { url, user_agent: null, accept: 42 },
    ]) {
      assert.equal((await send(bad)).statusCode, 400, JSON.stringify(bad).slice(0, 80))
    }
    const answer = await send({
      url,
      user_agent: null,
      accept: 'application/json',
      response_headers: ['link', 'x-ratelimit-remaining', 'retry-after'],
    })
    assert.equal(answer.statusCode, 200)
    assert.deepEqual(answer.json().headers, {
      link: '<https://a.example/?max_id=1>; rel="next"',
      'x-ratelimit-remaining': '7',
    })
    assert.equal(target.requests.length, 1)
    const plain = await send({ url, user_agent: null })
    assert.equal(plain.json().headers, undefined)
  })
})
