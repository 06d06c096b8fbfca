import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError } from './env-parsing.ts'
import { loadGatewayConfig } from './gateway-config.ts'
import { loadNodeConfig } from './node-config.ts'

const base = { SALLYPORT_FLEET_SECRET: 'f'.repeat(32) }

describe('the operator listener settings', () => {
  it('are off unless SALLYPORT_OPERATOR_PORT is set', () => {
    assert.equal(loadGatewayConfig({}, base).operator, undefined)
    assert.equal(loadNodeConfig({ region: 'europe' }, base).operator, undefined)
    assert.equal(loadGatewayConfig({}, { ...base, SALLYPORT_OPERATOR_PORT: '' }).operator, undefined)
  })

  it('listen on loopback by default, on the host given otherwise', () => {
    const env = { ...base, SALLYPORT_OPERATOR_PORT: '9464' }
    assert.deepEqual(loadGatewayConfig({}, env).operator, { host: '127.0.0.1', port: 9464 })
    assert.deepEqual(
      loadNodeConfig({ region: 'us-west' }, { ...env, SALLYPORT_OPERATOR_HOST: '10.1.0.5' }).operator,
      {
        host: '10.1.0.5',
        port: 9464,
      },
    )
    assert.equal(loadGatewayConfig({}, { ...base, SALLYPORT_OPERATOR_PORT: '0' }).operator?.port, 0)
  })

  it('refuse a port that is not one, and the public port itself', () => {
    for (const port of ['abc', '-1', '70000', '9464.5']) {
      assert.throws(
        () => loadGatewayConfig({}, { ...base, SALLYPORT_OPERATOR_PORT: port }),
        ConfigError,
        `SALLYPORT_OPERATOR_PORT=${port}`,
      )
    }
    assert.throws(
      () => loadGatewayConfig({ port: 8080 }, { ...base, SALLYPORT_OPERATOR_PORT: '8080' }),
      /must differ from the public port/,
    )
    assert.throws(
      () => loadNodeConfig({ region: 'europe', port: 9101 }, { ...base, SALLYPORT_OPERATOR_PORT: '9101' }),
      /must differ from the public port/,
    )
  })
})
