// Test bodies read JSON answers (`any`) on purpose, as eslint.config.js allows for tests; callbacks return them too.
/* eslint-disable @typescript-eslint/no-unsafe-return */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { hn } from '../../fakes/fake-hackernews.ts'
import { allPages, startSocialHarness, type SocialHarness } from './social-harness.ts'

describe('social API: Hacker News', () => {
  let h: SocialHarness
  before(async () => {
    h = await startSocialHarness()
  })
  after(() => h.close())

  it('answers a story in the shared post shape', async () => {
    const response = await h.get(`/v2/social/hackernews/items/${hn.story}`)
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.equal(body.network, 'hackernews')
    assert.equal(body.request_id, response.headers['x-request-id'])
    assert.deepEqual(body.data, {
      id: '1000',
      network: 'hackernews',
      kind: 'story',
      url: 'https://news.ycombinator.com/item?id=1000',
      author: {
        id: 'dhouston',
        handle: 'dhouston',
        display_name: null,
        avatar_url: null,
        url: 'https://news.ycombinator.com/user?id=dhouston',
      },
      created_at: '2023-11-14T22:13:20.000Z',
      title: 'My YC app: Dropbox',
      text: '',
      html: null,
      link_url: 'http://www.getdropbox.com/u/2/screencast.html',
      language: null,
      counts: { replies: hn.topLevel * 4, reposts: null, likes: null, quotes: null, score: 111 },
      media: [],
      reply_to: null,
      thread_root: null,
      quote_of: null,
      reposted_by: null,
      sensitive: false,
      content_warning: null,
      deleted: false,
      dead: false,
    })
  })

  it('keeps the HTML of a comment and gives its plain text', async () => {
    const { data } = (await h.get('/v2/social/hackernews/items/1100')).json()
    assert.equal(data.kind, 'comment')
    assert.equal(data.text, "Top comment 0 'quoted'\n\nSecond paragraph link")
    assert.match(data.html, /^Top comment 0 &#x27;quoted&#x27;<p>/)
    assert.deepEqual(data.reply_to, { id: '1000', url: 'https://news.ycombinator.com/item?id=1000' })
    assert.equal(data.counts.replies, 2, 'a comment counts its direct replies')
  })

  it('answers deleted and dead items, flagged', async () => {
    const deleted = (await h.get(`/v2/social/hackernews/items/${hn.deletedComment}`)).json().data
    assert.deepEqual([deleted.deleted, deleted.author, deleted.text], [true, null, ''])
    const dead = (await h.get(`/v2/social/hackernews/items/${hn.deadComment}`)).json().data
    assert.deepEqual([dead.dead, dead.deleted], [true, false])
    const option = (await h.get('/v2/social/hackernews/items/7001')).json().data
    assert.equal(option.kind, 'pollopt')
    assert.equal(option.reply_to.id, '7000')
  })

  it('answers 404 not_found when HN answers null', async () => {
    const response = await h.get('/v2/social/hackernews/items/424242')
    assert.equal(response.statusCode, 404)
    assert.equal(response.json().code, 'not_found')
    assert.equal((await h.get('/v2/social/hackernews/users/nobody_here')).json().code, 'not_found')
    assert.equal((await h.get('/v2/social/hackernews/items/0')).statusCode, 422)
    assert.equal((await h.get('/v2/social/hackernews/items/abc')).statusCode, 422)
  })

  it("pages an item's comments over the top-level ones, each expanded to the depth asked", async () => {
    const pages = await allPages(h, `/v2/social/hackernews/items/${hn.story}/comments?limit=5&depth=3`)
    assert.deepEqual(
      pages.map((page) => page.pagination.has_more),
      [true, true, false],
    )
    const entries = pages.flatMap((page) => page.data)
    const top = entries.filter((entry: { depth: number }) => entry.depth === 1)
    assert.equal(top.length, hn.topLevel)
    assert.equal(entries.length, hn.topLevel * 5, 'each top comment, its 2 replies and their 1 reply each')
    // Depth first: a top-level comment, then its subtree.
    assert.deepEqual(
      entries
        .slice(0, 5)
        .map((entry: { depth: number; post: { id: string } }) => [entry.depth, entry.post.id]),
      [
        [1, '1100'],
        [2, '11000'],
        [3, '110000'],
        [2, '11001'],
        [3, '110010'],
      ],
    )
    assert.ok(
      entries.every(
        (entry: { post: { thread_root: { id: string } } }) => entry.post.thread_root.id === '1000',
      ),
    )
    const deleted = entries.find(
      (entry: { post: { id: string } }) => entry.post.id === String(hn.deletedComment),
    )
    assert.equal(deleted.post.deleted, true, 'a deleted comment keeps its place in the tree')
    assert.ok(pages.every((page) => page.meta.truncated === false))
  })

  it('bounds a comment page: depth 1 fetches only the top level; the item budget truncates', async () => {
    const before = h.hackernews.requests.length
    const shallow = (await h.get(`/v2/social/hackernews/items/${hn.story}/comments?depth=1&limit=30`)).json()
    assert.equal(shallow.data.length, hn.topLevel)
    assert.equal(shallow.pagination.limit, 30)
    assert.equal(shallow.meta.truncated, true, 'the replies below depth 1 were left out')
    assert.ok(h.hackernews.requests.length - before <= hn.topLevel + 1)
    assert.equal((await h.get(`/v2/social/hackernews/items/${hn.story}/comments?depth=9`)).statusCode, 200)
    const deep = (await h.get(`/v2/social/hackernews/items/${hn.story}/comments?depth=5&limit=30`)).json()
    assert.equal(deep.data.length, hn.topLevel * 5, '12 + 24 + 24 items fit the budget')
    assert.equal(deep.meta.truncated, false)

    const start = h.hackernews.count('/v0/item/')
    const busy = (await h.get(`/v2/social/hackernews/items/${hn.bigStory}/comments?depth=2&limit=30`)).json()
    assert.equal(h.hackernews.count('/v0/item/') - start, 1 + 100, 'the story, then at most 100 items')
    assert.equal(busy.data.length, 100)
    assert.equal(busy.data.filter((entry: { depth: number }) => entry.depth === 1).length, hn.bigTopLevel)
    assert.equal(busy.meta.truncated, true)
    const cut = busy.data.at(-1).post
    assert.equal(cut.counts.replies, 5, 'a cut comment still counts its replies')
  })

  it('fetches items at most 8 at a time', async (t) => {
    const fresh = await startSocialHarness()
    t.after(() => fresh.close())
    fresh.hackernews.delayMs = 15
    const response = await fresh.get('/v2/social/hackernews/stories/top?limit=30')
    assert.equal(response.statusCode, 200)
    assert.equal(fresh.hackernews.count('/v0/item/'), 30)
    assert.ok(fresh.hackernews.maxInFlight() <= 8, `max in flight ${fresh.hackernews.maxInFlight()}`)
    assert.ok(fresh.hackernews.maxInFlight() >= 4, 'and in parallel')
  })

  it('answers a user with karma and about as text and HTML', async () => {
    const { data } = (await h.get(`/v2/social/hackernews/users/${hn.user}`)).json()
    assert.equal(data.id, 'pg')
    assert.equal(data.handle, 'pg')
    assert.equal(data.created_at, '2006-10-09T18:21:32.000Z')
    assert.deepEqual(data.counts, { followers: null, following: null, posts: hn.submissions, karma: 155111 })
    assert.equal(data.description, 'Bug fixer.\n\nEssays at paulgraham.com')
    assert.match(data.description_html, /^Bug fixer\.<p>/)
  })

  it("pages a user's submissions to the end", async () => {
    const pages = await allPages(h, `/v2/social/hackernews/users/${hn.user}/submissions?limit=20`)
    assert.deepEqual(
      pages.map((page) => page.data.length),
      [20, 20, 5],
    )
    const ids = pages.flatMap((page) => page.data.map((post: { id: string }) => post.id))
    assert.equal(new Set(ids).size, hn.submissions)
    assert.equal(ids[0], String(8000 + hn.submissions))
  })

  for (const list of ['top', 'new', 'best', 'ask', 'show', 'job'] as const) {
    it(`pages the ${list} stories with their items`, async () => {
      const pages = await allPages(h, `/v2/social/hackernews/stories/${list}?limit=30`)
      const posts = pages.flatMap((page) => page.data)
      assert.ok(posts.length > 0)
      assert.ok(
        posts.every(
          (post: { network: string; id: string }) =>
            post.network === 'hackernews' && post.id !== String(hn.missing),
        ),
      )
      if (list === 'top') {
        assert.equal(pages.length, 3)
        assert.equal(posts.length, 75, 'the id HN answers null for is left out')
        assert.equal(posts[0].title, 'Story 0')
      }
      if (list === 'job') assert.ok(posts.every((post: { kind: string }) => post.kind === 'job'))
      if (list === 'ask') assert.equal(posts[0].text, 'Ask HN: anything?')
    })
  }

  it('caches a story list for 30 s and its items for 60 s', async () => {
    await h.get('/v2/social/hackernews/stories/best?limit=5')
    const before = h.hackernews.requests.length
    const again = (await h.get('/v2/social/hackernews/stories/best?limit=5')).json()
    assert.equal(again.meta.cached, true)
    assert.equal(h.hackernews.requests.length, before)
    h.clock.advance(31_000)
    const later = (await h.get('/v2/social/hackernews/stories/best?limit=5')).json()
    assert.equal(later.meta.cached, false)
    assert.equal(h.hackernews.requests.length, before + 1, 'the list again, the items still cached')
  })

  it('adds the upstream item with ?include=raw', async () => {
    const body = (await h.get('/v2/social/hackernews/stories/show?limit=2&include=raw')).json()
    assert.equal(body.data[0].raw.id, Number(body.data[0].id))
    assert.equal(body.data[0].raw.type, 'story')
    const user = (await h.get(`/v2/social/hackernews/users/${hn.user}?include=raw`)).json()
    assert.equal(user.data.raw.karma, 155111)
  })

  it('refuses an unknown list and a forged or borrowed cursor with 422', async () => {
    assert.equal((await h.get('/v2/social/hackernews/stories/worst')).statusCode, 422)
    const cursor = (await h.get('/v2/social/hackernews/stories/new?limit=10')).json().pagination.next_cursor
    for (const url of [
      `/v2/social/hackernews/stories/top?cursor=${encodeURIComponent(cursor)}`,
      `/v2/social/hackernews/users/${hn.user}/submissions?cursor=${encodeURIComponent(cursor)}`,
      `/v2/social/hackernews/stories/new?cursor=${encodeURIComponent(cursor.replace(/^./, (c: string) => (c === 'e' ? 'f' : 'e')))}`,
    ]) {
      const response = await h.get(url)
      assert.equal(response.statusCode, 422, url)
      assert.equal(response.json().code, 'invalid_request')
    }
  })

  it('maps HN errors: 5xx to upstream_unavailable', async () => {
    h.hackernews.failNext({ status: 503, body: { error: 'Service Unavailable' } })
    const response = await h.get('/v2/social/hackernews/items/123123')
    assert.equal(response.statusCode, 502)
    assert.equal(response.json().code, 'upstream_unavailable')
  })
})
