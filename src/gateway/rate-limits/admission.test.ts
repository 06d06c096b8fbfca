import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { test } from 'node:test'
import { fetchAdmission, generalAdmission, hostKey, hostKeys } from './admission.ts'

test('hostKey is HMAC-SHA256 of the host, base64url, cut to 22 characters', () => {
  const expected = createHmac('sha256', 'secret').update('example.com').digest('base64url').slice(0, 22)
  assert.equal(hostKey('secret', 'example.com'), expected)
  assert.match(hostKey('secret', 'example.com'), /^[A-Za-z0-9_-]{22}$/)
})

test('hostKey: one budget per host whatever its spelling, and a different secret gives unrelated keys', () => {
  assert.equal(hostKey('secret', 'Example.COM.'), hostKey('secret', 'example.com'))
  assert.notEqual(hostKey('secret', 'www.example.com'), hostKey('secret', 'example.com'))
  assert.notEqual(hostKey('other', 'example.com'), hostKey('secret', 'example.com'))
})

test('hostKeys: the same keys as hostKey, also for hosts it has let go of', () => {
  const keyOf = hostKeys('secret', 2)
  const hosts = ['a.example', 'B.example.', 'c.example', 'a.example', 'b.example', 'd.example', 'a.example']
  for (const host of hosts) assert.equal(keyOf(host), hostKey('secret', host), host)
  assert.notEqual(hostKeys('other')('a.example'), keyOf('a.example'))
})

test('fetchAdmission: SPEC 8 limits, account keys in one hash tag, the trial only when asked', () => {
  const host = hostKey('secret', 'example.com')
  const request = fetchAdmission({ accountId: 'acct_1', hostKey: host, now: 5 })
  assert.deepEqual(request, {
    rules: [
      { name: 'account_fetch', key: '{acct_1}', limit: 120, windowMs: 60_000 },
      { name: 'target_host', key: `{acct_1}:${host}`, limit: 60, windowMs: 60_000 },
      { name: 'global_host', key: host, limit: 600, windowMs: 60_000 },
    ],
    inFlight: { key: '{acct_1}', limit: 20, leaseMs: 120_000 },
    now: 5,
  })
  const trial = fetchAdmission({ accountId: 'acct_1', hostKey: host, trial: true })
  assert.deepEqual(trial.quota, { key: '{acct_1}', limit: 1000, amount: 1 })
  assert.deepEqual(generalAdmission({ accountId: 'acct_1' }).rules, [
    { name: 'account_general', key: '{acct_1}', limit: 300, windowMs: 60_000 },
  ])
})
