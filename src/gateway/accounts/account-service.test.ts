import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import { openTestDatabase, testHasher } from '../../../test/helpers/account-gateway.ts'
import { createBackgroundTasks } from '../background-tasks.ts'
import { createMemoryAttemptStore } from '../throttles/memory-attempt-store.ts'
import { createAccountRepository } from './account-repository.ts'
import { createAccountService } from './account-service.ts'
import { createAnonymousThrottle } from '../throttles/anonymous-throttle.ts'
import { createHashingGate } from './hashing-gate.ts'
import { createMailGate } from './mail-gate.ts'

const client = '192.0.2.1'

async function service() {
  const database = await openTestDatabase()
  const clock = manualClock()
  const hasher = testHasher()
  const calls = { hash: 0, verify: 0, verifyNothing: 0 }
  const spy = {
    ...hasher,
    hash: (password: string) => (calls.hash++, hasher.hash(password)),
    verify: (password: string, stored: string) => (calls.verify++, hasher.verify(password, stored)),
    verifyNothing: (password: string) => (calls.verifyNothing++, hasher.verifyNothing(password)),
  }
  const sent: string[] = []
  const background = createBackgroundTasks({ error: () => undefined })
  const accounts = createAccountService({
    repo: createAccountRepository(database.db),
    hasher: spy,
    hashing: createHashingGate(),
    anonymous: createAnonymousThrottle({ store: createMemoryAttemptStore(), clock }),
    mailer: { send: async (message, context) => void sent.push(`${context.kind} ${message.to}`) },
    mailGate: createMailGate({ store: createMemoryAttemptStore(), clock }),
    links: { base: () => 'http://sallyport.test' },
    usage: { requestsUsed: async () => 0 },
    clock,
    background,
  })
  return { accounts, calls, sent, clock, background, close: database.close }
}

describe('account service', () => {
  it('hashes the password on sign-up whether or not the address is registered', async (t) => {
    const s = await service()
    t.after(s.close)
    await s.accounts.createVerifiedAccount('ann@example.com', 'correct horse battery')
    s.calls.hash = 0
    await s.accounts.signUp('ann@example.com', 'whatever password', client)
    await s.accounts.signUp('nobody@example.com', 'whatever password', client)
    assert.equal(s.calls.hash, 2)
    await s.background.drain()
    assert.deepEqual(s.sent, ['already_registered ann@example.com', 'verify_email nobody@example.com'])
  })

  it('spends one password verification for an unknown address, a wrong and a right password', async (t) => {
    const s = await service()
    t.after(s.close)
    await s.accounts.createVerifiedAccount('ann@example.com', 'correct horse battery')
    assert.equal(await s.accounts.checkCredentials('nobody@example.com', 'correct horse battery'), undefined)
    assert.equal(await s.accounts.checkCredentials('not an address', 'correct horse battery'), undefined)
    assert.equal(await s.accounts.checkCredentials('ann@example.com', 'wrong password!!'), undefined)
    assert.equal(
      (await s.accounts.checkCredentials('ANN@example.com', 'correct horse battery'))?.email,
      'ann@example.com',
    )
    assert.deepEqual(
      { verify: s.calls.verify, verifyNothing: s.calls.verifyNothing },
      { verify: 2, verifyNothing: 2 },
    )
  })

  it('sends nothing to an unknown address on resend or reset, and nothing on resend to a verified one', async (t) => {
    const s = await service()
    t.after(s.close)
    await s.accounts.createVerifiedAccount('ann@example.com', 'correct horse battery')
    await s.accounts.resendVerification('nobody@example.com', 'whatever password', client)
    await s.accounts.resendVerification('ann@example.com', 'whatever password', client)
    await s.accounts.requestPasswordReset('nobody@example.com', client)
    await s.accounts.requestPasswordReset('ann@example.com', client)
    await s.background.drain()
    assert.deepEqual(s.sent, ['reset_password ann@example.com'])
  })

  it('hashes the password on resend whatever the address, and refuses one sign-up would refuse', async (t) => {
    const s = await service()
    t.after(s.close)
    await s.accounts.createVerifiedAccount('ann@example.com', 'correct horse battery')
    await s.accounts.signUp('bob@example.com', 'correct horse battery', client)
    s.calls.hash = 0
    for (const address of ['ann@example.com', 'bob@example.com', 'nobody@example.com']) {
      await s.accounts.resendVerification(address, 'whatever password', client)
    }
    assert.equal(s.calls.hash, 3)
    await assert.rejects(s.accounts.resendVerification('bob@example.com', 'short', client), {
      code: 'invalid_request',
      message: /password/,
    })
    await assert.rejects(s.accounts.resendVerification('not an address', 'whatever password', client), {
      code: 'invalid_request',
    })
    assert.equal(s.calls.hash, 3)
    await s.background.drain()
    assert.deepEqual(s.sent, ['verify_email bob@example.com', 'verify_email bob@example.com'])
  })

  it("keeps the first sign-up's password stored until a link is confirmed, then sets that link's", async (t) => {
    const s = await service()
    t.after(s.close)
    await s.accounts.signUp('bob@example.com', 'first password', client)
    await s.accounts.signUp('bob@example.com', 'second password', client)
    await s.accounts.resendVerification('bob@example.com', 'third password', client)
    for (const password of ['second password', 'third password']) {
      assert.equal(await s.accounts.checkCredentials('bob@example.com', password), undefined)
    }
    const account = await s.accounts.checkCredentials('bob@example.com', 'first password')
    assert.equal(account?.email_verified_at, null, 'an unverified account; sign-in refuses it a session')
  })

  it('computes the trial from the verification date', async (t) => {
    const s = await service()
    t.after(s.close)
    const account = await s.accounts.createVerifiedAccount('ann@example.com', 'correct horse battery')
    s.clock.advance(10 * 86_400_000 + 1)
    const view = await s.accounts.view(account.id)
    assert.equal(view.trial.days_left, 20)
    assert.equal(view.trial.ends_at, new Date(account.created_at + 30 * 86_400_000).toISOString())
    assert.deepEqual(
      {
        used: view.trial.requests_used,
        left: view.trial.requests_left,
        included: view.trial.requests_included,
      },
      { used: 0, left: 1000, included: 1000 },
    )
    s.clock.advance(40 * 86_400_000)
    assert.equal((await s.accounts.view(account.id)).trial.days_left, 0)
  })

  it('refuses a second account for the same mailbox from the admin command', async (t) => {
    const s = await service()
    t.after(s.close)
    await s.accounts.createVerifiedAccount('ann@example.com', 'correct horse battery')
    await assert.rejects(s.accounts.createVerifiedAccount('Ann@Example.com', 'correct horse battery'), {
      code: 'invalid_request',
    })
  })
})
