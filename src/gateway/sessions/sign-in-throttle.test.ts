import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { AppError } from '../../shared/errors.ts'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import { createMemoryAttemptStore } from '../throttles/memory-attempt-store.ts'
import {
  addressBucket,
  createSignInThrottle,
  defaultSignInPolicy,
  type SignInThrottle,
} from './sign-in-throttle.ts'

function throttle() {
  const clock = manualClock()
  const delays: number[] = []
  const subject = createSignInThrottle({
    store: createMemoryAttemptStore(),
    clock,
    delay: async (ms) => {
      delays.push(ms)
    },
  })
  return { clock, delays, subject }
}

/** One sign-in attempt that got past the throttle and had the wrong password. */
async function fail(subject: SignInThrottle, account: string, address: string): Promise<void> {
  await (await subject.admit(account, address)).failed()
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  assert.fail('expected too_many_attempts')
}

describe('sign-in throttle', () => {
  it('allows 5 failures per account and address, then answers 429 with Retry-After', async () => {
    const { clock, subject } = throttle()
    for (let i = 0; i < 5; i++) {
      await fail(subject, 'ann@example.com', '198.51.100.7')
      clock.advance(1_000)
    }
    const error = await refusal(subject.admit('ann@example.com', '198.51.100.7'))
    assert.equal(error.code, 'too_many_attempts')
    assert.equal(error.status, 429)
    // The first failure was 5 s ago: it leaves the 15-minute window in 895 s.
    assert.equal(error.retryAfter, 15 * 60 - 5)
    // The same address may still try other accounts, and others may try this one.
    await subject.admit('bob@example.com', '198.51.100.7')
    await subject.admit('ann@example.com', '203.0.113.9')
  })

  it('lets the pair try again once the window has passed', async () => {
    const { clock, subject } = throttle()
    for (let i = 0; i < 5; i++) await fail(subject, 'ann@example.com', '198.51.100.7')
    await refusal(subject.admit('ann@example.com', '198.51.100.7'))
    clock.advance(defaultSignInPolicy.windowMs)
    await subject.admit('ann@example.com', '198.51.100.7')
  })

  it('allows 20 failures per address across accounts, then refuses that address for every account', async () => {
    const { subject } = throttle()
    for (let i = 0; i < 20; i++) await fail(subject, `user${i}@example.com`, '198.51.100.7')
    const error = await refusal(subject.admit('someone-new@example.com', '198.51.100.7'))
    assert.equal(error.code, 'too_many_attempts')
    await subject.admit('someone-new@example.com', '198.51.100.8')
  })

  it('clears the pair on success, not the address count', async () => {
    const { subject } = throttle()
    for (let i = 0; i < 4; i++) await fail(subject, 'ann@example.com', '198.51.100.7')
    await (await subject.admit('ann@example.com', '198.51.100.7')).succeeded()
    for (let i = 0; i < 4; i++) await fail(subject, 'ann@example.com', '198.51.100.7')
    await (await subject.admit('ann@example.com', '198.51.100.7')).succeeded()
    // 8 failures from the address still count: 12 more (on other accounts) reach 20.
    for (let i = 0; i < 12; i++) await fail(subject, `x${i}@example.com`, '198.51.100.7')
    await refusal(subject.admit('ann@example.com', '198.51.100.7'))
  })

  it('only slows an account failing from many addresses down, never locks it', async () => {
    const { delays, subject } = throttle()
    // A stranger: 5 failures from each of 10 addresses.
    for (let host = 1; host <= 10; host++) {
      for (let i = 0; i < 5; i++) await fail(subject, 'ann@example.com', `203.0.113.${host}`)
    }
    delays.length = 0
    // The owner, from their own address: admitted, after a capped wait.
    await subject.admit('ann@example.com', '198.51.100.7')
    assert.deepEqual(delays, [defaultSignInPolicy.slowMaxMs])
  })

  it('grows the slow-down with each failure past the threshold', async () => {
    const { delays, subject } = throttle()
    for (let i = 0; i < 10; i++) await fail(subject, 'ann@example.com', `203.0.113.${i}`)
    await subject.admit('ann@example.com', '198.51.100.7')
    await fail(subject, 'ann@example.com', '203.0.113.200')
    await subject.admit('ann@example.com', '198.51.100.7')
    // The owner's two attempts, and the stranger's one between them.
    assert.deepEqual(delays, [500, 500, 1_000])
  })

  it('counts attempts sent all at once before any password is checked', async () => {
    const { subject } = throttle()
    const settled = await Promise.allSettled(
      Array.from({ length: 30 }, () => subject.admit('ann@example.com', '198.51.100.7')),
    )
    const admitted = settled.filter((result) => result.status === 'fulfilled')
    assert.ok(admitted.length <= 5, `${admitted.length} admitted at once`)
    for (const result of settled) {
      if (result.status === 'rejected') assert.equal((result.reason as AppError).code, 'too_many_attempts')
    }
    for (const attempt of admitted) await attempt.value.failed()
    // The refused ones did not count; the admitted failures do, up to the limit.
    for (let i = admitted.length; i < 5; i++) await fail(subject, 'ann@example.com', '198.51.100.7')
    await refusal(subject.admit('ann@example.com', '198.51.100.7'))
  })

  it('takes a success back out of the address count, and a refused attempt never counts', async () => {
    const { subject } = throttle()
    for (let i = 0; i < 19; i++) await fail(subject, `user${i}@example.com`, '198.51.100.7')
    // Signing in from the address does not use up its allowance.
    for (let i = 0; i < 3; i++) await (await subject.admit('ann@example.com', '198.51.100.7')).succeeded()
    await fail(subject, 'bob@example.com', '198.51.100.7')
    for (let i = 0; i < 3; i++) await refusal(subject.admit('carol@example.com', '198.51.100.7'))
    const error = await refusal(subject.admit('carol@example.com', '198.51.100.7'))
    assert.equal(error.retryAfter, 15 * 60)
  })

  it('counts IPv6 clients per /64 and IPv4-mapped clients as IPv4', async () => {
    assert.equal(addressBucket('2001:db8:1:2:aaaa::1'), addressBucket('2001:db8:1:2:bbbb::2'))
    assert.notEqual(addressBucket('2001:db8:1:2::1'), addressBucket('2001:db8:1:3::1'))
    assert.equal(addressBucket('2001:db8::1'), '2001:db8:0:0::/64')
    assert.equal(addressBucket('::ffff:198.51.100.7'), '198.51.100.7')
    assert.equal(addressBucket('198.51.100.7'), '198.51.100.7')
    const { subject } = throttle()
    for (let i = 1; i <= 5; i++) await fail(subject, 'ann@example.com', `2001:db8:1:2::${i}`)
    await refusal(subject.admit('ann@example.com', '2001:db8:1:2::99'))
  })
})
