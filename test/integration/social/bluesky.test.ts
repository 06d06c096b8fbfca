// Test bodies read JSON answers (`any`) on purpose, as eslint.config.js allows for tests; callbacks return them too.
/* eslint-disable @typescript-eslint/no-unsafe-return */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { bsky } from '../../fakes/fake-bluesky.ts'
import { allPages, startSocialHarness, type SocialHarness } from './social-harness.ts'

const alice = bsky.alice

describe('social API: Bluesky', () => {
  let h: SocialHarness
  before(async () => {
    h = await startSocialHarness()
  })
  after(() => h.close())

  it('answers a profile by handle in the one envelope, through the egress node', async () => {
    const response = await h.get(`/v2/social/bluesky/profiles/${alice.handle}`)
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.equal(body.request_id, response.headers['x-request-id'])
    assert.match(body.request_id, /^req_/)
    assert.equal(body.network, 'bluesky')
    assert.equal(body.pagination, undefined, 'a single record has no pagination')
    assert.deepEqual(Object.keys(body.meta).sort(), ['beta', 'cached', 'fetched_at', 'upstream_status'])
    assert.equal(body.meta.beta, true)
    assert.equal(body.meta.upstream_status, 200)
    assert.equal(body.meta.cached, false)
    assert.ok(!Number.isNaN(Date.parse(body.meta.fetched_at)))
    assert.deepEqual(body.data, {
      id: alice.did,
      handle: alice.handle,
      display_name: 'Alice',
      avatar_url: `https://cdn.bsky.app/img/avatar/plain/${alice.did}/a@jpeg`,
      url: `https://bsky.app/profile/${alice.handle}`,
      network: 'bluesky',
      description: 'Alice posts about tests.',
      description_html: null,
      banner_url: `https://cdn.bsky.app/img/banner/plain/${alice.did}/b@jpeg`,
      created_at: '2023-04-01T10:00:00.000Z',
      bot: null,
      counts: { followers: 120, following: 80, posts: bsky.posts, karma: null },
    })
    // The job went out through the node, asking for JSON and the rate-limit headers.
    const job = h.nodes[0]!.jobs.at(-1)!
    assert.equal(job.accept, 'application/json')
    assert.ok(job.response_headers?.includes('ratelimit-remaining'))
    assert.equal(job.user_agent, null)
    const seen = h.bluesky.requests.at(-1)!
    assert.equal(seen.headers.accept, 'application/json')
    assert.equal(seen.headers['user-agent'], 'Sallyport-Internal-Fetcher/1.0')
  })

  it('answers a profile by DID, and the same profile again from the cache', async () => {
    const url = `/v2/social/bluesky/profiles/${bsky.bob.did}`
    const before = h.bluesky.count('/xrpc/app.bsky.actor.getProfile')
    const first = (await h.get(url)).json()
    const second = (await h.get(url)).json()
    assert.equal(first.data.handle, bsky.bob.handle)
    assert.equal(first.meta.cached, false)
    assert.equal(second.meta.cached, true)
    assert.equal(second.meta.fetched_at, first.meta.fetched_at)
    assert.deepEqual(second.data, first.data)
    assert.equal(
      h.bluesky.count('/xrpc/app.bsky.actor.getProfile') - before,
      1,
      'one upstream call for two answers',
    )
    h.clock.advance(61_000)
    assert.equal((await h.get(url)).json().meta.cached, false, 'profiles are cached for 60 s')
  })

  it('answers a missing profile (Bluesky says 400 InvalidRequest "Profile not found") with 404 not_found', async () => {
    const response = await h.get('/v2/social/bluesky/profiles/nobody.test')
    assert.equal(response.statusCode, 404)
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8')
    const problem = response.json()
    assert.equal(problem.code, 'not_found')
    assert.equal(problem.request_id, response.headers['x-request-id'])
  })

  it('answers a deactivated or suspended account (Bluesky says 400 AccountDeactivated / AccountTakedown) with 404', async () => {
    for (const [actor, detail] of [
      [bsky.deactivated.handle, /deactivated/],
      [bsky.suspended.did, /suspended/],
    ] as const) {
      const response = await h.get(`/v2/social/bluesky/profiles/${actor}`)
      assert.equal(response.statusCode, 404, actor)
      assert.equal(response.json().code, 'not_found')
      assert.match(response.json().detail, detail)
    }
  })

  it('refuses an actor that is neither a handle nor a DID with 422 before any upstream call', async () => {
    const before = h.bluesky.requests.length
    const response = await h.get('/v2/social/bluesky/profiles/not_a_handle')
    assert.equal(response.statusCode, 422)
    assert.equal(response.json().code, 'invalid_request')
    assert.equal(h.bluesky.requests.length, before)
  })

  it('answers several profiles in one upstream call and names those not found', async () => {
    const before = h.bluesky.count('/xrpc/app.bsky.actor.getProfiles')
    const response = await h.get(
      `/v2/social/bluesky/profiles?actors=${alice.handle},ghost.test,${bsky.bob.did}`,
    )
    assert.equal(response.statusCode, 200)
    const { data } = response.json()
    assert.deepEqual(
      data.profiles.map((p: { handle: string }) => p.handle),
      [alice.handle, bsky.bob.handle],
    )
    assert.deepEqual(data.not_found, ['ghost.test'])
    assert.equal(h.bluesky.count('/xrpc/app.bsky.actor.getProfiles') - before, 1)
    const twice = (
      await h.get(
        `/v2/social/bluesky/profiles?actors=${alice.handle},${alice.handle.toUpperCase()},${bsky.deactivated.handle}`,
      )
    ).json()
    assert.deepEqual(
      twice.data.profiles.map((p: { handle: string }) => p.handle),
      [alice.handle],
      'handles are case-insensitive: one actor, once',
    )
    assert.deepEqual(twice.data.not_found, [bsky.deactivated.handle])
    assert.deepEqual(h.bluesky.requests.at(-1)!.query.getAll('actors'), [
      alice.handle,
      bsky.deactivated.handle,
    ])
    const tooMany = Array.from({ length: 26 }, (_, n) => `user${n}.test`).join(',')
    assert.equal((await h.get(`/v2/social/bluesky/profiles?actors=${tooMany}`)).statusCode, 422)
  })

  it("pages through an actor's posts to the end with signed cursors", async () => {
    const pages = await allPages(h, `/v2/social/bluesky/profiles/${alice.handle}/posts?limit=20`)
    const posts = pages.flatMap((page) => page.data)
    assert.equal(posts.length, bsky.posts + 1, 'every post and the one repost, each once')
    assert.equal(
      new Set(posts.map((p: { id: string; reposted_by: unknown }) => `${p.id}${p.reposted_by ? 'r' : ''}`))
        .size,
      posts.length,
    )
    assert.deepEqual(
      pages.map((page) => page.pagination.limit),
      [20, 20, 20],
    )
    assert.equal(pages.at(-1).pagination.has_more, false)
    assert.equal(pages.at(-1).pagination.next_cursor, null)
    assert.equal(pages[0].pagination.has_more, true)

    const [newest, withLink, quoting] = posts
    assert.equal(newest.id, `at://${alice.did}/app.bsky.feed.post/3kpost0000000`)
    assert.equal(newest.url, `https://bsky.app/profile/${alice.handle}/post/3kpost0000000`)
    assert.equal(newest.kind, 'post')
    assert.equal(newest.text, 'Post number 0')
    assert.equal(newest.html, null)
    assert.equal(newest.language, 'en')
    assert.equal(newest.created_at, '2025-01-01T00:00:00.000Z')
    assert.deepEqual(newest.media, [
      {
        type: 'image',
        url: 'https://cdn.bsky.app/img/feed_fullsize/0@jpeg',
        preview_url: 'https://cdn.bsky.app/img/feed_thumbnail/0@jpeg',
        alt: 'Image 0',
      },
    ])
    assert.equal(withLink.link_url, 'https://example.com/article')
    assert.deepEqual(quoting.quote_of, {
      id: `at://${bsky.bob.did}/app.bsky.feed.post/3kbobpost0001`,
      url: `https://bsky.app/profile/${bsky.bob.handle}/post/3kbobpost0001`,
    })
    const reply = posts.find((p: { text: string }) => p.text === 'Post number 3')
    assert.equal(reply.reply_to.id, `at://${bsky.bob.did}/app.bsky.feed.post/3kbobpost0001`)
    assert.equal(reply.thread_root.id, reply.reply_to.id)
    const repost = posts.find((p: { reposted_by: unknown }) => p.reposted_by !== null)
    assert.equal(repost.author.handle, bsky.bob.handle)
    assert.equal(repost.reposted_by.author.handle, alice.handle)
    const video = posts.find((p: { text: string }) => p.text === 'Post number 7')
    assert.equal(video.media[0].type, 'video')
    assert.equal(video.media[0].alt, 'Video 7')
  })

  it('passes the feed filter and clamps the page size to 100', async () => {
    const body = (
      await h.get(`/v2/social/bluesky/profiles/${alice.did}/posts?filter=posts_no_replies&limit=500`)
    ).json()
    assert.equal(body.pagination.limit, 100)
    assert.ok(body.data.every((post: { reply_to: unknown }) => post.reply_to === null))
    const sent = h.bluesky.requests.at(-1)!.query
    assert.equal(sent.get('filter'), 'posts_no_replies')
    assert.equal(sent.get('limit'), '100')
    const media = (
      await h.get(`/v2/social/bluesky/profiles/${alice.did}/posts?filter=posts_with_video`)
    ).json()
    assert.ok(media.data.length > 0)
    assert.ok(media.data.every((post: { media: { type: string }[] }) => post.media[0]?.type === 'video'))
    assert.equal(
      (await h.get(`/v2/social/bluesky/profiles/${alice.did}/posts?filter=everything`)).statusCode,
      422,
    )
  })

  it('refuses a tampered cursor, and a cursor of another query, with 422 invalid_request', async () => {
    const first = (await h.get(`/v2/social/bluesky/profiles/${alice.handle}/posts?limit=5`)).json()
    const cursor: string = first.pagination.next_cursor
    const tampered = cursor.slice(0, -2) + (cursor.endsWith('AA') ? 'BB' : 'AA')
    const before = h.bluesky.requests.length
    for (const url of [
      `/v2/social/bluesky/profiles/${alice.handle}/posts?limit=5&cursor=${encodeURIComponent(tampered)}`,
      `/v2/social/bluesky/profiles/${alice.handle}/posts?limit=5&cursor=garbage`,
      // The same cursor on another actor or with another filter is not this query's.
      `/v2/social/bluesky/profiles/${bsky.bob.handle}/posts?limit=5&cursor=${encodeURIComponent(cursor)}`,
      `/v2/social/bluesky/profiles/${alice.handle}/posts?filter=posts_with_media&cursor=${encodeURIComponent(cursor)}`,
    ]) {
      const response = await h.get(url)
      assert.equal(response.statusCode, 422, url)
      assert.equal(response.json().code, 'invalid_request')
    }
    assert.equal(h.bluesky.requests.length, before, 'no upstream call for a bad cursor')
    const good = await h.get(
      `/v2/social/bluesky/profiles/${alice.handle}/posts?limit=5&cursor=${encodeURIComponent(cursor)}`,
    )
    assert.equal(good.statusCode, 200)
    h.clock.advance(25 * 60 * 60 * 1000)
    const expired = await h.get(
      `/v2/social/bluesky/profiles/${alice.handle}/posts?limit=5&cursor=${encodeURIComponent(cursor)}`,
    )
    assert.equal(expired.statusCode, 422)
    assert.match(expired.json().detail, /expired/)
  })

  it('answers a post by handle and record key, resolving the handle to its DID', async () => {
    const response = await h.get(`/v2/social/bluesky/profiles/${alice.handle}/posts/3kpost0000004`)
    assert.equal(response.statusCode, 200)
    const { data } = response.json()
    assert.equal(data.id, `at://${alice.did}/app.bsky.feed.post/3kpost0000004`)
    assert.equal(h.bluesky.requests.at(-1)!.query.get('uris'), data.id)
    assert.ok(h.bluesky.count('/xrpc/com.atproto.identity.resolveHandle') >= 1)
  })

  it('answers a post by its bsky.app URL and by its at:// URI', async () => {
    for (const url of [
      `https://bsky.app/profile/${alice.handle}/post/3kpost0000009`,
      `at://${alice.did}/app.bsky.feed.post/3kpost0000009`,
    ]) {
      const response = await h.get(`/v2/social/bluesky/posts/lookup?url=${encodeURIComponent(url)}`)
      assert.equal(response.statusCode, 200, url)
      assert.equal(response.json().data.text, 'Post number 9')
    }
    for (const bad of [
      'https://example.com/profile/a.test/post/3k',
      'https://bsky.app/profile/alice.test',
      'nonsense',
    ]) {
      const response = await h.get(`/v2/social/bluesky/posts/lookup?url=${encodeURIComponent(bad)}`)
      assert.equal(response.statusCode, 422, bad)
    }
  })

  it('answers 404 for a missing post and for a handle that does not resolve', async () => {
    assert.equal(
      (await h.get(`/v2/social/bluesky/profiles/${alice.did}/posts/3knothere0000`)).json().code,
      'not_found',
    )
    const unresolved = await h.get('/v2/social/bluesky/profiles/ghost.test/posts/3kpost0000004')
    assert.equal(unresolved.statusCode, 404)
    assert.equal(unresolved.json().code, 'not_found')
  })

  it("answers a post's thread: ancestors, replies depth first, missing replies skipped", async () => {
    const response = await h.get(
      `/v2/social/bluesky/profiles/${alice.handle}/posts/${bsky.threadRoot}/thread`,
    )
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.equal(body.data.post.id, `at://${alice.did}/app.bsky.feed.post/${bsky.threadRoot}`)
    assert.deepEqual(body.data.ancestors, [])
    assert.deepEqual(
      body.data.replies.map((entry: { depth: number; post: { id: string } }) => [
        entry.depth,
        entry.post.id.split('/').at(-1),
      ]),
      [
        [1, '3kreplyA00000'],
        [2, '3kreplyA10000'],
        [1, '3kreplyB00000'],
      ],
    )
    assert.equal(body.meta.truncated, false)
    const shallow = (
      await h.get(`/v2/social/bluesky/profiles/${alice.handle}/posts/${bsky.threadRoot}/thread?depth=1`)
    ).json()
    assert.equal(shallow.data.replies.length, 2)
    assert.equal(h.bluesky.requests.at(-1)!.query.get('depth'), '1')
    assert.equal(shallow.meta.truncated, true, 'a reply below the depth asked for was left out')
    const alone = (
      await h.get(`/v2/social/bluesky/profiles/${alice.handle}/posts/${bsky.threadRoot}/thread?depth=0`)
    ).json()
    assert.deepEqual([alone.data.replies, alone.meta.truncated], [[], true])
    const missing = await h.get(`/v2/social/bluesky/profiles/${alice.handle}/posts/3knothere0000/thread`)
    assert.equal(missing.statusCode, 404, 'Bluesky answers 400 NotFound for a missing thread')
  })

  it("answers a reply's thread with the posts above it, root first, up to parent_height", async () => {
    const url = `/v2/social/bluesky/profiles/${alice.handle}/posts/3kreplyA10000/thread`
    const body = (await h.get(url)).json()
    assert.equal(body.data.post.id, `at://${alice.did}/app.bsky.feed.post/3kreplyA10000`)
    assert.deepEqual(
      body.data.ancestors.map((post: { id: string }) => post.id.split('/').at(-1)),
      [bsky.threadRoot, '3kreplyA00000'],
    )
    assert.equal(body.data.post.reply_to.id, body.data.ancestors[1].id)
    assert.equal(body.data.post.thread_root.id, body.data.ancestors[0].id)
    assert.deepEqual(body.data.replies, [])
    const near = (await h.get(`${url}?parent_height=1`)).json()
    assert.equal(h.bluesky.requests.at(-1)!.query.get('parentHeight'), '1')
    assert.deepEqual(
      near.data.ancestors.map((post: { id: string }) => post.id.split('/').at(-1)),
      ['3kreplyA00000'],
    )
  })

  it('adds the upstream object with ?include=raw, and refuses other include values', async () => {
    const plain = (await h.get(`/v2/social/bluesky/profiles/${alice.handle}/posts?limit=2`)).json()
    assert.equal(plain.data[0].raw, undefined)
    const raw = (await h.get(`/v2/social/bluesky/profiles/${alice.handle}/posts?limit=2&include=raw`)).json()
    assert.equal(raw.data[0].raw.post.uri, raw.data[0].id)
    assert.equal(raw.data[0].raw.post.record.$type, 'app.bsky.feed.post')
    const profile = (await h.get(`/v2/social/bluesky/profiles/${alice.handle}?include=raw`)).json()
    assert.equal(profile.data.raw.followsCount, 80)
    assert.equal(
      (await h.get(`/v2/social/bluesky/profiles/${alice.handle}?include=everything`)).statusCode,
      422,
    )
  })

  it('maps upstream 5xx to 502 and 429 to upstream_rate_limited with Retry-After', async () => {
    h.bluesky.failNext({ status: 503, body: { error: 'InternalServerError', message: 'down' } })
    const down = await h.get('/v2/social/bluesky/profiles/down.test')
    assert.equal(down.statusCode, 502)
    assert.equal(down.json().code, 'upstream_unavailable')
    h.bluesky.failNext({
      status: 429,
      body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
      headers: { 'retry-after': '42' },
    })
    const limited = await h.get('/v2/social/bluesky/profiles/limited.test')
    assert.equal(limited.statusCode, 429)
    assert.equal(limited.json().code, 'upstream_rate_limited')
    assert.equal(limited.headers['retry-after'], '42')
    // After a 429 nothing goes to Bluesky from this egress address until Retry-After has passed.
    const before = h.bluesky.requests.length
    const held = await h.get('/v2/social/bluesky/profiles/another.test')
    assert.equal(held.statusCode, 429)
    assert.ok(Number(held.headers['retry-after']) <= 42)
    assert.equal(h.bluesky.requests.length, before)
    h.clock.advance(43_000)
    assert.equal((await h.get('/v2/social/bluesky/profiles/another.test')).statusCode, 404)
  })
})

describe('social API: Bluesky budget per egress address', () => {
  it("stops when Bluesky's RateLimit-Remaining reaches 0 until RateLimit-Reset", async (t) => {
    const h = await startSocialHarness()
    t.after(() => h.close())
    h.bluesky.setRateLimit(3, 300_000)
    const statuses: number[] = []
    for (let n = 0; n < 6; n++)
      statuses.push((await h.get(`/v2/social/bluesky/profiles/user${n}.test`)).statusCode)
    assert.deepEqual(statuses, [404, 404, 404, 429, 429, 429])
    assert.equal(h.bluesky.requests.length, 3, 'no request beyond what Bluesky said it allows')
    const refused = await h.get('/v2/social/bluesky/profiles/user9.test')
    assert.equal(refused.json().code, 'upstream_rate_limited')
    assert.ok(Number(refused.headers['retry-after']) >= 1)
  })

  it('never sends Bluesky more than its budget, and refuses locally with Retry-After', async (t) => {
    const h = await startSocialHarness({ budgets: { bluesky: { limit: 4, windowMs: 300_000 } } })
    t.after(() => h.close())
    const statuses: number[] = []
    for (let n = 0; n < 6; n++)
      statuses.push((await h.get(`/v2/social/bluesky/profiles/user${n}.test`)).statusCode)
    assert.deepEqual(statuses, [404, 404, 404, 404, 429, 429])
    assert.equal(h.bluesky.requests.length, 4)
    h.clock.advance(300_001)
    assert.equal((await h.get(`/v2/social/bluesky/profiles/${alice.handle}`)).statusCode, 200)
  })
})

describe('social API: Bluesky search is excluded', () => {
  let h: SocialHarness
  before(async () => {
    h = await startSocialHarness()
  })
  after(() => h.close())

  for (const path of [
    '/v2/social/bluesky/search',
    '/v2/social/bluesky/search/posts',
    '/v2/social/bluesky/search/actors',
  ]) {
    it(`${path} answers 410 search_excluded, with or without a key, and never reaches Bluesky`, async () => {
      for (const key of [undefined, null]) {
        const response = await h.get(`${path}?q=hello`, key)
        assert.equal(response.statusCode, 410)
        const problem = response.json()
        assert.equal(problem.code, 'search_excluded')
        assert.equal(problem.type, '/v2/docs/errors#search_excluded')
        assert.match(problem.detail, /search/i)
      }
      assert.equal(h.bluesky.requests.length, 0)
    })
  }
})
