/** The in-process twin of the attempt store, for unit tests and a single process. */
import type { AttemptStore } from './attempt-store.ts'

export function createMemoryAttemptStore(): AttemptStore {
  const events = new Map<string, number[]>()
  return {
    window: async (key, since) => {
      const recent = (events.get(key) ?? []).filter((at) => at > since)
      return { count: recent.length, oldest: recent.length === 0 ? undefined : Math.min(...recent) }
    },
    add: async (key, at) => {
      const list = events.get(key) ?? []
      list.push(at)
      events.set(key, list)
    },
    clear: async (key) => {
      events.delete(key)
    },
    prune: async (before) => {
      for (const [key, list] of events) {
        const kept = list.filter((at) => at >= before)
        if (kept.length === 0) events.delete(key)
        else events.set(key, kept)
      }
    },
  }
}
