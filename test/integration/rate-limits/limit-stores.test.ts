/**
 * The gateway on Redis (rate-limits/limit-stores.ts): requests go through one shared connection, and when
 * Redis is away they are refused at once with 503 store_unavailable, never queued, never let through.
 */
import assert from 'node:assert/strict'
import { after, describe, it, test } from 'node:test'
import { loadGatewayConfig } from '../../../src/config/gateway-config.ts'
import { createLimitStores, type LimitStores } from '../../../src/gateway/rate-limits/limit-stores.ts'
import { openSqliteDatabase } from '../../../src/infra/database/database.ts'
import { migrateToLatest } from '../../../src/infra/database/migrator.ts'
import { systemClock } from '../../../src/shared/clock.ts'
import { freePort } from '../../helpers/cli.ts'
import { buildTestGateway, fetchRequest, type TestGateway } from '../../helpers/test-gateway.ts'
import { connect, deleteUnder, keysUnder, redisAnswers, redisUrl, uniquePrefix } from './redis-harness.ts'

const secret = 's'.repeat(32)

async function gatewayOn(url: string, prefix: string): Promise<{ gw: TestGateway; stores: LimitStores }> {
  const config = loadGatewayConfig(
    { nodes: [] },
    {
      SALLYPORT_FLEET_SECRET: 'f'.repeat(32),
      SALLYPORT_REDIS_URL: url,
      SALLYPORT_REDIS_PREFIX: prefix,
      SALLYPORT_HOST_KEY_SECRET: secret,
    },
  )
  const db = openSqliteDatabase(':memory:')
  await migrateToLatest(db)
  const stores = createLimitStores(config, { db, clock: systemClock, log: { warn: () => undefined } })
  const gw = await buildTestGateway(undefined, {
    rateLimits: stores.rateLimits,
    idempotency: stores.idempotency,
    readiness: stores.readiness,
  })
  after(async () => {
    await gw.close()
    await stores.close()
    await db.destroy()
  })
  return { gw, stores }
}

describe('a gateway whose Redis is away', () => {
  it('refuses limited requests at once with 503 store_unavailable and fails readiness', async () => {
    const { gw } = await gatewayOn(`redis://127.0.0.1:${await freePort()}`, uniquePrefix())
    for (const request of [
      fetchRequest({ url: 'http://example.com/' }),
      fetchRequest({ url: 'http://example.com/' }, '?region=us-east', { 'idempotency-key': 'k-1' }),
      { method: 'GET' as const, url: '/v2/proxy/regions', headers: { 'x-api-key': 'test-key-full' } },
    ]) {
      const started = performance.now()
      const response = await gw.app.inject(request)
      assert.ok(performance.now() - started < 500, 'failed fast, not queued behind reconnects')
      assert.equal(response.statusCode, 503)
      assert.equal(response.json().code, 'store_unavailable')
      assert.equal(response.headers['retry-after'], '5')
    }
    assert.equal(gw.nodes.flatMap((node) => node.jobs).length, 0, 'nothing ran unlimited')
    const ready = await gw.app.inject({ method: 'GET', url: '/readyz' })
    assert.equal(ready.statusCode, 503)
    assert.deepEqual(ready.json().checks, { redis: 'failing' })
  })
})

if (!(await redisAnswers())) {
  const message = `no Redis answers at ${redisUrl}`
  if (process.env.CI === 'true') test('Redis answers for the limit-store tests', () => assert.fail(message))
  else test('a gateway on Redis', { skip: message }, () => {})
} else {
  describe('a gateway on Redis', () => {
    it('admits, stores and replays through its one connection, under its prefix', async () => {
      const prefix = uniquePrefix()
      const admin = connect()
      after(async () => {
        await deleteUnder(admin, prefix)
        await admin.quit()
      })
      const { gw, stores } = await gatewayOn(redisUrl, prefix)
      assert.equal(await stores.ready(2_000), true)
      const keyed = fetchRequest({ url: 'http://example.com/' }, '?region=us-east', {
        'idempotency-key': 'k-1',
      })
      assert.equal((await gw.app.inject(keyed)).statusCode, 200)
      const replay = await gw.app.inject(keyed)
      assert.equal(replay.headers['idempotency-replayed'], 'true')
      assert.equal(gw.nodes.flatMap((node) => node.jobs).length, 1)
      const keys = await keysUnder(admin, prefix)
      assert.ok(
        keys.some((key) => key.startsWith(`${prefix}rl:account_fetch:{acct_test}`)),
        keys.join(),
      )
      assert.ok(
        keys.some((key) => key.startsWith(`${prefix}rl:account_general:{acct_test}`)),
        keys.join(),
      )
      assert.ok(
        keys.some((key) => key.startsWith(`${prefix}idem:{acct_test}:`)),
        keys.join(),
      )
      const ready = await gw.app.inject({ method: 'GET', url: '/readyz' })
      assert.deepEqual(ready.json().checks, { redis: 'ok' })
    })
  })
}
