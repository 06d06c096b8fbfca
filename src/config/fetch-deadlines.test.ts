import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError } from './env-parsing.ts'
import { fetchDeadlines } from './fetch-deadlines.ts'
import { loadGatewayConfig } from './gateway-config.ts'
import { loadNodeConfig } from './node-config.ts'

const base = { SALLYPORT_FLEET_SECRET: 'f'.repeat(32) }

describe('the fetch deadline chain', () => {
  it('is the 30 s fetch, 35 s node wait, 40 s deadline and 45 s lease of docs/idempotency.md by default', () => {
    assert.deepEqual(fetchDeadlines(), {
      fetchTimeoutMs: 30_000,
      nodeTimeoutMs: 35_000,
      fetchDeadlineMs: 40_000,
      idempotencyLeaseMs: 45_000,
      inFlightLeaseMs: 120_000,
      gatewayShutdownMs: 45_000,
      nodeShutdownMs: 35_000,
    })
  })

  it('follows SALLYPORT_FETCH_TIMEOUT_MS on the gateway and on the node alike', () => {
    const env = { ...base, SALLYPORT_FETCH_TIMEOUT_MS: '200000' }
    const gateway = loadGatewayConfig({}, env)
    const node = loadNodeConfig({ region: 'europe' }, env)
    const chain = fetchDeadlines(200_000)
    assert.equal(node.fetchTimeoutMs, 200_000)
    assert.equal(node.shutdownTimeoutMs, chain.nodeShutdownMs)
    assert.equal(gateway.nodeTimeoutMs, chain.nodeTimeoutMs)
    assert.equal(gateway.fetchDeadlineMs, chain.fetchDeadlineMs)
    assert.equal(gateway.idempotencyLeaseMs, chain.idempotencyLeaseMs)
    assert.equal(gateway.inFlightLeaseMs, 220_000)
    assert.equal(gateway.shutdownTimeoutMs, chain.gatewayShutdownMs)
    // Every lease outlives the fetch it guards.
    assert.ok(chain.idempotencyLeaseMs > chain.fetchDeadlineMs && chain.fetchDeadlineMs > chain.nodeTimeoutMs)
  })

  it('refuses a fetch time-out that is not a whole number of at least 1 ms', () => {
    for (const bad of ['0', '-5', '1.5', 'soon']) {
      const env = { ...base, SALLYPORT_FETCH_TIMEOUT_MS: bad }
      assert.throws(() => loadGatewayConfig({}, env), ConfigError)
      assert.throws(() => loadNodeConfig({ region: 'europe' }, env), ConfigError)
    }
  })
})
