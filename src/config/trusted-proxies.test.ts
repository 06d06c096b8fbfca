import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError } from './env-parsing.ts'
import { loadGatewayConfig } from './gateway-config.ts'

const base = { SALLYPORT_FLEET_SECRET: 'x'.repeat(32) }

describe('SALLYPORT_TRUSTED_PROXIES', () => {
  it('trusts nobody when unset', () => {
    assert.deepEqual(loadGatewayConfig({}, base).trustedProxies, [])
  })

  it('takes addresses and CIDR blocks of both families', () => {
    const env = { ...base, SALLYPORT_TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.10,2001:db8::/32 , ::1' }
    assert.deepEqual(loadGatewayConfig({}, env).trustedProxies, [
      '10.0.0.0/8',
      '192.0.2.10',
      '2001:db8::/32',
      '::1',
    ])
  })

  for (const bad of ['loopback', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/8/1', '10.0.0/8', '*']) {
    it(`refuses '${bad}' naming the setting and the value`, () => {
      assert.throws(
        () => loadGatewayConfig({}, { ...base, SALLYPORT_TRUSTED_PROXIES: bad }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message.includes('SALLYPORT_TRUSTED_PROXIES') &&
          error.message.includes(`'${bad}'`),
      )
    })
  }
})
