/**
 * Sliding-window event logs for throttles that must outlive a request: failed sign-ins and mails sent.
 * Two twins pass one suite (attempt-store.suite.ts): the database (shared by every gateway) and memory.
 * Keys are digests of the scope (`attemptKey`), so no address or e-mail is kept in a counter.
 */
import { createHash } from 'node:crypto'

export type AttemptWindow = {
  count: number
  /** Epoch ms of the oldest event still in the window, when there is one. */
  oldest: number | undefined
}

export type AttemptStore = {
  /** Events under `key` strictly after `since` (an event exactly a window old has left it). */
  window(key: string, since: number): Promise<AttemptWindow>
  /** Records an event; answers its id, for `remove`. */
  add(key: string, at: number): Promise<string>
  /** Forgets one event (an attempt that turned out not to count). */
  remove(key: string, id: string): Promise<void>
  clear(key: string): Promise<void>
  /** Forgets every event older than `before`, whatever its key. */
  prune(before: number): Promise<void>
}

export function attemptKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 40)
}

/** Seconds until the oldest event leaves the window: the `Retry-After` of a full window. */
export function secondsUntilFree(window: AttemptWindow, windowMs: number, now: number): number {
  const oldest = window.oldest ?? now
  return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000))
}
