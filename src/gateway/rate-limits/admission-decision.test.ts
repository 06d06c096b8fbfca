import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { systemClock } from '../../shared/clock.ts'
import { hostKey } from './admission.ts'
import { checkRequest, isHashedHostKey } from './admission-decision.ts'

/** The rule the keys must follow, as a regular expression: what isHashedHostKey answers without one. */
const shape = /^(?:[^.]*:)?[A-Za-z0-9_-]{22}$/

describe('a host rule’s key', () => {
  const hash = hostKey('secret', 'example.com')
  const keys = [
    hash,
    `acct_1:${hash}`,
    `a:b:${hash}`,
    `:${hash}`,
    'example.com',
    `example.com:${hash}`,
    `acct.1:${hash}`,
    `acct_1${hash}`,
    `acct_1:${hash.slice(1)}`,
    `${hash}x`,
    `acct_1:${hash.slice(0, 21)}.`,
    `acct_1:${hash.slice(0, 21)}=`,
    `acct_1:${hash.slice(0, 21)}é`,
    'x'.repeat(21),
    'www.example-host.com',
    '',
  ]

  it('is a hostKey(), alone or after a scope ending in ":" without a "."', () => {
    for (const key of keys) assert.equal(isHashedHostKey(key), shape.test(key), key)
    assert.equal(isHashedHostKey(hash), true)
    assert.equal(isHashedHostKey(`acct_1:${hash}`), true)
    assert.equal(isHashedHostKey('example.com'), false)
  })

  it('refuses a host name in a host rule as a programming error', () => {
    const request = (key: string) => ({
      rules: [{ name: 'target_host' as const, key, limit: 10, windowMs: 60_000 }],
    })
    assert.throws(() => checkRequest(request('acct_1:example.com'), systemClock), TypeError)
    assert.throws(() => checkRequest(request('api.example.com'), systemClock), TypeError)
    assert.equal(checkRequest(request(`acct_1:${hash}`), systemClock).rules.length, 1)
  })
})
