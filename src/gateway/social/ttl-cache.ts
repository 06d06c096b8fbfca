/**
 * A small in-memory cache with a time-to-live per entry and a bound on entries (the oldest insertion goes
 * first). Expired entries are dropped when read; no timer keeps the process alive.
 */
export function createTtlCache<V>(maxEntries: number) {
  const entries = new Map<string, { value: V; expiresAt: number }>()

  function get(key: string, now: number): V | undefined {
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expiresAt <= now) {
      entries.delete(key)
      return undefined
    }
    return entry.value
  }

  function set(key: string, value: V, expiresAt: number): void {
    entries.delete(key)
    entries.set(key, { value, expiresAt })
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next()
      if (oldest.done === true) break
      entries.delete(oldest.value)
    }
  }

  return { get, set, size: () => entries.size }
}

export type TtlCache<V> = ReturnType<typeof createTtlCache<V>>
