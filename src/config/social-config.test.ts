import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError, loadGatewayConfig, loadSocialSettings } from './config.ts'

const base = { SALLYPORT_FLEET_SECRET: 'f'.repeat(32) }
const secret = 'social-cursor-secret-0123456789abcdef'

describe('the social API settings', () => {
  it('take the cursor secret from SALLYPORT_CURSOR_SECRET, so every gateway signs alike', () => {
    const one = loadGatewayConfig({}, { ...base, SALLYPORT_CURSOR_SECRET: secret })
    const two = loadGatewayConfig({}, { ...base, SALLYPORT_CURSOR_SECRET: secret })
    assert.equal(one.social.cursorSecret, secret)
    assert.equal(two.social.cursorSecret, secret)
    assert.equal(one.social.cursorSecretSet, true)
  })

  it('fall back to a random secret per process, and say so for the start-up warning', () => {
    const one = loadSocialSettings({})
    assert.equal(one.cursorSecretSet, false)
    assert.ok(one.cursorSecret.length >= 32)
    assert.notEqual(one.cursorSecret, loadSocialSettings({}).cursorSecret)
  })

  it('refuse a cursor secret shorter than 32 characters', () => {
    assert.throws(() => loadSocialSettings({ SALLYPORT_CURSOR_SECRET: 'short' }), ConfigError)
  })
})
