import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError } from './env-parsing.ts'
import { loadGatewayConfig } from './gateway-config.ts'
import { loadSocialSettings } from './social-config.ts'

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

describe('the social upstreams and the Mastodon allowlist', () => {
  it('default to the public networks and the five instances, the first being the default', () => {
    const settings = loadSocialSettings({})
    assert.equal(settings.blueskyAppViewUrl, 'https://public.api.bsky.app')
    assert.equal(settings.hackerNewsApiUrl, 'https://hacker-news.firebaseio.com')
    assert.deepEqual(settings.mastodonInstances, [
      'mastodon.social',
      'fosstodon.org',
      'hachyderm.io',
      'mas.to',
      'infosec.exchange',
    ])
    assert.deepEqual(settings.mastodonUrlOverrides, {})
  })

  it('take base URLs and the allowlist from the environment, so tests reach fakes on loopback', () => {
    const settings = loadSocialSettings({
      SALLYPORT_BLUESKY_APPVIEW_URL: 'http://127.0.0.21:9000/',
      SALLYPORT_HN_API_URL: 'http://127.0.0.24:9001',
      SALLYPORT_MASTODON_INSTANCES: 'Fosstodon.org, mastodon.social',
      SALLYPORT_MASTODON_URL_OVERRIDES: 'fosstodon.org=http://127.0.0.23:9002/',
    })
    assert.equal(settings.blueskyAppViewUrl, 'http://127.0.0.21:9000')
    assert.equal(settings.hackerNewsApiUrl, 'http://127.0.0.24:9001')
    assert.deepEqual(settings.mastodonInstances, ['fosstodon.org', 'mastodon.social'])
    assert.deepEqual(settings.mastodonUrlOverrides, { 'fosstodon.org': 'http://127.0.0.23:9002' })
  })

  it('refuse a base URL that is not plain http(s), an instance that is not a host name, and an override off the list', () => {
    for (const env of [
      { SALLYPORT_BLUESKY_APPVIEW_URL: 'ftp://example.com' },
      { SALLYPORT_BLUESKY_APPVIEW_URL: 'https://user:pw@example.com' },
      { SALLYPORT_HN_API_URL: 'https://example.com/?q=1' },
      { SALLYPORT_HN_API_URL: 'not a url' },
      { SALLYPORT_MASTODON_INSTANCES: 'mastodon.social,https://evil.example' },
      { SALLYPORT_MASTODON_INSTANCES: 'localhost' },
      { SALLYPORT_MASTODON_URL_OVERRIDES: 'evil.example=http://127.0.0.1:1' },
      { SALLYPORT_MASTODON_URL_OVERRIDES: 'mastodon.social' },
    ]) {
      assert.throws(() => loadSocialSettings(env), ConfigError, JSON.stringify(env))
    }
  })
})
