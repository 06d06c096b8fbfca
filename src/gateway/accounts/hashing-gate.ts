/**
 * A small semaphore in front of scrypt. Each derivation takes 128 MiB and one thread of libuv's pool, the
 * pool zlib (fetched bodies), DNS lookups and file I/O share; by default it has 4 threads
 * (UV_THREADPOOL_SIZE). Capping derivations in flight at 2 keeps half the pool free whatever anonymous
 * callers send, and scrypt's memory at 256 MiB (docs/security.md, "Password hashing").
 *
 * Two queues: password checks (sign-in, and anything that verifies a password) go first, new hashes
 * (sign-up, resend, reset) after, so a burst of anonymous sign-ups delays a sign-in by at most the
 * derivations already running. Each queue is bounded; a full queue answers `auth_busy` (503, Retry-After)
 * at once rather than holding the request and its password in memory.
 */
import { AppError } from '../../shared/errors.ts'
import type { PasswordHasher } from './password-hasher.ts'

export type HashingPolicy = {
  /** Derivations running at once; keep it below UV_THREADPOOL_SIZE. */
  concurrency: number
  /** Callers waiting per queue; one more is refused with `auth_busy`. */
  queue: number
  /** The Retry-After of `auth_busy`, in seconds. */
  retryAfterSeconds: number
}

export const defaultHashingPolicy: HashingPolicy = { concurrency: 2, queue: 32, retryAfterSeconds: 2 }

/** `verify`: a password check, served first; `hash`: a new password, served when no check waits. */
export type HashingLane = 'verify' | 'hash'

export function createHashingGate(policy: HashingPolicy = defaultHashingPolicy) {
  let running = 0
  const waiting: Record<HashingLane, (() => void)[]> = { verify: [], hash: [] }

  function next(): void {
    const start = waiting.verify.shift() ?? waiting.hash.shift()
    if (start === undefined) running--
    else start()
  }

  async function run<T>(lane: HashingLane, task: () => Promise<T>): Promise<T> {
    if (running < policy.concurrency) {
      running++
    } else {
      if (waiting[lane].length >= policy.queue) {
        throw new AppError(
          'auth_busy',
          'Too many passwords are being checked right now. Try again shortly.',
          {
            retryAfter: policy.retryAfterSeconds,
          },
        )
      }
      // The slot is handed over by `next`: `running` stays counted across the hand-over.
      await new Promise<void>((resolve) => waiting[lane].push(resolve))
    }
    try {
      return await task()
    } finally {
      next()
    }
  }

  return {
    run,
    policy,
    /** For tests and metrics: derivations running and callers waiting now. */
    load: () => ({ running, waiting: waiting.verify.length + waiting.hash.length }),
  }
}

export type HashingGate = ReturnType<typeof createHashingGate>

/** The hasher with every derivation behind the gate; `needsRehash` and `params` derive nothing. */
export function gatedHasher(hasher: PasswordHasher, gate: HashingGate): PasswordHasher {
  return {
    ...hasher,
    hash: (password) => gate.run('hash', () => hasher.hash(password)),
    verify: (password, stored) => gate.run('verify', () => hasher.verify(password, stored)),
    verifyNothing: (password) => gate.run('verify', () => hasher.verifyNothing(password)),
  }
}
