/**
 * When and how long to wait before trying again (SPEC 7): exponential backoff with full jitter, the
 * service's `Retry-After` when it gives one, and a retry budget shared by every call of one client, so a
 * service in trouble is not hammered by retries on top of the traffic.
 */

export type RetryOptions = {
  /** Requests per call, the first included; 1 turns retries off. Default 4. */
  maxAttempts?: number
  /** The backoff's first ceiling; the n-th retry waits a random time up to base * 2^(n-1). Default 500 ms. */
  baseDelayMs?: number
  /** No backoff wait is longer than this. Default 20 s. */
  maxDelayMs?: number
  /** A `Retry-After` longer than this is not waited for: the error is thrown. Default 60 s. */
  maxRetryAfterMs?: number
  /**
   * Backoff retries the client may make (waits asked for with Retry-After are not counted): each takes a
   * token, each call that succeeds puts a tenth of one back, up to this many. Default 20.
   */
  budget?: number
}

export type RetryPolicy = Required<RetryOptions>

export const defaultRetry: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  budget: 20,
}

/** Full jitter (a uniformly random wait up to the exponential ceiling), or the service's Retry-After. */
export function retryDelayMs(
  policy: RetryPolicy,
  retry: number,
  retryAfterSeconds: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterSeconds !== undefined) return retryAfterSeconds * 1000
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1))
  return Math.floor(random() * ceiling)
}

export class RetryBudget {
  #tokens: number
  readonly #capacity: number

  constructor(capacity: number) {
    this.#capacity = capacity
    this.#tokens = capacity
  }

  /** Takes a token for a retry; false when there is none left. */
  take(): boolean {
    if (this.#tokens < 1) return false
    this.#tokens -= 1
    return true
  }

  succeeded(): void {
    this.#tokens = Math.min(this.#capacity, this.#tokens + 0.1)
  }

  get remaining(): number {
    return this.#tokens
  }
}

/** `Retry-After` in seconds (the service sends whole seconds; an HTTP date is honoured too). */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim())
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

/** Waits, unless the signal aborts first (then rejects with its reason). */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal!.reason as Error)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
