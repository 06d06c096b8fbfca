/**
 * The beta is not billed, but every call with a key counts against the account's general budget (SPEC 8:
 * 300 per minute). The account's limit is lowered the way `sallyport admin set-limits --general-per-minute 3`
 * does it: a row in account_limits, read through the limits repository.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createAccountLimitsRepository } from '../../../src/gateway/rate-limits/account-limits-repository.ts'
import { createAccountLimits } from '../../../src/gateway/rate-limits/account-limits.ts'
import { defaultLimits } from '../../../src/gateway/rate-limits/admission.ts'
import { createMemoryAdmissionStore } from '../../../src/gateway/rate-limits/memory-admission-store.ts'
import { openSqliteDatabase, type Database } from '../../../src/infra/database/database.ts'
import { migrateToLatest } from '../../../src/infra/database/migrator.ts'
import { bsky } from '../../fakes/fake-bluesky.ts'
import { hn } from '../../fakes/fake-hackernews.ts'
import { testKeys } from '../../helpers/test-gateway.ts'
import { manualClock, startSocialHarness, type SocialHarness } from './social-harness.ts'

/** One call per route of the platform list; the test fails when a route has none. */
const samples: Record<string, string> = {
  '/v2/social/bluesky/profiles': `/v2/social/bluesky/profiles?actors=${bsky.alice.handle},${bsky.bob.handle}`,
  '/v2/social/bluesky/profiles/{actor}': `/v2/social/bluesky/profiles/${bsky.alice.handle}`,
  '/v2/social/bluesky/profiles/{actor}/posts': `/v2/social/bluesky/profiles/${bsky.alice.handle}/posts?limit=2`,
  '/v2/social/bluesky/profiles/{actor}/posts/{rkey}': `/v2/social/bluesky/profiles/${bsky.alice.handle}/posts/3kpost0000004`,
  '/v2/social/bluesky/profiles/{actor}/posts/{rkey}/thread': `/v2/social/bluesky/profiles/${bsky.alice.handle}/posts/${bsky.threadRoot}/thread?depth=1`,
  '/v2/social/bluesky/posts/lookup': `/v2/social/bluesky/posts/lookup?url=${encodeURIComponent(`https://bsky.app/profile/${bsky.alice.handle}/post/3kpost0000004`)}`,
  '/v2/social/mastodon/accounts/{account}': '/v2/social/mastodon/accounts/alice',
  '/v2/social/mastodon/accounts/{account}/posts': '/v2/social/mastodon/accounts/alice/posts?limit=2',
  '/v2/social/mastodon/tags/{tag}': '/v2/social/mastodon/tags/rust',
  '/v2/social/mastodon/tags/{tag}/posts': '/v2/social/mastodon/tags/rust/posts?limit=2',
  '/v2/social/hackernews/items/{id}': `/v2/social/hackernews/items/${hn.story}`,
  '/v2/social/hackernews/items/{id}/comments': `/v2/social/hackernews/items/${hn.story}/comments?depth=1&limit=2`,
  '/v2/social/hackernews/users/{user}': `/v2/social/hackernews/users/${hn.user}`,
  '/v2/social/hackernews/users/{user}/submissions': `/v2/social/hackernews/users/${hn.user}/submissions?limit=2`,
  '/v2/social/hackernews/stories/{list}': '/v2/social/hackernews/stories/top?limit=2',
}

describe('social API: the general budget of the account', () => {
  let h: SocialHarness
  let db: Database
  const clock = manualClock()

  before(async () => {
    db = openSqliteDatabase(':memory:')
    await migrateToLatest(db)
    const now = clock.now()
    await db
      .insertInto('accounts')
      .values({
        id: 'acct_test',
        email: 'social@example.test',
        email_key: 'social@example.test',
        password_hash: 'unused',
        plan: 'entry',
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await createAccountLimitsRepository(db).save('acct_test', { generalPerMinute: 3 }, now)
    h = await startSocialHarness({
      clock,
      rateLimits: {
        store: createMemoryAdmissionStore({ clock }),
        limits: createAccountLimits({
          repo: createAccountLimitsRepository(db),
          defaults: defaultLimits,
          clock,
        }),
        hostKeySecret: 'social-test-host-key-secret-0123456789',
      },
    })
  })
  after(async () => {
    await h.close()
    await db.destroy()
  })

  const upstreamCalls = () =>
    h.bluesky.requests.length + h.mastodon.requests.length + h.hackernews.requests.length

  it('every data route and the keyed platform list draw on it, and answer 429 rate_limited once it is spent', async () => {
    const listed = (await h.get('/social/platforms', null)).json().data.platforms as {
      endpoints: { path: string }[]
    }[]
    const routes = listed.flatMap((platform) => platform.endpoints.map((endpoint) => endpoint.path))
    assert.deepEqual(
      routes.filter((route) => samples[route] === undefined),
      [],
      'a sample for every route',
    )
    for (const url of [...routes.map((route) => samples[route]!), '/v2/social/platforms']) {
      // A fresh window for each route; the account's limits are re-read after 5 s.
      h.clock.advance(61_000)
      for (let left = 2; left >= 0; left--) {
        const answer = await h.get(url)
        assert.notEqual(answer.statusCode, 429, url)
        assert.equal(answer.headers['ratelimit-policy'], '"general";q=3;w=60', url)
        assert.equal(answer.headers.ratelimit, `"general";r=${left};t=60`, url)
      }
      const before = upstreamCalls()
      h.clock.advance(15_000)
      const refused = await h.get(url, testKeys.full)
      assert.equal(refused.statusCode, 429, url)
      assert.equal(refused.json().code, 'rate_limited', url)
      assert.equal(refused.headers['retry-after'], '45', url)
      assert.equal(refused.headers['ratelimit-policy'], '"general";q=3;w=60', url)
      assert.equal(refused.headers.ratelimit, '"general";r=0;t=45', url)
      assert.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8', url)
      assert.equal(upstreamCalls(), before, `${url}: refused before any upstream call`)
    }
  })

  it('the public platform list and the excluded search paths neither need a key nor draw on a budget', async () => {
    h.clock.advance(61_000)
    for (let n = 0; n < 4; n++)
      assert.equal((await h.get('/v2/social/platforms')).statusCode, n < 3 ? 200 : 429)
    const open = await h.get('/social/platforms', null)
    assert.equal(open.statusCode, 200)
    assert.equal(open.headers['ratelimit-policy'], undefined)
    for (const path of ['/v2/social/bluesky/search', '/v2/social/bluesky/search/posts']) {
      const excluded = await h.get(`${path}?q=hello`, null)
      assert.equal(excluded.statusCode, 410)
      assert.equal(excluded.json().code, 'search_excluded')
      assert.equal(excluded.headers.ratelimit, undefined)
    }
  })
})
