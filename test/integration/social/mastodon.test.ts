// Test bodies read JSON answers (`any`) on purpose, as eslint.config.js allows for tests; callbacks return them too.
/* eslint-disable @typescript-eslint/no-unsafe-return */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { masto } from '../../fakes/fake-mastodon.ts'
import { allPages, startSocialHarness, type SocialHarness } from './social-harness.ts'

const aliceId = '109000000000000001'

describe('social API: Mastodon', () => {
  let h: SocialHarness
  before(async () => {
    h = await startSocialHarness()
  })
  after(() => h.close())

  it('answers an account by user@instance in the shared profile shape', async () => {
    const response = await h.get('/v2/social/mastodon/accounts/@alice@mastodon.social')
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.equal(body.network, 'mastodon')
    assert.equal(body.request_id, response.headers['x-request-id'])
    assert.deepEqual(body.data, {
      id: aliceId,
      handle: 'alice@mastodon.social',
      display_name: 'Alice',
      avatar_url: `https://files.mastodon.social/accounts/avatars/${aliceId}.png`,
      url: 'https://mastodon.social/@alice',
      network: 'mastodon',
      description: 'Alice writes & tests. #rust',
      description_html:
        '<p>Alice writes &amp; tests. <a href="https://mastodon.social/tags/rust" class="mention hashtag" rel="tag">#<span>rust</span></a></p>',
      banner_url: `https://files.mastodon.social/accounts/headers/${aliceId}.png`,
      created_at: '2022-11-05T00:00:00.000Z',
      bot: false,
      counts: { followers: 310, following: 42, posts: masto.statuses, karma: null },
    })
    assert.equal(h.mastodon.requests.at(-1)!.path, '/api/v1/accounts/lookup')
    assert.equal(h.mastodon.requests.at(-1)!.query.get('acct'), 'alice')
  })

  it('answers an account by bare user name on the default or the named instance, and by id', async () => {
    assert.equal((await h.get('/v2/social/mastodon/accounts/bob')).json().data.handle, 'bob@mastodon.social')
    const elsewhere = (await h.get('/v2/social/mastodon/accounts/bob?instance=fosstodon.org')).json()
    assert.equal(elsewhere.data.handle, 'bob@fosstodon.org')
    assert.equal(h.fosstodon.count('/api/v1/accounts/lookup'), 1)
    const byId = await h.get(`/v2/social/mastodon/accounts/${aliceId}`)
    assert.equal(byId.statusCode, 200)
    assert.equal(byId.json().data.handle, 'alice@mastodon.social')
    assert.equal(h.mastodon.requests.at(-1)!.path, `/api/v1/accounts/${aliceId}`)
    const remote = (await h.get('/v2/social/mastodon/accounts/109000000000000003')).json()
    assert.equal(remote.data.handle, 'carol@other.example', 'a remote account keeps its own instance')
    assert.equal((await h.get('/v2/social/mastodon/accounts/newsbot')).json().data.bot, true)
  })

  it('refuses an instance off the allowlist with 403 instance_not_allowed and sends nothing', async () => {
    const before = h.mastodon.requests.length + h.fosstodon.requests.length
    for (const url of [
      '/v2/social/mastodon/accounts/alice@evil.example',
      '/v2/social/mastodon/accounts/alice?instance=evil.example',
      '/v2/social/mastodon/accounts/alice/posts?instance=127.0.0.1.nip.io',
      '/v2/social/mastodon/tags/rust?instance=mastodon.example',
      '/v2/social/mastodon/tags/rust/posts?instance=evil.example',
    ]) {
      const response = await h.get(url)
      assert.equal(response.statusCode, 403, url)
      const problem = response.json()
      assert.equal(problem.code, 'instance_not_allowed')
      assert.match(problem.detail, /mastodon\.social/)
    }
    assert.equal(h.mastodon.requests.length + h.fosstodon.requests.length, before)
    assert.equal((await h.get('/v2/social/mastodon/accounts/alice?instance=not_a_host')).statusCode, 422)
    assert.equal(
      (await h.get('/v2/social/mastodon/accounts/alice@mastodon.social?instance=fosstodon.org')).statusCode,
      422,
      'the account and the parameter name different instances',
    )
  })

  it('answers 404 not_found for an account Mastodon does not know ({"error":"Record not found"})', async () => {
    for (const url of [
      '/v2/social/mastodon/accounts/nobody',
      '/v2/social/mastodon/accounts/123456',
      '/v2/social/mastodon/accounts/nobody/posts',
    ]) {
      const response = await h.get(url)
      assert.equal(response.statusCode, 404, url)
      assert.equal(response.json().code, 'not_found')
    }
  })

  it("pages through an account's posts to the end by the Link header, 40 at most a page", async () => {
    const pages = await allPages(h, '/v2/social/mastodon/accounts/alice@mastodon.social/posts?limit=100')
    assert.deepEqual(
      pages.map((page) => [page.data.length, page.pagination.limit, page.pagination.has_more]),
      [
        [40, 40, true],
        [40, 40, true],
        [15, 40, false],
      ],
    )
    assert.ok(
      h.mastodon.requests
        .filter((r) => r.path.endsWith('/statuses'))
        .every((r) => r.query.get('limit') === '40'),
    )
    const posts = pages.flatMap((page) => page.data)
    assert.equal(
      new Set(posts.map((post: { reposted_by: unknown; id: string }) => post.id)).size,
      masto.statuses,
    )

    const first = posts[0]
    assert.equal(first.text, 'Status 0 <3\nsecond line\n\nRead https://example.com/very/long/path')
    assert.match(first.html, /^<p>Status 0 &lt;3<br \/>/)
    assert.equal(first.author.handle, 'alice@mastodon.social')
    assert.deepEqual(first.media, [
      {
        type: 'image',
        url: 'https://files.mastodon.social/media/0.png',
        preview_url: 'https://files.mastodon.social/media/0_small.png',
        alt: 'Picture 0',
      },
    ])
    const boost = posts.find((post: { reposted_by: unknown }) => post.reposted_by !== null)
    assert.equal(boost.author.handle, 'bob@mastodon.social')
    assert.equal(boost.reposted_by.author.handle, 'alice@mastodon.social')
    const reply = posts.find((post: { reply_to: unknown }) => post.reply_to !== null)
    assert.equal(reply.reply_to.url, null)
    const warned = posts.find((post: { content_warning: unknown }) => post.content_warning !== null)
    assert.equal(warned.content_warning, 'spoilers')
    assert.equal(warned.sensitive, true)
  })

  it('passes exclude_replies, exclude_reblogs and only_media on and keeps them across pages', async () => {
    const pages = await allPages(
      h,
      '/v2/social/mastodon/accounts/alice/posts?exclude_replies=true&exclude_reblogs=true&limit=30',
    )
    const posts = pages.flatMap((page) => page.data)
    assert.ok(posts.length > 0)
    assert.ok(
      posts.every(
        (post: { reply_to: unknown; reposted_by: unknown }) =>
          post.reply_to === null && post.reposted_by === null,
      ),
    )
    const sent = h.mastodon.requests.filter((r) => r.path.endsWith('/statuses')).at(-1)!.query
    assert.equal(sent.get('exclude_replies'), 'true')
    assert.equal(sent.get('exclude_reblogs'), 'true')
    assert.equal(sent.get('only_media'), null)
    const media = (await h.get('/v2/social/mastodon/accounts/alice/posts?only_media=true')).json()
    assert.ok(media.data.every((post: { media: unknown[] }) => post.media.length > 0))
    assert.equal((await h.get('/v2/social/mastodon/accounts/alice/posts?only_media=yes')).statusCode, 422)
  })

  it('goes back to newer posts with prev_cursor (min_id)', async () => {
    const first = (await h.get('/v2/social/mastodon/accounts/alice/posts?limit=10')).json()
    const second = (
      await h.get(
        `/v2/social/mastodon/accounts/alice/posts?limit=10&cursor=${encodeURIComponent(first.pagination.next_cursor)}`,
      )
    ).json()
    const back = (
      await h.get(
        `/v2/social/mastodon/accounts/alice/posts?limit=10&cursor=${encodeURIComponent(second.pagination.prev_cursor)}`,
      )
    ).json()
    assert.deepEqual(
      back.data.map((post: { id: string }) => post.id),
      first.data.map((post: { id: string }) => post.id),
    )
    assert.ok(h.mastodon.requests.some((r) => r.query.get('min_id') !== null))
  })

  it('refuses a cursor from another instance, endpoint or account, and a tampered one', async () => {
    const onSocial = (await h.get('/v2/social/mastodon/accounts/alice/posts?limit=5')).json().pagination
      .next_cursor
    const tagCursor = (await h.get('/v2/social/mastodon/tags/rust/posts?limit=5')).json().pagination
      .next_cursor
    const statusCalls = () =>
      [...h.mastodon.requests, ...h.fosstodon.requests].filter((r) => r.path.endsWith('/statuses')).length
    const before = statusCalls()
    for (const url of [
      `/v2/social/mastodon/accounts/alice/posts?instance=fosstodon.org&cursor=${encodeURIComponent(onSocial)}`,
      `/v2/social/mastodon/accounts/alice/posts?cursor=${encodeURIComponent(tagCursor)}`,
      `/v2/social/mastodon/accounts/alice/posts?only_media=true&cursor=${encodeURIComponent(onSocial)}`,
      `/v2/social/mastodon/accounts/alice/posts?cursor=${encodeURIComponent(`x${onSocial}`)}`,
    ]) {
      const response = await h.get(url)
      assert.equal(response.statusCode, 422, url)
      assert.equal(response.json().code, 'invalid_request')
    }
    // The account is looked up first (its id is part of the cursor's binding); no page of posts is.
    assert.equal(statusCalls(), before)
  })

  it('answers a hashtag with its daily history', async () => {
    const response = await h.get('/v2/social/mastodon/tags/Rust')
    assert.equal(response.statusCode, 200)
    const { data } = response.json()
    assert.equal(data.name, 'Rust')
    assert.equal(data.instance, 'mastodon.social')
    assert.equal(data.url, 'https://mastodon.social/tags/rust')
    assert.equal(data.history.length, 7)
    assert.deepEqual(data.history[0], { day: '2025-01-01', uses: 14, accounts: 7 })
    assert.equal((await h.get('/v2/social/mastodon/tags/no-dashes')).statusCode, 422)
    assert.equal((await h.get(`/v2/social/mastodon/tags/${encodeURIComponent('日本語')}`)).statusCode, 200)
  })

  it("pages through a hashtag's posts to the end, with local and only_media filters", async () => {
    const pages = await allPages(h, '/v2/social/mastodon/tags/rust/posts?limit=20')
    assert.deepEqual(
      pages.map((page) => page.data.length),
      [20, 20, 5],
    )
    const local = (await h.get('/v2/social/mastodon/tags/rust/posts?local=true&limit=40')).json()
    assert.ok(
      local.data.every(
        (post: { author: { handle: string } }) => post.author.handle === 'bob@mastodon.social',
      ),
    )
    assert.equal(h.mastodon.requests.at(-1)!.query.get('local'), 'true')
    const media = (await h.get('/v2/social/mastodon/tags/rust/posts?only_media=true')).json()
    assert.equal(media.data.length, 5)
    const empty = (await h.get('/v2/social/mastodon/tags/unused/posts')).json()
    assert.deepEqual([empty.data, empty.pagination.has_more, empty.pagination.next_cursor], [[], false, null])
  })

  it('adds the upstream status with ?include=raw', async () => {
    const body = (await h.get('/v2/social/mastodon/accounts/alice/posts?limit=1&include=raw')).json()
    assert.equal(body.data[0].raw.id, body.data[0].id)
    assert.equal(body.data[0].raw.account.username, 'alice')
    const tag = (await h.get('/v2/social/mastodon/tags/rust?include=raw')).json()
    assert.equal(tag.data.raw.history[0].uses, '14')
  })

  it('maps a Mastodon 429 to upstream_rate_limited and a 500 to upstream_unavailable', async () => {
    h.fosstodon.failNext({ status: 500, body: { error: 'oops' } })
    const down = await h.get('/v2/social/mastodon/accounts/carol?instance=fosstodon.org')
    assert.equal(down.statusCode, 502)
    assert.equal(down.json().code, 'upstream_unavailable')
    const resetAt = new Date(h.clock.now() + 120_000).toISOString()
    h.fosstodon.failNext({
      status: 429,
      body: { error: 'Too many requests' },
      headers: { 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetAt },
    })
    const limited = await h.get('/v2/social/mastodon/accounts/dave?instance=fosstodon.org')
    assert.equal(limited.statusCode, 429)
    assert.equal(limited.json().code, 'upstream_rate_limited')
    const wait = Number(limited.headers['retry-after'])
    assert.ok(wait > 100 && wait <= 120, `Retry-After ${wait} comes from X-RateLimit-Reset`)
    // mastodon.social has its own budget: unaffected.
    assert.equal((await h.get('/v2/social/mastodon/accounts/bob')).statusCode, 200)
  })
})

describe('social API: Mastodon budget per egress address', () => {
  it('never sends the instance more than its budget, and refuses locally with Retry-After', async (t) => {
    const h = await startSocialHarness({ budgets: { mastodon: { limit: 5, windowMs: 300_000 } } })
    t.after(() => h.close())
    const statuses: number[] = []
    for (let n = 0; n < 8; n++)
      statuses.push((await h.get(`/v2/social/mastodon/accounts/user${n}`)).statusCode)
    assert.deepEqual(statuses, [404, 404, 404, 404, 404, 429, 429, 429])
    assert.equal(h.mastodon.requests.length, 5, 'the instance saw exactly the budget')
    const refused = await h.get('/v2/social/mastodon/accounts/user9')
    assert.equal(refused.json().code, 'upstream_rate_limited')
    const wait = Number(refused.headers['retry-after'])
    assert.ok(wait > 250 && wait <= 300, `Retry-After ${wait} is when the oldest request leaves the window`)
    // Another instance, another lane.
    assert.equal((await h.get('/v2/social/mastodon/accounts/bob?instance=fosstodon.org')).statusCode, 200)
    h.clock.advance(300_001)
    assert.equal((await h.get('/v2/social/mastodon/accounts/bob')).statusCode, 200)
    assert.equal(h.mastodon.requests.length, 6)
  })

  it("stops when the instance's X-RateLimit-Remaining reaches 0 until X-RateLimit-Reset", async (t) => {
    const h = await startSocialHarness()
    t.after(() => h.close())
    h.mastodon.setRateLimit(3, 300_000)
    const statuses: number[] = []
    for (let n = 0; n < 6; n++)
      statuses.push((await h.get(`/v2/social/mastodon/accounts/user${n}`)).statusCode)
    assert.deepEqual(statuses, [404, 404, 404, 429, 429, 429])
    assert.equal(h.mastodon.requests.length, 3, 'no request beyond what the instance said it allows')
  })

  it('counts each egress address on its own: two nodes, twice the requests', async (t) => {
    const h = await startSocialHarness({
      budgets: { mastodon: { limit: 2, windowMs: 300_000 } },
      nodes: [
        { deviceId: 'node_a', publicIp: '198.51.100.1', jobs: [] },
        { deviceId: 'node_b', publicIp: '198.51.100.2', jobs: [] },
      ],
    })
    t.after(() => h.close())
    const statuses: number[] = []
    for (let n = 0; n < 6; n++)
      statuses.push((await h.get(`/v2/social/mastodon/accounts/user${n}`)).statusCode)
    assert.deepEqual(statuses, [404, 404, 404, 404, 429, 429])
    assert.equal(h.mastodon.requests.length, 4)
    assert.deepEqual(
      h.nodes.map((node) => node.jobs.length),
      [2, 2],
    )
  })
})
