/**
 * The gateway's in-memory key records (ADR 0011): a bounded, least-recently-used cache with a time to live,
 * by key digest. An entry never answers alone: the principal it gives carries the epoch it was filled under,
 * and the request's admission confirms that epoch and the absence of a revocation marker in the same store
 * step.
 */
import type { Principal } from './principal.ts'

export type KeyCacheEntry = {
  principal: Principal
  expiresAt: number
  /** When this process last stamped (or saw stamped) the key's last use. */
  lastUsedAt: number | null
}

export type KeyCacheOptions = {
  /** Entries held at most; the least recently used goes first. */
  maxEntries: number
  /** How long an entry lives after its database lookup (it is confirmed on every use meanwhile). */
  ttlMs: number
}

/** An entry and when it was last put at the back of the order (the count of insertions then). */
type Slot = { entry: KeyCacheEntry; at: number }

export const keyCacheDefaults: Readonly<KeyCacheOptions> = Object.freeze({
  maxEntries: 10_000,
  ttlMs: 5 * 60_000,
})

export function createKeyCache(options: KeyCacheOptions = keyCacheDefaults) {
  // A Map iterates in insertion order, so the first entry is the one moved to the back longest ago. A hit
  // moves its entry to the back only once half the cache's size in insertions have passed since its last
  // move: a Map delete and set on every request churns its table (V8 rehashes it every few operations,
  // allocating each time), and a key in use is still never evicted before that many other keys came in.
  const entries = new Map<string, Slot>()
  const refreshAfter = Math.max(1, Math.floor(options.maxEntries / 2))
  let inserted = 0

  function insert(digest: string, slot: Slot): void {
    slot.at = ++inserted
    entries.set(digest, slot)
  }

  return {
    get(digest: string, now: number): KeyCacheEntry | undefined {
      const slot = entries.get(digest)
      if (slot === undefined) return undefined
      if (slot.entry.expiresAt <= now) {
        entries.delete(digest)
        return undefined
      }
      if (inserted - slot.at >= refreshAfter) {
        entries.delete(digest)
        insert(digest, slot)
      }
      return slot.entry
    },
    set(digest: string, entry: KeyCacheEntry): void {
      entries.delete(digest)
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next()
        if (oldest.done !== true) entries.delete(oldest.value)
      }
      insert(digest, { entry, at: 0 })
    },
    delete(digest: string): void {
      entries.delete(digest)
    },
    get size(): number {
      return entries.size
    },
  }
}

export type KeyCache = ReturnType<typeof createKeyCache>
