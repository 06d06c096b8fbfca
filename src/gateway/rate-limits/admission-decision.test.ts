import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { systemClock } from '../../shared/clock.ts'
import { hostKey } from './admission.ts'
import { checkRequest } from './admission-decision.ts'

describe('a host rule’s key', () => {
  const hash = hostKey('secret', 'example.com')
  const request = (key: string) => ({
    rules: [{ name: 'target_host' as const, key, limit: 10, windowMs: 60_000 }],
  })

  it('is a hostKey(), alone or after a scope ending in ":"', () => {
    for (const key of [hash, `acct_1:${hash}`, `a:b:${hash}`]) {
      assert.equal(checkRequest(request(key), systemClock).rules[0]!.key, key)
    }
  })

  it('is never a host name: one is refused as the programming error it is', () => {
    for (const key of [
      'example.com',
      'acct_1:example.com',
      `acct.1:${hash}`,
      `example.com:${hash}`,
      `acct_1:${hash.slice(0, 21)}.`,
      'www.example-host.com',
    ]) {
      assert.throws(() => checkRequest(request(key), systemClock), TypeError, key)
    }
  })
})
