/**
 * Sign-in throttling without lock-out (OWASP Authentication Cheat Sheet, "Account lockout"):
 * - per client address: 20 failures in 15 minutes, then 429 for that address;
 * - per (account, client address): 5 failures in 15 minutes, then 429 for that pair; a success clears it;
 * - per account, from everywhere: past 10 failures every attempt on the account is slowed down
 *   (0.5 s more per failure, at most 5 s), before the password is even checked, whatever the outcome.
 * The account-wide ceiling only slows: a stranger failing from other addresses can never lock the owner
 * out of signing in from theirs. IPv6 clients are counted per /64, the block one subscriber gets.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { isIPv4, isIPv6 } from 'node:net'
import { AppError } from '../../shared/errors.ts'
import type { Clock } from '../../shared/clock.ts'
import { attemptKey, secondsUntilFree, type AttemptStore } from '../throttles/attempt-store.ts'

export type SignInPolicy = {
  windowMs: number
  perAddress: number
  perAccountAddress: number
  accountSlowAfter: number
  slowStepMs: number
  slowMaxMs: number
}

export const defaultSignInPolicy: SignInPolicy = {
  windowMs: 15 * 60_000,
  perAddress: 20,
  perAccountAddress: 5,
  accountSlowAfter: 10,
  slowStepMs: 500,
  slowMaxMs: 5_000,
}

/** The bucket a client address counts in: the IPv4 address, or the /64 of an IPv6 one. */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped !== null) return mapped[1]!
  if (isIPv4(address) || !isIPv6(address)) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const headGroups = head === '' ? [] : head.split(':')
  const tailGroups = tail === '' ? [] : tail.split(':')
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** An admitted sign-in attempt, counted already: say how it ended. */
export type SignInAttempt = { failed(): Promise<void>; succeeded(): Promise<void> }

type Deps = {
  store: AttemptStore
  clock: Clock
  policy?: SignInPolicy
  /** Waits; tests pass a recorder instead of sleeping. */
  delay?: (ms: number) => Promise<unknown>
}

export function createSignInThrottle({ store, clock, policy = defaultSignInPolicy, delay = sleep }: Deps) {
  const keys = (account: string, address: string) => {
    const bucket = addressBucket(address)
    return {
      address: attemptKey('sign-in address', bucket),
      pair: attemptKey('sign-in pair', account, bucket),
      account: attemptKey('sign-in account', account),
    }
  }

  /**
   * Counts the attempt, then throws `too_many_attempts` over a hard limit or waits out the account-wide
   * slow-down. The attempt is counted before the windows are read, so attempts sent all at once see each
   * other: a burst gets no more passwords checked than the same attempts sent one after another.
   */
  async function admit(account: string, address: string): Promise<SignInAttempt> {
    const now = clock.now()
    const since = now - policy.windowMs
    const key = keys(account, address)
    const [addressEvent, pairEvent] = await Promise.all([
      store.add(key.address, now),
      store.add(key.pair, now),
    ])
    const [byAddress, byPair, byAccount] = await Promise.all([
      store.window(key.address, since),
      store.window(key.pair, since),
      store.window(key.account, since),
    ])
    const full = [
      byAddress.count > policy.perAddress ? byAddress : undefined,
      byPair.count > policy.perAccountAddress ? byPair : undefined,
    ].filter((window) => window !== undefined)
    if (full.length > 0) {
      // Refused before any password is checked: this attempt does not count.
      await Promise.all([store.remove(key.address, addressEvent), store.remove(key.pair, pairEvent)])
      const retryAfter = Math.max(...full.map((window) => secondsUntilFree(window, policy.windowMs, now)))
      throw new AppError('too_many_attempts', 'Too many failed sign-ins. Wait before trying again.', {
        retryAfter,
      })
    }
    const excess = byAccount.count - policy.accountSlowAfter
    if (excess >= 0) await delay(Math.min(policy.slowMaxMs, (excess + 1) * policy.slowStepMs))
    return {
      // The address and pair counted the attempt already; the account-wide log counts failures only.
      // Old events are left to the scheduled purge (accounts/account-purge.ts): the store is shared with
      // the anonymous ceilings and the mail gate, whose windows are an hour, longer than this one.
      async failed() {
        await store.add(key.account, clock.now())
      },
      // A success clears the pair, and takes back only its own event from the address's count: signing in
      // to one's own account must not reset the failures of others behind the same address.
      async succeeded() {
        await Promise.all([store.remove(key.address, addressEvent), store.clear(key.pair)])
      },
    }
  }

  return { admit, policy }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>
