/**
 * The gateway's in-memory key records (ADR 0011): a bounded LRU with a time to live, by key digest. An entry
 * never answers alone: the principal it gives carries the epoch it was filled under, and the request's
 * admission confirms that epoch and the absence of a revocation marker in the same store step.
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

export const keyCacheDefaults: Readonly<KeyCacheOptions> = Object.freeze({
  maxEntries: 10_000,
  ttlMs: 5 * 60_000,
})

export function createKeyCache(options: KeyCacheOptions = keyCacheDefaults) {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, KeyCacheEntry>()
  return {
    get(digest: string, now: number): KeyCacheEntry | undefined {
      const entry = entries.get(digest)
      if (entry === undefined) return undefined
      entries.delete(digest)
      if (entry.expiresAt <= now) return undefined
      entries.set(digest, entry)
      return entry
    },
    set(digest: string, entry: KeyCacheEntry): void {
      entries.delete(digest)
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next()
        if (oldest.done !== true) entries.delete(oldest.value)
      }
      entries.set(digest, entry)
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
