import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError } from './env-parsing.ts'
import { loadGatewayConfig } from './gateway-config.ts'

const base = { SALLYPORT_FLEET_SECRET: 'f'.repeat(32) }

describe('the billing contact setting', () => {
  it('takes SALLYPORT_BILLING_CONTACT, trimmed, with the domain lower-cased', () => {
    const config = loadGatewayConfig({}, { ...base, SALLYPORT_BILLING_CONTACT: ' Sales@Example.COM ' })
    assert.equal(config.billingContact, 'Sales@example.com')
  })

  it('defaults to billing@ the public host, or billing@localhost when that is no mail domain', () => {
    const env = (url?: string) => ({ ...base, ...(url !== undefined && { SALLYPORT_PUBLIC_URL: url }) })
    assert.equal(
      loadGatewayConfig({}, env('https://api.example.com')).billingContact,
      'billing@api.example.com',
    )
    assert.equal(loadGatewayConfig({}, env('http://127.0.0.1:8080')).billingContact, 'billing@localhost')
    assert.equal(loadGatewayConfig({}, env()).billingContact, 'billing@localhost')
  })

  for (const bad of [
    'billing',
    'billing@',
    '@example.com',
    'a@b@example.com',
    'a@example',
    'a b@example.com',
  ]) {
    it(`refuses ${JSON.stringify(bad)} at start-up, naming the setting`, () => {
      assert.throws(
        () => loadGatewayConfig({}, { ...base, SALLYPORT_BILLING_CONTACT: bad }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message.startsWith('SALLYPORT_BILLING_CONTACT must be one e-mail address') &&
          error.message.includes(JSON.stringify(bad)),
      )
    })
  }
})
