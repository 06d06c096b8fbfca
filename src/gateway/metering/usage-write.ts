/** What metering writes: numbered counts of an account and day, and how a write fails. */
/** Counts of one account and day, numbered by the process that writes them (increasing, gaps allowed). */
export type UsageWrite = { seq: number; requests: number; bytes: number }

/** The writes of one account and day that go to the database together. */
export type UsageBatch = { accountId: string; day: string; writes: readonly UsageWrite[] }

/**
 * A write of `addOnce` that failed. `maybeWritten`: the failure came during or after the commit (the
 * connection dropped before its answer), so the counts may be in the database; send them again with the
 * same numbers. Otherwise nothing was written, and the counts may go into any later write.
 */
export class UsageWriteFailed extends Error {
  override name = 'UsageWriteFailed'
  readonly maybeWritten: boolean
  constructor(cause: unknown, maybeWritten: boolean) {
    super('usage counts could not be written', { cause })
    this.maybeWritten = maybeWritten
  }
}

/**
 * What a writer id may be: base64url, as the metering service makes them, so that it is a key of the daily
 * rows' JSON (and of a JSON path on SQLite) as it is, and a journal line needs no escaping for it.
 */
export const writerIdPattern = /^[A-Za-z0-9_-]{1,64}$/
