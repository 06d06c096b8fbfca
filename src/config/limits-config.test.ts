import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { devEnvironment } from './dev-config.ts'
import { ConfigError } from './env-parsing.ts'
import { loadGatewayConfig } from './gateway-config.ts'

const base = { SALLYPORT_FLEET_SECRET: 'f'.repeat(32) }
const secret = 'h'.repeat(32)

describe('the rate-limit and Redis settings', () => {
  it('default to in-process counters, a random host-key secret and the limits of SPEC 8', () => {
    const config = loadGatewayConfig({}, base)
    assert.equal(config.redisUrl, undefined)
    assert.equal(config.redisPrefix, 'sallyport:')
    assert.ok(config.hostKeySecret.length >= 32)
    assert.notEqual(config.hostKeySecret, loadGatewayConfig({}, base).hostKeySecret)
    assert.deepEqual(config.limits, { globalHostPerMinute: 600, maxInFlight: 20 })
    // 30 s fetch + 5 s node margin + 5 s fail-over; the leases outlive it.
    assert.equal(config.fetchDeadlineMs, 40_000)
    assert.equal(config.idempotencyLeaseMs, 45_000)
    assert.equal(config.inFlightLeaseMs, 120_000)
  })

  it('read Redis, the prefix, the secret and the limits from the environment', () => {
    const config = loadGatewayConfig(
      {},
      {
        ...base,
        SALLYPORT_REDIS_URL: 'redis://127.0.0.1:6379/2',
        SALLYPORT_REDIS_PREFIX: 'eu1:',
        SALLYPORT_HOST_KEY_SECRET: secret,
        SALLYPORT_GLOBAL_HOST_LIMIT: '1200',
        SALLYPORT_MAX_IN_FLIGHT: '64',
        SALLYPORT_FETCH_TIMEOUT_MS: '120000',
      },
    )
    assert.equal(config.redisUrl, 'redis://127.0.0.1:6379/2')
    assert.equal(config.redisPrefix, 'eu1:')
    assert.equal(config.hostKeySecret, secret)
    assert.deepEqual(config.limits, { globalHostPerMinute: 1200, maxInFlight: 64 })
    assert.equal(config.fetchDeadlineMs, 130_000)
    assert.equal(config.idempotencyLeaseMs, 135_000)
    assert.equal(config.inFlightLeaseMs, 140_000)
  })

  it('require a shared host-key secret of 32+ characters with Redis, and refuse bad values', () => {
    const bad: Record<string, string>[] = [
      { SALLYPORT_REDIS_URL: 'redis://127.0.0.1:6379' },
      { SALLYPORT_REDIS_URL: 'redis://127.0.0.1:6379', SALLYPORT_HOST_KEY_SECRET: 'short' },
      { SALLYPORT_HOST_KEY_SECRET: 'short' },
      { SALLYPORT_REDIS_URL: 'http://127.0.0.1:6379', SALLYPORT_HOST_KEY_SECRET: secret },
      { SALLYPORT_REDIS_PREFIX: 'a{b}:' },
      { SALLYPORT_GLOBAL_HOST_LIMIT: '0' },
      { SALLYPORT_MAX_IN_FLIGHT: 'many' },
    ]
    for (const env of bad) {
      assert.throws(() => loadGatewayConfig({}, { ...base, ...env }), ConfigError, JSON.stringify(env))
    }
  })

  it('are ignored by sallyport dev for Redis: the embedded default keeps its counters in-process', () => {
    const env = devEnvironment('d'.repeat(32), { SALLYPORT_REDIS_URL: 'redis://10.0.0.9:6379' })
    assert.equal(env.SALLYPORT_REDIS_URL, undefined)
  })
})
