/** The in-process twin of the attempt store, for unit tests and a single process. */
import type { AttemptStore } from './attempt-store.ts'

type AttemptEvent = { id: string; at: number }

export function createMemoryAttemptStore(): AttemptStore {
  const events = new Map<string, AttemptEvent[]>()
  let lastId = 0
  return {
    window: async (key, since) => {
      const recent = (events.get(key) ?? []).filter((event) => event.at > since).map((event) => event.at)
      return { count: recent.length, oldest: recent.length === 0 ? undefined : Math.min(...recent) }
    },
    add: async (key, at) => {
      const id = String(++lastId)
      const list = events.get(key) ?? []
      list.push({ id, at })
      events.set(key, list)
      return id
    },
    remove: async (key, id) => {
      const kept = (events.get(key) ?? []).filter((event) => event.id !== id)
      if (kept.length === 0) events.delete(key)
      else events.set(key, kept)
    },
    clear: async (key) => {
      events.delete(key)
    },
    prune: async (before) => {
      for (const [key, list] of events) {
        const kept = list.filter((event) => event.at >= before)
        if (kept.length === 0) events.delete(key)
        else events.set(key, kept)
      }
    },
  }
}
