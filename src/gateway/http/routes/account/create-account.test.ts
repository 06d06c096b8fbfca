import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  buildAccountTestGateway,
  testHasher,
  testPassword,
} from '../../../../../test/helpers/account-gateway.ts'

describe('POST /v2/account', () => {
  it('answers 202 verification_sent and mails a confirmation link', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    const response = await gw.post('/v2/account', { email: 'ann@example.com', password: testPassword })
    assert.equal(response.statusCode, 202)
    assert.deepEqual(response.json(), { status: 'verification_sent' })
    const [mail, ...more] = await gw.mailsTo('ann@example.com')
    assert.equal(more.length, 0)
    assert.equal(mail!.kind, 'verify_email')
    assert.match(mail!.text, /http:\/\/sallyport\.test\/dashboard\/verify\?token=[A-Za-z0-9_-]{43}\n/)
    assert.match(mail!.accountId, /^acct_/)
  })

  it('gives the same answer for a new, an unverified and a verified address', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('verified@example.com')
    await gw.post('/v2/account', { email: 'pending@example.com', password: testPassword })

    const answers = []
    for (const email of [
      'new@example.com',
      'pending@example.com',
      'verified@example.com',
      'VERIFIED@Example.com',
    ]) {
      const response = await gw.post('/v2/account', { email, password: 'another password' })
      const { 'x-request-id': _id, date: _date, ...headers } = response.headers
      answers.push({ status: response.statusCode, body: response.body, headers })
    }
    for (const answer of answers.slice(1)) assert.deepEqual(answer, answers[0])
  })

  it('mails an existing verified address "you already have an account" and changes nothing', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const before = await gw.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow()
    await gw.post('/v2/account', { email: 'Ann@EXAMPLE.com', password: 'a different password' })
    const mails = await gw.mailsTo('ann@example.com')
    assert.equal(mails.at(-1)!.kind, 'already_registered')
    assert.doesNotMatch(mails.at(-1)!.text, /token=/)
    assert.deepEqual(await gw.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow(), before)
    await gw.signIn('ann@example.com', testPassword)
  })

  it('lets the mailbox owner win over a stranger who registered the address first', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.post('/v2/account', { email: 'ann@example.com', password: 'stranger password' })
    await gw.post('/v2/account', { email: 'ann@example.com', password: 'the owner password' })
    const mails = await gw.mailsTo('ann@example.com')
    assert.equal(mails.length, 2)
    // The owner confirms the mail of their own sign-up: their password is the one that counts.
    const ownToken = /token=([A-Za-z0-9_-]+)/.exec(mails[1]!.text)![1]
    assert.equal((await gw.post('/v2/account/verify', { token: ownToken })).statusCode, 200)
    await gw.signIn('ann@example.com', 'the owner password')
    const stranger = await gw.post('/v2/session', { email: 'ann@example.com', password: 'stranger password' })
    assert.equal(stranger.json().code, 'invalid_credentials')
    // The stranger's own link died with the confirmation.
    const strangerToken = /token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]
    assert.equal((await gw.post('/v2/account/verify', { token: strangerToken })).json().code, 'invalid_token')
  })

  for (const [name, body, detail] of [
    ['an invalid e-mail', { email: 'not-an-address', password: testPassword }, /email/],
    [
      'a password under 10 characters',
      { email: 'ann@example.com', password: 'short' },
      /password.*fewer than 10/,
    ],
    [
      'a password over 128 characters',
      { email: 'ann@example.com', password: 'x'.repeat(129) },
      /password.*more than 128/,
    ],
    [
      'an e-mail over 254 characters',
      { email: `${'a'.repeat(250)}@example.com`, password: testPassword },
      /email/,
    ],
    ['a missing password', { email: 'ann@example.com' }, /password/],
    ['an extra field', { email: 'ann@example.com', password: testPassword, plan: 'scale' }, /plan/],
  ] as const) {
    it(`refuses ${name} with 422 invalid_request saying which rule failed`, async (t) => {
      const gw = await buildAccountTestGateway()
      t.after(() => gw.close())
      const response = await gw.post('/v2/account', body)
      assert.equal(response.statusCode, 422)
      assert.equal(response.json().code, 'invalid_request')
      assert.match(response.json().detail, detail)
      assert.equal((await gw.mailsTo('ann@example.com')).length, 0)
    })
  }

  it('refuses a sign-up posted from another site (Origin) with 403 csrf_failed, and accepts its own origin', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    const foreign = await gw.post(
      '/v2/account',
      { email: 'ann@example.com', password: testPassword },
      { headers: { origin: 'https://evil.example' } },
    )
    assert.equal(foreign.statusCode, 403)
    assert.equal(foreign.json().code, 'csrf_failed')
    const own = await gw.post(
      '/v2/account',
      { email: 'ann@example.com', password: testPassword },
      { headers: { origin: 'http://localhost' } },
    )
    assert.equal(own.statusCode, 202)
  })

  it('caps the mails one address can receive in an hour, answering the same', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    for (let i = 0; i < 8; i++) {
      const response = await gw.post('/v2/account', { email: 'victim@example.com', password: testPassword })
      assert.equal(response.statusCode, 202)
    }
    assert.equal((await gw.mailsTo('victim@example.com')).length, 5)
    gw.clock.advance(60 * 60_000)
    await gw.post('/v2/account/verify/resend', { email: 'victim@example.com', password: testPassword })
    assert.equal((await gw.mailsTo('victim@example.com')).length, 6)
  })

  it('answers 429 too_many_attempts with Retry-After past the ceiling of one client address, and serves another', async (t) => {
    const gw = await buildAccountTestGateway({
      anonymousPolicy: { clientWindowMs: 60_000, perClientAddress: 2, emailWindowMs: 60_000, perEmail: 10 },
    })
    t.after(() => gw.close())
    const signUp = (email: string, remoteAddress: string) =>
      gw.post('/v2/account', { email, password: 'a long enough password' }, { remoteAddress })
    assert.equal((await signUp('a@example.com', '198.51.100.7')).statusCode, 202)
    assert.equal((await signUp('b@example.com', '198.51.100.7')).statusCode, 202)
    const refused = await signUp('c@example.com', '198.51.100.7')
    assert.equal(refused.statusCode, 429)
    assert.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8')
    assert.equal(refused.json().code, 'too_many_attempts')
    assert.ok(Number(refused.headers['retry-after']) >= 1)
    assert.equal((await signUp('c@example.com', '198.51.100.8')).statusCode, 202)
    assert.equal((await gw.mailsTo('c@example.com')).length, 1, 'the refused sign-up mailed nothing')
  })

  it('counts the client named by a trusted load balancer, and ignores X-Forwarded-For from anyone else', async (t) => {
    const gw = await buildAccountTestGateway({
      anonymousPolicy: { clientWindowMs: 60_000, perClientAddress: 1, emailWindowMs: 60_000, perEmail: 10 },
      trustedProxies: ['10.0.0.0/8'],
    })
    t.after(() => gw.close())
    const signUp = (email: string, remoteAddress: string, forwardedFor: string) =>
      gw.post(
        '/v2/account',
        { email, password: 'a long enough password' },
        { remoteAddress, headers: { 'x-forwarded-for': forwardedFor } },
      )
    // Through the balancer: each client has its own ceiling.
    assert.equal((await signUp('a@example.com', '10.0.0.5', '198.51.100.7')).statusCode, 202)
    assert.equal((await signUp('b@example.com', '10.0.0.5', '198.51.100.8')).statusCode, 202)
    assert.equal((await signUp('c@example.com', '10.0.0.6', '198.51.100.7')).statusCode, 429)
    // Straight from a caller: a forged header names nobody; the TCP peer is counted.
    assert.equal((await signUp('d@example.com', '203.0.113.9', '198.51.100.9')).statusCode, 202)
    assert.equal((await signUp('e@example.com', '203.0.113.9', '198.51.100.10')).statusCode, 429)
  })

  it('answers 503 auth_busy with Retry-After when every hashing slot and the queue are taken', async (t) => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const real = testHasher()
    const gw = await buildAccountTestGateway({
      hashingPolicy: { concurrency: 1, queue: 1, retryAfterSeconds: 3 },
      hasher: { ...real, hash: async (password) => (await held, real.hash(password)) },
    })
    t.after(() => gw.close())
    // One runs, one waits, and the other three are refused at once, whatever order they arrive in.
    const answers: { status: number; code?: string; retryAfter?: string }[] = []
    let threeRefused: () => void = () => undefined
    const refusedAll = new Promise<void>((resolve) => (threeRefused = resolve))
    const all = Array.from({ length: 5 }, async (_, index) => {
      const response = await gw.post('/v2/account', {
        email: `user${index}@example.com`,
        password: 'a long enough password',
      })
      const answer =
        response.statusCode === 503
          ? {
              status: 503,
              code: response.json<{ code: string }>().code,
              retryAfter: String(response.headers['retry-after']),
            }
          : { status: response.statusCode }
      answers.push(answer)
      if (answers.length === 3) threeRefused()
    })
    await refusedAll
    assert.deepEqual(answers, Array(3).fill({ status: 503, code: 'auth_busy', retryAfter: '3' }))
    release()
    await Promise.all(all)
    assert.deepEqual(answers.slice(3), [{ status: 202 }, { status: 202 }])
  })
})
