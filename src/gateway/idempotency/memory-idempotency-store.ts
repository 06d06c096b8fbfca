/**
 * The in-process twin of the idempotency store, for the embedded default (`sallyport dev`) and unit tests.
 * One process is one gateway here, so a Map is the shared state and every method is atomic by running to
 * completion on the event loop (`complete` compresses first, then decides in one synchronous step).
 *
 * Memory is bounded by time and by bytes: an entry is dropped when read after it expired, a sweep on an
 * unref'd timer drops the ones nobody reads again, each account's stored answers are held to
 * `accountBudgetBytes` and the whole process's to `processBudgetBytes` (docs/adr/0008).
 */
import { systemClock, type Clock } from '../../shared/clock.ts'
import {
  entryName,
  entryOverheadBytes,
  idempotencyDefaults,
  newClaimToken,
  packResponse,
  positiveBytes,
  positiveDuration,
  retryAfterSeconds,
  unpackBody,
  type IdempotencyOptions,
  type IdempotencyStore,
  type PackedResponse,
} from './idempotency-store.ts'

type Entry = { accountId: string; fingerprint: string; until: number } & (
  { state: 'claimed'; token: string } | { state: 'stored'; response: PackedResponse } | { state: 'not_kept' }
)

/** What a stored answer or a marker costs until it expires. */
type Charge = { accountId: string; until: number; bytes: number }

export type MemoryIdempotencyOptions = IdempotencyOptions & {
  /** Period of the background sweep; 0 turns it off (tests call `purgeExpired`). */
  sweepIntervalMs?: number
  /** Whose time the sweep uses. */
  clock?: Clock
  /** Stored bytes of every account together; past it, no new key is claimed and no answer kept. */
  processBudgetBytes?: number
}

export function createMemoryIdempotencyStore(options: MemoryIdempotencyOptions = {}): IdempotencyStore & {
  /** Live and not yet swept entries: for tests and the privacy check. */
  entries(): ReadonlyMap<string, Readonly<Entry>>
  /** Bytes the budgets count now: every account's, and one account's. */
  storedBytes(accountId?: string): number
} {
  const leaseMs = positiveDuration('leaseMs', options.leaseMs ?? idempotencyDefaults.leaseMs)
  const retentionMs = positiveDuration('retentionMs', options.retentionMs ?? idempotencyDefaults.retentionMs)
  const accountBudget = positiveBytes(
    'accountBudgetBytes',
    options.accountBudgetBytes ?? idempotencyDefaults.accountBudgetBytes,
  )
  const processBudget = positiveBytes(
    'processBudgetBytes',
    options.processBudgetBytes ?? idempotencyDefaults.processBudgetBytes,
  )
  const clock = options.clock ?? systemClock
  const entries = new Map<string, Entry>()
  /**
   * Every stored answer and marker, by entry name, in the order they were stored: with one retention
   * for all, that is the order they expire in, so the oldest is first and expiry walks from the front.
   */
  const charges = new Map<string, Charge>()
  /** Per account: its charges in the same order, and their sum. */
  const accounts = new Map<string, { bytes: number; charges: Map<string, Charge> }>()
  let processBytes = 0

  function uncharge(name: string): void {
    const charge = charges.get(name)
    if (charge === undefined) return
    charges.delete(name)
    processBytes -= charge.bytes
    const account = accounts.get(charge.accountId)
    if (account === undefined) return
    account.charges.delete(name)
    account.bytes -= charge.bytes
    if (account.charges.size === 0) accounts.delete(charge.accountId)
  }

  function charge(name: string, accountId: string, until: number, bytes: number): void {
    uncharge(name)
    const entry: Charge = { accountId, until, bytes }
    charges.set(name, entry)
    processBytes += bytes
    let account = accounts.get(accountId)
    if (account === undefined) {
      account = { bytes: 0, charges: new Map() }
      accounts.set(accountId, account)
    }
    account.charges.set(name, entry)
    account.bytes += bytes
  }

  function drop(name: string): void {
    entries.delete(name)
    uncharge(name)
  }

  /** The entry under `name` unless it has expired at `now`, in which case it is dropped. */
  function live(name: string, now: number): Entry | undefined {
    const entry = entries.get(name)
    if (entry !== undefined && entry.until <= now) {
      drop(name)
      return undefined
    }
    return entry
  }

  /** Drops the stored answers that expired at `now`, oldest first, so the budgets count only live ones. */
  function settle(now: number): void {
    for (const [name, held] of charges) {
      if (held.until > now) break
      drop(name)
    }
  }

  /** When the budget in the way frees its oldest bytes. */
  function budgetSpent(accountId: string, now: number): number | undefined {
    settle(now)
    const account = accounts.get(accountId)
    let oldest: Charge | undefined
    if (account !== undefined && account.bytes >= accountBudget)
      oldest = account.charges.values().next().value
    else if (processBytes >= processBudget) oldest = charges.values().next().value
    else return undefined
    return retryAfterSeconds(oldest?.until ?? now, now)
  }

  function fits(accountId: string, bytes: number): boolean {
    const held = accounts.get(accountId)?.bytes ?? 0
    return held + bytes <= accountBudget && processBytes + bytes <= processBudget
  }

  function purge(now: number): number {
    let purged = 0
    for (const [name, entry] of entries) {
      if (entry.until <= now) {
        drop(name)
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
        const wait = budgetSpent(accountId, now)
        if (wait !== undefined) return { kind: 'budget_spent', retryAfterSeconds: wait }
        const token = newClaimToken()
        entries.set(name, { accountId, fingerprint, until: now + leaseMs, state: 'claimed', token })
        return { kind: 'claimed', token }
      }
      // The fingerprint first (DESIGN 6): another url or region is a mismatch, running or done.
      if (entry.fingerprint !== fingerprint) return { kind: 'mismatch' }
      switch (entry.state) {
        case 'claimed':
          return { kind: 'in_flight', retryAfterSeconds: retryAfterSeconds(entry.until, now) }
        case 'not_kept':
          return { kind: 'not_kept' }
        case 'stored': {
          const { status, headers, encoding, body } = entry.response
          return { kind: 'replay', response: { status, headers, body: await unpackBody(encoding, body) } }
        }
      }
    },

    complete: async (accountId, key, token, response, now) => {
      // Compressed before the claim is checked: from here to the end nothing awaits, so it is atomic.
      const packed = await packResponse(response)
      const name = entryName(accountId, key)
      const entry = live(name, now)
      if (entry?.state !== 'claimed' || entry.token !== token) return false
      settle(now)
      const until = now + retentionMs
      const { fingerprint } = entry
      if (fits(accountId, packed.charge)) {
        entries.set(name, { accountId, fingerprint, until, state: 'stored', response: packed })
        charge(name, accountId, until, packed.charge)
      } else {
        // The fetch ran and is billed: keep that fact (so a retry never fetches again), not the answer.
        entries.set(name, { accountId, fingerprint, until, state: 'not_kept' })
        charge(name, accountId, until, entryOverheadBytes)
      }
      return true
    },

    abandon: async (accountId, key, token) => {
      const name = entryName(accountId, key)
      const entry = entries.get(name)
      if (entry?.state !== 'claimed' || entry.token !== token) return false
      drop(name)
      return true
    },

    purgeExpired: async (now) => purge(now),

    close: async () => {
      if (sweep !== undefined) clearInterval(sweep)
    },

    entries: () => entries,

    storedBytes: (accountId) =>
      accountId === undefined ? processBytes : (accounts.get(accountId)?.bytes ?? 0),
  }
}
