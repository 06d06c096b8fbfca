import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError } from './env-parsing.ts'
import { loadGatewayConfig } from './gateway-config.ts'

const base = { SALLYPORT_FLEET_SECRET: 'f'.repeat(32) }

describe('the Redis command time-out setting', () => {
  it('defaults to one second, and takes SALLYPORT_REDIS_COMMAND_TIMEOUT_MS in milliseconds', () => {
    assert.equal(loadGatewayConfig({}, base).redisCommandTimeoutMs, 1_000)
    assert.equal(
      loadGatewayConfig({}, { ...base, SALLYPORT_REDIS_COMMAND_TIMEOUT_MS: '' }).redisCommandTimeoutMs,
      1_000,
    )
    const config = loadGatewayConfig({}, { ...base, SALLYPORT_REDIS_COMMAND_TIMEOUT_MS: '250' })
    assert.equal(config.redisCommandTimeoutMs, 250)
  })

  for (const bad of ['0', '9', '-5', '1.5', '1s', 'ten']) {
    it(`refuses ${JSON.stringify(bad)}, naming the setting`, () => {
      assert.throws(
        () => loadGatewayConfig({}, { ...base, SALLYPORT_REDIS_COMMAND_TIMEOUT_MS: bad }),
        (error: unknown) =>
          error instanceof ConfigError && error.message.includes('SALLYPORT_REDIS_COMMAND_TIMEOUT_MS'),
      )
    })
  }
})
