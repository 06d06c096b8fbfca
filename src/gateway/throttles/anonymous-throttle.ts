/**
 * The ceiling on anonymous account calls (sign-up, resend, password-reset request and confirmation, e-mail
 * verification, confirmation of a new e-mail address), counted before any password is hashed, any token
 * looked up or any row written:
 * - per client address (IPv6 per /64, as sign-in counts): 30 calls in 15 minutes, every route together;
 * - per e-mail address: 10 calls in an hour (sign-up, resend and reset request), wherever they come from.
 * Every call counts, not only failures: each one costs a hash or a row whatever its outcome. A refused call
 * is taken back out of the window, so a client that keeps knocking is free again once its window has
 * passed. The e-mail ceiling answers the same whether or not the address has an account, and sits above
 * the mail gate's 5 mails an hour, which still decides silently whether a mail goes out.
 * Sign-in has its own throttle (sessions/sign-in-throttle.ts) over the same stores.
 */
import { AppError } from '../../shared/errors.ts'
import type { Clock } from '../../shared/clock.ts'
import { addressBucket } from '../sessions/sign-in-throttle.ts'
import { attemptKey, secondsUntilFree, type AttemptStore, type AttemptWindow } from './attempt-store.ts'

export type AnonymousPolicy = {
  clientWindowMs: number
  perClientAddress: number
  emailWindowMs: number
  perEmail: number
}

export const defaultAnonymousPolicy: AnonymousPolicy = {
  clientWindowMs: 15 * 60_000,
  perClientAddress: 30,
  emailWindowMs: 60 * 60_000,
  perEmail: 10,
}

type Counted = { key: string; id: string; since: number; windowMs: number; limit: number }

export function createAnonymousThrottle({
  store,
  clock,
  policy = defaultAnonymousPolicy,
}: {
  store: AttemptStore
  clock: Clock
  policy?: AnonymousPolicy | undefined
}) {
  /**
   * Counts the call under its client address and, when given, its e-mail key; throws `too_many_attempts`
   * (429, Retry-After) when either is over its ceiling. Counted before the windows are read, so calls sent
   * all at once see each other.
   */
  async function admit(clientAddress: string, emailKey?: string): Promise<void> {
    const now = clock.now()
    const scopes = [
      {
        key: attemptKey('anonymous address', addressBucket(clientAddress)),
        windowMs: policy.clientWindowMs,
        limit: policy.perClientAddress,
      },
      ...(emailKey === undefined
        ? []
        : [
            {
              key: attemptKey('anonymous email', emailKey),
              windowMs: policy.emailWindowMs,
              limit: policy.perEmail,
            },
          ]),
    ]
    const counted: Counted[] = await Promise.all(
      scopes.map(async (scope) => ({
        ...scope,
        since: now - scope.windowMs,
        id: await store.add(scope.key, now),
      })),
    )
    const windows = await Promise.all(counted.map((scope) => store.window(scope.key, scope.since)))
    const full: [AttemptWindow, number][] = []
    windows.forEach((window, index) => {
      const scope = counted[index]!
      if (window.count > scope.limit) full.push([window, scope.windowMs])
    })
    if (full.length === 0) return
    await Promise.all(counted.map((scope) => store.remove(scope.key, scope.id)))
    const retryAfter = Math.max(...full.map(([window, windowMs]) => secondsUntilFree(window, windowMs, now)))
    throw new AppError('too_many_attempts', 'Too many account requests. Wait before trying again.', {
      retryAfter,
    })
  }

  /** The longest window: events older than this count for nothing here (the purge forgets them). */
  const longestWindowMs = Math.max(policy.clientWindowMs, policy.emailWindowMs)

  return { admit, policy, longestWindowMs }
}

export type AnonymousThrottle = ReturnType<typeof createAnonymousThrottle>
