/**
 * Values the fetch path reads on every request (an account's plan, cap, month's usage and limits), held in
 * memory and read from the database in batches: one statement for every account due, not one per account.
 *
 * - A value answers for `ttlMs` after its read began (a change is seen within that time, as before).
 * - From `refreshAfterMs` on, the next `get` still answers from memory and puts the key in the next batch:
 *   an account in use is read again in the background, so its requests never wait for the database. Such a
 *   batch waits `refreshGatherMs` for the keys falling due after its first, so that many accounts in use
 *   cost a statement every so often rather than one per database round trip (docs/performance.md).
 * - A key with no value, or one past `ttlMs` (a refresh that failed or came too late), waits for the next
 *   batch: keys asked for in the same turn share one read, and a read that fails rejects their waiters and
 *   is not remembered.
 * - One batch at a time, `maxBatch` keys per read; keys asked for meanwhile go in the next.
 *
 * `read` answers every key it is given: a value, or an Error for that key alone (never remembered).
 */
export type BatchedReadsOptions<V> = {
  read: (keys: readonly string[], now: number) => Promise<Map<string, V | Error>>
  ttlMs: number
  /** Default: half of `ttlMs`. */
  refreshAfterMs?: number
  /** Keys kept at most; the least recently read go first. */
  maxEntries: number
  /** Keys per read (the statement's parameters). */
  maxBatch?: number
  /**
   * How long a batch of background refreshes waits for more keys; a key with no value in memory sends the
   * batch at once. Default: a fifth of the time between `refreshAfterMs` and `ttlMs`, at most a second.
   */
  refreshGatherMs?: number | undefined
}

export type BatchedReads<V> = {
  /** The value when it is in memory (the hot path awaits nothing), else a promise of it. */
  get: (key: string, now: number) => V | Promise<V>
  /** Drops the key's value; a read already on its way for it answers its waiters but is not kept. */
  forget: (key: string) => void
}

type Waiter<V> = { resolve(value: V): void; reject(error: unknown): void }
type Entry<V> = { value: V; readAt: number }

export function createBatchedReads<V>({
  read,
  ttlMs,
  refreshAfterMs = ttlMs / 2,
  maxEntries,
  maxBatch = 400,
  refreshGatherMs = Math.min(1_000, Math.max(0, ttlMs - refreshAfterMs) / 5),
}: BatchedReadsOptions<V>): BatchedReads<V> {
  const entries = new Map<string, Entry<V>>()
  /** Keys for the next batch, each with the requests waiting for it (none for a background refresh). */
  let queued = new Map<string, Waiter<V>[]>()
  /** The `now` of the first key queued: the batch's read time, so a value never answers past `ttlMs`. */
  let queuedAt = 0
  /** The batch on its way, and the keys forgotten while it was. */
  let running: Map<string, Waiter<V>[]> | undefined
  const forgotten = new Set<string>()
  /** The next batch goes at the end of this turn (it has waiters), or when `gathering` fires. */
  let immediate = false
  let gathering: NodeJS.Timeout | undefined
  /** Whether a request waits on a key of the next batch. */
  let urgent = false

  /** Sends the next batch at this turn's end when a request waits on it, else once it has gathered. */
  function schedule(): void {
    if (running !== undefined || immediate) return
    if (urgent || refreshGatherMs <= 0) {
      if (gathering !== undefined) clearTimeout(gathering)
      gathering = undefined
      immediate = true
      setImmediate(() => void flush())
    } else if (gathering === undefined) {
      gathering = setTimeout(() => void flush(), refreshGatherMs)
      // A refresh nobody waits for never keeps the process alive.
      gathering.unref()
    }
  }

  function queue(key: string, now: number, waiter?: Waiter<V>): void {
    const inRunning = running?.get(key)
    if (inRunning !== undefined) {
      if (waiter !== undefined) inRunning.push(waiter)
      return
    }
    const waiting = queued.get(key)
    if (waiting !== undefined) {
      if (waiter !== undefined) waiting.push(waiter)
    } else {
      if (queued.size === 0) queuedAt = now
      queued.set(key, waiter === undefined ? [] : [waiter])
    }
    if (waiter !== undefined) urgent = true
    schedule()
  }

  function keep(key: string, value: V, readAt: number): void {
    entries.delete(key)
    entries.set(key, { value, readAt })
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
  }

  async function flush(): Promise<void> {
    immediate = false
    if (gathering !== undefined) clearTimeout(gathering)
    gathering = undefined
    const batch = queued
    const now = queuedAt
    queued = new Map()
    urgent = false
    running = batch
    try {
      const keys = [...batch.keys()]
      for (let first = 0; first < keys.length; first += maxBatch) {
        const chunk = keys.slice(first, first + maxBatch)
        let values: Map<string, V | Error>
        try {
          values = await read(chunk, now)
        } catch (error) {
          for (const key of chunk) for (const waiter of batch.get(key)!) waiter.reject(error)
          continue
        }
        for (const key of chunk) {
          const value = values.get(key) ?? new Error(`no value read for ${key}`)
          const waiters = batch.get(key)!
          if (value instanceof Error) {
            for (const waiter of waiters) waiter.reject(value)
            continue
          }
          if (!forgotten.has(key)) keep(key, value, now)
          for (const waiter of waiters) waiter.resolve(value)
        }
      }
    } finally {
      running = undefined
      forgotten.clear()
      if (queued.size > 0) schedule()
    }
  }

  return {
    get: (key, now) => {
      const entry = entries.get(key)
      if (entry !== undefined) {
        const age = now - entry.readAt
        if (age >= 0 && age < ttlMs) {
          if (age >= refreshAfterMs) queue(key, now)
          return entry.value
        }
      }
      return new Promise<V>((resolve, reject) => queue(key, now, { resolve, reject }))
    },
    forget: (key) => {
      entries.delete(key)
      if (running?.has(key) === true) forgotten.add(key)
      // A background refresh queued before the change would read it anyway: nothing to drop there.
    },
  }
}
