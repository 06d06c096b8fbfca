/**
 * Work that must not hold up a response (mail, usage counts, key last-use stamps) but must not be lost
 * either: failures are logged, and drain() lets shutdown and tests wait for whatever is still running.
 */
import type { Logger } from 'pino'

export type BackgroundTasks = {
  run(what: string, task: () => Promise<unknown>, fields?: Record<string, unknown>): void
  drain(): Promise<void>
}

export function createBackgroundTasks(log: Pick<Logger, 'error'>): BackgroundTasks {
  const pending = new Set<Promise<void>>()
  return {
    run(what, task, fields = {}) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, ...fields }, `${what} failed`),
        )
        .finally(() => pending.delete(running))
      pending.add(running)
    },
    async drain() {
      while (pending.size > 0) await Promise.all(pending)
    },
  }
}
