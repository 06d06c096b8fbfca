import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { targetUrlFault } from './target-url.ts'

describe('the target URL rules', () => {
  it('let http and https URLs with a host through', () => {
    for (const url of ['http://example.com/', 'https://example.com:8443/a?b=c#d', 'http://[::1]:8080/']) {
      assert.equal(targetUrlFault(new URL(url)), undefined, url)
    }
  })

  it('refuse any other scheme', () => {
    for (const url of [
      'ftp://example.com/',
      'file:///etc/passwd',
      'data:text/plain,x',
      'ws://example.com/',
    ]) {
      assert.equal(targetUrlFault(new URL(url)), 'scheme', url)
    }
  })

  it('refuse a user name or a password', () => {
    assert.equal(targetUrlFault(new URL('https://user@example.com/')), 'credentials')
    assert.equal(targetUrlFault(new URL('https://:secret@example.com/')), 'credentials')
  })
})
