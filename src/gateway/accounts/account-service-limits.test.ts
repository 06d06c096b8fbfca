/**
 * What anonymous account calls may cost (issue 11, docs/security.md): hashing capped whoever asks, tokens
 * checked before hashing, ceilings per client address and per e-mail address, reset requests answered
 * before any work that depends on the address.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import { openTestDatabase, testHasher } from '../../../test/helpers/account-gateway.ts'
import { AppError } from '../../shared/errors.ts'
import { createBackgroundTasks } from '../background-tasks.ts'
import { createAnonymousThrottle, type AnonymousPolicy } from '../throttles/anonymous-throttle.ts'
import { createMemoryAttemptStore } from '../throttles/memory-attempt-store.ts'
import { createAccountRepository } from './account-repository.ts'
import { createAccountService } from './account-service.ts'
import { createHashingGate, type HashingPolicy } from './hashing-gate.ts'
import { createMailGate } from './mail-gate.ts'
import type { PasswordHasher } from './password-hasher.ts'
import { newSecret } from './secrets.ts'

/** A hasher whose derivations wait until the test lets them finish; counts what is in flight. */
function slowHasher() {
  const real = testHasher()
  const held: (() => void)[] = []
  const state = { inFlight: 0, maxInFlight: 0, started: 0, order: [] as string[] }
  let wake: (() => void) | undefined
  async function slow<T>(what: string, work: () => Promise<T>): Promise<T> {
    state.inFlight++
    state.started++
    state.order.push(what)
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight)
    wake?.()
    await new Promise<void>((resolve) => held.push(resolve))
    try {
      return await work()
    } finally {
      state.inFlight--
    }
  }
  const hasher: PasswordHasher = {
    ...real,
    hash: (password) => slow('hash', () => real.hash(password)),
    verify: (password, stored) => slow('verify', () => real.verify(password, stored)),
    verifyNothing: (password) => slow('verify', () => real.verifyNothing(password)),
  }
  /** Resolves once `count` derivations have started in all. */
  async function started(count: number): Promise<void> {
    while (state.started < count) await new Promise<void>((resolve) => (wake = resolve))
  }
  /** Lets the derivations waiting now finish. */
  function release(): void {
    for (const finish of held.splice(0)) finish()
  }
  return { hasher, state, started, release }
}

type Options = {
  hasher?: PasswordHasher
  hashing?: HashingPolicy
  anonymous?: AnonymousPolicy
  mailer?: (to: string) => Promise<void>
}

async function service(options: Options = {}) {
  const database = await openTestDatabase()
  const clock = manualClock()
  const real = options.hasher ?? testHasher()
  const calls = { hash: 0 }
  const hasher = { ...real, hash: (password: string) => (calls.hash++, real.hash(password)) }
  const sent: string[] = []
  const links: string[] = []
  const background = createBackgroundTasks({ error: () => undefined })
  const repo = createAccountRepository(database.db)
  const hashing = createHashingGate(options.hashing)
  const accounts = createAccountService({
    repo,
    hasher,
    hashing,
    anonymous: createAnonymousThrottle({
      store: createMemoryAttemptStore(),
      clock,
      policy: options.anonymous,
    }),
    mailer: {
      send: async (message, context) => {
        await options.mailer?.(message.to)
        sent.push(`${context.kind} ${message.to}`)
        if (context.link !== undefined) links.push(context.link)
      },
    },
    mailGate: createMailGate({ store: createMemoryAttemptStore(), clock }),
    links: { base: () => 'http://sallyport.test' },
    usage: { requestsUsed: async () => 0 },
    clock,
    background,
  })
  return {
    accounts,
    hashing,
    repo,
    db: database.db,
    calls,
    sent,
    links,
    clock,
    background,
    close: database.close,
  }
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  )

describe('anonymous password hashing is bounded', () => {
  it('never runs more derivations than the cap for concurrent sign-ups, and refuses past the queue with auth_busy', async (t) => {
    const slow = slowHasher()
    const s = await service({
      hasher: slow.hasher,
      hashing: { concurrency: 2, queue: 3, retryAfterSeconds: 2 },
    })
    t.after(s.close)
    const answers = Array.from({ length: 12 }, (_, index) =>
      codeOf(s.accounts.signUp(`user${index}@example.com`, 'a long enough password', `192.0.2.${index}`)),
    )
    await slow.started(2)
    // Two run, three wait, the other seven are refused at once.
    const early = await Promise.all(answers.slice(5))
    assert.deepEqual(early, Array(7).fill('auth_busy'))
    assert.equal(slow.state.inFlight, 2)
    while (slow.state.started < 5) {
      slow.release()
      await slow.started(Math.min(5, slow.state.started + 1))
    }
    slow.release()
    assert.deepEqual(await Promise.all(answers.slice(0, 5)), Array(5).fill('ok'))
    assert.equal(slow.state.maxInFlight, 2)
    assert.equal(s.calls.hash, 5, 'no refused sign-up hashed anything')
  })

  it('serves a waiting sign-in before waiting sign-ups', async (t) => {
    const slow = slowHasher()
    const s = await service({
      hasher: slow.hasher,
      hashing: { concurrency: 1, queue: 8, retryAfterSeconds: 2 },
    })
    t.after(s.close)
    const signUps = Array.from({ length: 4 }, (_, index) =>
      s.accounts.signUp(`user${index}@example.com`, 'a long enough password', `192.0.2.${index}`),
    )
    await slow.started(1)
    const signIn = s.accounts.checkCredentials('nobody@example.com', 'a long enough password')
    // Let the running sign-up finish: the next slot goes to the sign-in, though three sign-ups queued first.
    while (s.hashing.load().waiting < 4) await new Promise((resolve) => setImmediate(resolve))
    slow.release()
    await slow.started(2)
    assert.deepEqual(slow.state.order.slice(0, 2), ['hash', 'verify'])
    for (let count = 3; count <= 5; count++) {
      slow.release()
      await slow.started(count)
    }
    slow.release()
    await Promise.all([...signUps, signIn])
    assert.equal(slow.state.maxInFlight, 1)
  })
})

describe('anonymous account calls are throttled before any hashing', () => {
  const tight: AnonymousPolicy = {
    clientWindowMs: 60_000,
    perClientAddress: 4,
    emailWindowMs: 60_000,
    perEmail: 2,
  }

  it('refuses a third call for one e-mail address from anywhere, whether or not it has an account', async (t) => {
    const s = await service({ anonymous: tight })
    t.after(s.close)
    await s.accounts.createVerifiedAccount('ann@example.com', 'correct horse battery')
    s.calls.hash = 0
    for (const address of ['ann@example.com', 'nobody@example.com']) {
      assert.equal(await codeOf(s.accounts.signUp(address, 'a long enough password', '192.0.2.1')), 'ok')
      assert.equal(
        await codeOf(s.accounts.resendVerification(address, 'a long enough password', '192.0.2.2')),
        'ok',
      )
      const refused = s.accounts.requestPasswordReset(address, '192.0.2.3')
      await assert.rejects(refused, (error: unknown) => {
        assert.ok(error instanceof AppError)
        assert.equal(error.code, 'too_many_attempts')
        assert.ok(error.retryAfter !== undefined && error.retryAfter >= 1 && error.retryAfter <= 60)
        return true
      })
    }
    assert.equal(s.calls.hash, 4, 'only the admitted calls hashed')
    s.clock.advance(60_001)
    assert.equal(await codeOf(s.accounts.requestPasswordReset('ann@example.com', '192.0.2.3')), 'ok')
  })

  it('refuses a client address past its ceiling whatever e-mail addresses it names, an IPv6 /64 as one', async (t) => {
    const s = await service({ anonymous: tight })
    t.after(s.close)
    const from = (index: number) => `2001:db8:1:2::${index.toString(16)}`
    for (let index = 0; index < 4; index++) {
      assert.equal(
        await codeOf(s.accounts.signUp(`u${index}@example.com`, 'a long enough password', from(index))),
        'ok',
      )
    }
    assert.equal(
      await codeOf(s.accounts.confirmPasswordReset(newSecret(), 'a long enough password', from(9))),
      'too_many_attempts',
    )
    assert.equal(
      await codeOf(s.accounts.signUp('u9@example.com', 'a long enough password', from(10))),
      'too_many_attempts',
    )
    assert.equal(
      await codeOf(s.accounts.signUp('u9@example.com', 'a long enough password', '2001:db8:1:3::1')),
      'ok',
    )
    assert.equal(s.calls.hash, 5)
  })
})

describe('a password-reset confirmation looks at the token first', () => {
  it('refuses an unknown, a used and an expired token without hashing the password', async (t) => {
    const s = await service()
    t.after(s.close)
    await s.accounts.createVerifiedAccount('ann@example.com', 'correct horse battery')
    await s.accounts.requestPasswordReset('ann@example.com', '192.0.2.1')
    await s.background.drain()
    assert.equal(s.links.length, 1, 'the account has a live reset token')
    s.calls.hash = 0
    for (const token of [newSecret(), 'not even shaped like a token']) {
      assert.equal(
        await codeOf(s.accounts.confirmPasswordReset(token, 'a long enough password', '192.0.2.1')),
        'invalid_token',
      )
    }
    assert.equal(s.calls.hash, 0, 'no derivation for a token that cannot work')
  })

  it('hashes and sets the password for a live token, once; the token is refused after use or expiry', async (t) => {
    const s = await service()
    t.after(s.close)
    await s.accounts.createVerifiedAccount('ann@example.com', 'correct horse battery')
    const tokenOfNextMail = async () => {
      await s.accounts.requestPasswordReset('ann@example.com', '192.0.2.1')
      await s.background.drain()
      const token = /token=([A-Za-z0-9_-]+)/.exec(s.links.at(-1) ?? '')?.[1]
      assert.ok(token !== undefined)
      return token
    }
    const token = await tokenOfNextMail()
    s.calls.hash = 0
    assert.equal(
      await codeOf(s.accounts.confirmPasswordReset(token, 'a new long password', '192.0.2.1')),
      'ok',
    )
    assert.equal(
      await codeOf(s.accounts.confirmPasswordReset(token, 'a new long password', '192.0.2.1')),
      'invalid_token',
    )
    const late = await tokenOfNextMail()
    s.clock.advance(60 * 60_000 + 1)
    assert.equal(
      await codeOf(s.accounts.confirmPasswordReset(late, 'a new long password', '192.0.2.1')),
      'invalid_token',
    )
    assert.equal(s.calls.hash, 1)
    assert.ok((await s.accounts.checkCredentials('ann@example.com', 'a new long password')) !== undefined)
  })
})

describe('mailed links per address are bounded', () => {
  it('keeps at most three live reset links however often one is asked for; the newest works', async (t) => {
    const s = await service()
    t.after(s.close)
    const ann = await s.accounts.createVerifiedAccount('ann@example.com', 'correct horse battery')
    for (let index = 0; index < 6; index++) {
      await s.accounts.requestPasswordReset('ann@example.com', `192.0.2.${index}`)
      await s.background.drain()
      s.clock.advance(1)
    }
    assert.equal(await s.repo.liveTokenCount(ann.id, 'reset_password', s.clock.now()), 3)
    const newest = /token=([A-Za-z0-9_-]+)/.exec(s.links.at(-1) ?? '')?.[1] ?? ''
    const oldest = /token=([A-Za-z0-9_-]+)/.exec(s.links[0] ?? '')?.[1] ?? ''
    assert.equal(
      await codeOf(s.accounts.confirmPasswordReset(oldest, 'a new long password', '192.0.2.9')),
      'invalid_token',
    )
    assert.equal(
      await codeOf(s.accounts.confirmPasswordReset(newest, 'a new long password', '192.0.2.9')),
      'ok',
    )
  })
})

describe('a password-reset request answers before any work that depends on the address', () => {
  it('answers alike for an address with an account and one without, without waiting for the mail', async (t) => {
    let letMailGo: () => void = () => undefined
    const mailHeld = new Promise<void>((resolve) => (letMailGo = resolve))
    const s = await service({ mailer: () => mailHeld })
    t.after(s.close)
    await s.accounts.createVerifiedAccount('ann@example.com', 'correct horse battery')
    const answers = await Promise.all([
      s.accounts.requestPasswordReset('ann@example.com', '192.0.2.1'),
      s.accounts.requestPasswordReset('nobody@example.com', '192.0.2.1'),
    ])
    assert.deepEqual(answers, [undefined, undefined])
    assert.deepEqual(s.sent, [], 'both answered while the mail was still held')
    letMailGo()
    await s.background.drain()
    assert.deepEqual(s.sent, ['reset_password ann@example.com'])
  })

  it('still refuses a malformed address at once', async (t) => {
    const s = await service()
    t.after(s.close)
    assert.equal(
      await codeOf(s.accounts.requestPasswordReset('not an address', '192.0.2.1')),
      'invalid_request',
    )
  })
})
