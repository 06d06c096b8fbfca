/**
 * The in-process twin of the idempotency store, for the embedded default (`sallyport dev`) and unit tests.
 * One process is one gateway here, so a Map is the shared state and every method is atomic by running to
 * completion on the event loop. Memory is bounded by time: an entry is dropped when read after it expired,
 * and a sweep on an unref'd timer drops the ones nobody reads again.
 */
import { systemClock, type Clock } from '../../shared/clock.ts'
import {
  assertStorable,
  entryName,
  idempotencyDefaults,
  newClaimToken,
  positiveDuration,
  retryAfterSeconds,
  storedHeaders,
  type IdempotencyOptions,
  type IdempotencyStore,
  type StoredResponse,
} from './idempotency-store.ts'

type Entry = { fingerprint: string; until: number } & (
  { state: 'claimed'; token: string } | { state: 'stored'; response: StoredResponse }
)

export type MemoryIdempotencyOptions = IdempotencyOptions & {
  /** Period of the background sweep; 0 turns it off (tests call `purgeExpired`). */
  sweepIntervalMs?: number
  /** Whose time the sweep uses. */
  clock?: Clock
}

export function createMemoryIdempotencyStore(options: MemoryIdempotencyOptions = {}): IdempotencyStore & {
  /** Live and not yet swept entries: for tests and the privacy check. */
  entries(): ReadonlyMap<string, Readonly<Entry>>
} {
  const leaseMs = positiveDuration('leaseMs', options.leaseMs ?? idempotencyDefaults.leaseMs)
  const retentionMs = positiveDuration('retentionMs', options.retentionMs ?? idempotencyDefaults.retentionMs)
  const clock = options.clock ?? systemClock
  const entries = new Map<string, Entry>()

  /** The entry under `name` unless it has expired at `now`, in which case it is dropped. */
  function live(name: string, now: number): Entry | undefined {
    const entry = entries.get(name)
    if (entry !== undefined && entry.until <= now) {
      entries.delete(name)
      return undefined
    }
    return entry
  }

  function purge(now: number): number {
    let purged = 0
    for (const [name, entry] of entries) {
      if (entry.until <= now) {
        entries.delete(name)
        purged++
      }
    }
    return purged
  }

  const sweepIntervalMs = options.sweepIntervalMs ?? idempotencyDefaults.sweepIntervalMs
  const sweep =
    sweepIntervalMs > 0 ? setInterval(() => purge(clock.now()), sweepIntervalMs).unref() : undefined

  return {
    begin: async (accountId, key, fingerprint, now) => {
      const name = entryName(accountId, key)
      const entry = live(name, now)
      if (entry === undefined) {
        const token = newClaimToken()
        entries.set(name, { fingerprint, until: now + leaseMs, state: 'claimed', token })
        return { kind: 'claimed', token }
      }
      // The fingerprint first (DESIGN 6): another url or region is a mismatch, running or done.
      if (entry.fingerprint !== fingerprint) return { kind: 'mismatch' }
      if (entry.state === 'claimed') {
        return { kind: 'in_flight', retryAfterSeconds: retryAfterSeconds(entry.until, now) }
      }
      return { kind: 'replay', response: entry.response }
    },

    complete: async (accountId, key, token, response, now) => {
      assertStorable(response)
      const name = entryName(accountId, key)
      const entry = live(name, now)
      if (entry?.state !== 'claimed' || entry.token !== token) return false
      // A copy: the record must not alias (or keep alive a larger pool behind) the caller's buffer.
      const body =
        typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : Buffer.from(response.body)
      entries.set(name, {
        fingerprint: entry.fingerprint,
        until: now + retentionMs,
        state: 'stored',
        response: { status: response.status, headers: storedHeaders(response.headers), body },
      })
      return true
    },

    abandon: async (accountId, key, token) => {
      const name = entryName(accountId, key)
      const entry = entries.get(name)
      if (entry?.state !== 'claimed' || entry.token !== token) return false
      entries.delete(name)
      return true
    },

    purgeExpired: async (now) => purge(now),

    close: async () => {
      if (sweep !== undefined) clearInterval(sweep)
    },

    entries: () => entries,
  }
}
