/**
 * Several gateways behind one load balancer: the per-upstream budgets are shared through Redis (wired as
 * `sallyport gateway` wires them, by createLimitStores), and a cursor minted on one gateway pages on another
 * when they share SALLYPORT_CURSOR_SECRET.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, it, type TestContext } from 'node:test'
import { loadGatewayConfig } from '../../../src/config/gateway-config.ts'
import { createLimitStores, type LimitStores } from '../../../src/gateway/rate-limits/limit-stores.ts'
import { openSqliteDatabase } from '../../../src/infra/database/database.ts'
import { migrateToLatest } from '../../../src/infra/database/migrator.ts'
import { hn } from '../../fakes/fake-hackernews.ts'
import { connect, deleteUnder, redisAnswers, redisUrl } from '../rate-limits/redis-harness.ts'
import { manualClock, startSocialHarness, type HarnessOptions } from './social-harness.ts'

const hasRedis = await redisAnswers()
// STYLE: a test that needs Redis fails, never skips, under CI.
const redisSkip = hasRedis || process.env.CI === 'true' ? false : `no Redis answers at ${redisUrl}`

/** The stores one gateway process opens on the shared Redis, under one prefix for the whole test. */
async function gatewayStores(
  t: TestContext,
  prefix: string,
  clock: ReturnType<typeof manualClock>,
): Promise<LimitStores> {
  const config = loadGatewayConfig(
    { nodes: [] },
    {
      SALLYPORT_FLEET_SECRET: 'f'.repeat(32),
      SALLYPORT_REDIS_URL: redisUrl,
      SALLYPORT_REDIS_PREFIX: prefix,
      SALLYPORT_HOST_KEY_SECRET: 'h'.repeat(32),
    },
  )
  const db = openSqliteDatabase(':memory:')
  await migrateToLatest(db)
  const stores = createLimitStores(config, { db, clock, log: { warn: () => undefined } })
  assert.ok(await stores.ready(2_000), 'Redis is ready')
  t.after(async () => {
    await stores.close()
    await db.destroy()
  })
  return stores
}

/** Two gateways on one Redis prefix, in front of one egress node and the fake upstreams. */
async function twoGatewaysOnRedis(
  t: TestContext,
  options: Omit<HarnessOptions, 'clock' | 'rateLimits'> = {},
) {
  const prefix = `test:social:${randomBytes(6).toString('hex')}:`
  const clock = manualClock()
  const [storesA, storesB] = [await gatewayStores(t, prefix, clock), await gatewayStores(t, prefix, clock)]
  const h = await startSocialHarness({
    ...options,
    clock,
    rateLimits: storesA.rateLimits,
    budgetStore: storesA.upstreamBudgets,
  })
  const b = await h.addGateway({
    ...(options.budgets !== undefined && { budgets: options.budgets }),
    rateLimits: storesB.rateLimits,
    budgetStore: storesB.upstreamBudgets,
  })
  t.after(async () => {
    await h.close()
    const admin = connect()
    await deleteUnder(admin, prefix)
    await admin.quit()
  })
  return { h, a: h, b }
}

describe('social API on several gateways: shared per-upstream budgets', { skip: redisSkip }, () => {
  it('never sends an instance more than its budget per egress address, whichever gateway asks', async (t) => {
    const { h, a, b } = await twoGatewaysOnRedis(t, {
      budgets: { mastodon: { limit: 5, windowMs: 300_000 } },
    })
    const statuses: number[] = []
    for (let n = 0; n < 8; n++) {
      const gateway = n % 2 === 0 ? a : b
      statuses.push((await gateway.get(`/v2/social/mastodon/accounts/user${n}`)).statusCode)
    }
    assert.deepEqual(statuses, [404, 404, 404, 404, 404, 429, 429, 429])
    assert.equal(h.mastodon.requests.length, 5, 'the instance saw exactly the budget, from two gateways')
    const refused = await b.get('/v2/social/mastodon/accounts/user9')
    assert.equal(refused.json().code, 'upstream_rate_limited')
    const wait = Number(refused.headers['retry-after'])
    assert.ok(wait > 250 && wait <= 300, `Retry-After ${wait}: when the oldest request leaves the window`)
    // Another instance is another lane; and the window moves on for both gateways.
    assert.equal((await a.get('/v2/social/mastodon/accounts/bob?instance=fosstodon.org')).statusCode, 200)
    h.clock.advance(300_001)
    assert.equal((await b.get('/v2/social/mastodon/accounts/bob')).statusCode, 200)
  })

  it("honours the instance's X-RateLimit-Remaining 0 on every gateway until X-RateLimit-Reset", async (t) => {
    const { h, a, b } = await twoGatewaysOnRedis(t)
    h.mastodon.setRateLimit(2, 300_000)
    assert.equal((await a.get('/v2/social/mastodon/accounts/user1')).statusCode, 404)
    assert.equal((await a.get('/v2/social/mastodon/accounts/user2')).statusCode, 404)
    // The last answer said remaining 0: gateway B, which never talked to the instance, holds too.
    const held = await b.get('/v2/social/mastodon/accounts/user3')
    assert.equal(held.statusCode, 429)
    assert.equal(held.json().code, 'upstream_rate_limited')
    const wait = Number(held.headers['retry-after'])
    assert.ok(wait > 0 && wait <= 300, `Retry-After ${wait} comes from X-RateLimit-Reset`)
    assert.equal(h.mastodon.requests.length, 2, 'nothing beyond what the instance said it allows')
  })

  it("holds every gateway after one gets Bluesky's 429, for its Retry-After", async (t) => {
    const { h, a, b } = await twoGatewaysOnRedis(t)
    h.bluesky.failNext({
      status: 429,
      body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
      headers: { 'retry-after': '40' },
    })
    const limited = await a.get('/v2/social/bluesky/profiles/alice.test')
    assert.equal(limited.statusCode, 429)
    assert.equal(limited.headers['retry-after'], '40')
    const held = await b.get('/v2/social/bluesky/profiles/bob.test')
    assert.equal(held.statusCode, 429)
    assert.equal(held.json().code, 'upstream_rate_limited')
    assert.equal(h.bluesky.requests.length, 1, 'gateway B sent nothing')
    h.clock.advance(40_000)
    assert.equal((await b.get('/v2/social/bluesky/profiles/bob.test')).statusCode, 200)
  })

  it("shares the account's general budget too: a refusal on one gateway counts what the other admitted", async (t) => {
    const { a, b } = await twoGatewaysOnRedis(t)
    const first = await a.get(`/v2/social/hackernews/items/${hn.story}`)
    const second = await b.get(`/v2/social/hackernews/items/${hn.story}`)
    assert.equal(first.headers.ratelimit, '"general";r=299;t=60')
    assert.equal(second.headers.ratelimit, '"general";r=298;t=60')
  })
})

describe('social API on several gateways: cursors', () => {
  it('a cursor minted on one gateway pages on another with the same secret, and is refused with another', async (t) => {
    const h = await startSocialHarness()
    t.after(() => h.close())
    const same = await h.addGateway()
    const other = await h.addGateway({
      env: { SALLYPORT_CURSOR_SECRET: 'another-cursor-secret-0123456789abcdef' },
    })
    const url = `/v2/social/hackernews/users/${hn.user}/submissions?limit=20`
    const first = (await h.get(url)).json()
    const cursor = encodeURIComponent(first.pagination.next_cursor)

    const onSame = await same.get(`${url}&cursor=${cursor}`)
    assert.equal(onSame.statusCode, 200)
    const second = onSame.json()
    assert.equal(second.data.length, 20)
    assert.equal(new Set([...first.data, ...second.data].map((post: { id: string }) => post.id)).size, 40)
    assert.equal(
      (await h.get(`${url}&cursor=${cursor}`)).statusCode,
      200,
      'and on the gateway that minted it',
    )

    const onOther = await other.get(`${url}&cursor=${cursor}`)
    assert.equal(onOther.statusCode, 422)
    const problem = onOther.json()
    assert.equal(problem.code, 'invalid_request')
    assert.match(problem.detail, /cursor/)
    assert.match(problem.detail, /first page/)
    // A cursor the other gateway minted itself is fine there.
    const own = (await other.get(url)).json().pagination.next_cursor
    assert.equal((await other.get(`${url}&cursor=${encodeURIComponent(own)}`)).statusCode, 200)
  })
})

describe('social API when the budget store does not answer', () => {
  it('refuses with 503 store_unavailable and sends nothing upstream; a lost report does not fail the answer', async (t) => {
    let down = true
    const warnings: string[] = []
    const h = await startSocialHarness({
      budgetStore: {
        take: async () => {
          if (down) throw new Error('Connection is closed.')
          return { ok: true }
        },
        observe: async () => {
          throw new Error('Command timed out')
        },
        close: async () => undefined,
      },
      log: { warn: (_context: unknown, message: string) => void warnings.push(message) } as never,
    })
    t.after(() => h.close())
    const refused = await h.get('/v2/social/mastodon/accounts/alice')
    assert.equal(refused.statusCode, 503)
    assert.equal(refused.json().code, 'store_unavailable')
    assert.equal(refused.headers['retry-after'], '5')
    assert.equal(h.mastodon.requests.length, 0)
    down = false
    assert.equal((await h.get('/v2/social/mastodon/accounts/alice')).statusCode, 200)
    assert.deepEqual(warnings, ['an upstream rate-limit report could not be stored'])
  })
})
