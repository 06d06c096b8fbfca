/** Every SQL statement about usage: one row per account and UTC day, counts only (DESIGN 7). */
import type BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import pg from 'pg'
import { dialectOf, sqliteHandleOf, type Database } from '../../infra/database/database.ts'

/** Counts of one account and day, numbered by the process that writes them (increasing, gaps allowed). */
export type UsageWrite = { seq: number; requests: number; bytes: number }

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

export function createUsageRepository(db: Database) {
  const postgres = dialectOf(db) === 'postgres'
  const sqlite = postgres ? undefined : sqliteHandleOf(db)
  let sqliteWrite: SqliteWrite | undefined

  async function add(accountId: string, day: string, requests: number, bytes: number): Promise<void> {
    await addTo(db, accountId, day, requests, bytes)
  }

  /**
   * Adds the writes of one account and day that `writer` has not applied yet, and records the last one, in
   * one transaction: a write sent again after a lost answer adds nothing the second time. A writer sends
   * one write per account and day at a time, so its row is never written concurrently.
   */
  async function addOnce(writer: string, accountId: string, day: string, writes: readonly UsageWrite[]) {
    if (writes.length === 0) return
    if (postgres) return addOnceInOneStatement(writer, accountId, day, writes)
    return addOnceOnSqlite(writer, accountId, day, writes)
  }

  /**
   * `addOnce` on SQLite: one synchronous better-sqlite3 transaction on statements prepared once, instead of
   * five statements (begin, select, two inserts, commit) each an asynchronous round through Kysely's driver.
   * It runs once per group commit, on every fetch's path (DESIGN 6).
   */
  async function addOnceOnSqlite(
    writer: string,
    accountId: string,
    day: string,
    writes: readonly UsageWrite[],
  ): Promise<void> {
    if (sqlite === undefined) throw new Error('addOnce on SQLite needs a database of openSqliteDatabase')
    let committed = false
    try {
      // Prepared on first use, not with the repository: the tables are there once migrations ran.
      sqliteWrite ??= prepareSqliteWrite(sqlite)
      const write = sqliteWrite
      // The handle is the one connection Kysely's SqliteDriver has, so the transaction must never run
      // while a Kysely transaction is open on it: better-sqlite3 would nest it there as a savepoint, so
      // these counts would be committed only with that transaction, after addOnce answered, and lost if it
      // rolled back.
      // The driver hands that connection out under a mutex held from a transaction's begin to its commit
      // or rollback, across every await in between; execute() takes the same mutex, so when the callback
      // runs no Kysely transaction is open, and from its BEGIN to its COMMIT nothing else runs on this
      // thread, the only one using the handle.
      await db.connection().execute(async () => {
        write(writer, accountId, day, writes)
        committed = true
      })
    } catch (error) {
      // better-sqlite3 rolls back when anything in the transaction throws, COMMIT included (a COMMIT that
      // fails has committed nothing), so only a failure after the commit may leave the counts written.
      throw new UsageWriteFailed(error, committed)
    }
  }

  /**
   * `addOnce` on PostgreSQL: the same reading, filtering, adding and numbering as one statement, which the
   * server runs as one transaction, so a group commit costs one round trip instead of five (it is on every
   * fetch's path: metering commits before the envelope is delivered, DESIGN 6). An error the server
   * answered means the statement was rolled back; any other (the connection dropped) may have come after
   * the commit.
   */
  async function addOnceInOneStatement(
    writer: string,
    accountId: string,
    day: string,
    writes: readonly UsageWrite[],
  ): Promise<void> {
    try {
      await sql`
        with fresh as (
          select w.seq, w.requests, w.bytes
          from unnest(
            ${writes.map((write) => write.seq)}::bigint[],
            ${writes.map((write) => write.requests)}::bigint[],
            ${writes.map((write) => write.bytes)}::bigint[]
          ) as w (seq, requests, bytes)
          where w.seq > coalesce(
            (select last_seq from usage_writers
              where writer = ${writer} and account_id = ${accountId} and day = ${day}),
            0
          )
        ),
        total as (
          select sum(requests) as requests, sum(bytes) as bytes, max(seq) as last
          from fresh
          having count(*) > 0
        ),
        counted as (
          insert into usage_daily (account_id, day, requests, bytes)
          select ${accountId}, ${day}, requests, bytes from total
          on conflict (account_id, day) do update
            set requests = usage_daily.requests + excluded.requests,
                bytes = usage_daily.bytes + excluded.bytes
        )
        insert into usage_writers (writer, account_id, day, last_seq)
        select ${writer}, ${accountId}, ${day}, last from total
        on conflict (writer, account_id, day) do update set last_seq = excluded.last_seq
      `.execute(db)
    } catch (error) {
      throw new UsageWriteFailed(error, !(error instanceof pg.DatabaseError))
    }
  }

  /** Forgets where writers got to on days before `day` (`YYYY-MM-DD`): no write for them comes again. */
  async function pruneWriters(day: string): Promise<void> {
    await db.deleteFrom('usage_writers').where('day', '<', day).execute()
  }

  async function totalRequests(accountId: string): Promise<number> {
    const row = await db
      .selectFrom('usage_daily')
      .select((eb) => eb.fn.sum<number | string | null>('requests').as('requests'))
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    return Number(row?.requests ?? 0)
  }

  function days(accountId: string): Promise<{ day: string; requests: number; bytes: number }[]> {
    return db
      .selectFrom('usage_daily')
      .select(['day', 'requests', 'bytes'])
      .where('account_id', '=', accountId)
      .orderBy('day')
      .execute()
  }

  return { add, addOnce, pruneWriters, totalRequests, days }
}

async function addTo(
  db: Database,
  accountId: string,
  day: string,
  requests: number,
  bytes: number,
): Promise<void> {
  await sql`
    insert into usage_daily (account_id, day, requests, bytes)
    values (${accountId}, ${day}, ${requests}, ${bytes})
    on conflict (account_id, day) do update
      set requests = usage_daily.requests + excluded.requests,
          bytes = usage_daily.bytes + excluded.bytes`.execute(db)
}

type SqliteWrite = (writer: string, accountId: string, day: string, writes: readonly UsageWrite[]) => void

/**
 * The transaction of `addOnce` on SQLite: the writer's last number, the counts of the writes after it, the
 * new last number. BEGIN IMMEDIATE takes the write lock before the read, so a writer on another
 * connection to the file (another process) makes it wait up to busy_timeout; a deferred BEGIN would fail
 * at once at the first insert (SQLITE_BUSY) once another connection wrote after its read.
 */
function prepareSqliteWrite(sqlite: BetterSqlite3.Database): SqliteWrite {
  const lastApplied = sqlite
    .prepare<[string, string, string], number>(
      'select last_seq from usage_writers where writer = ? and account_id = ? and day = ?',
    )
    .pluck()
  const count = sqlite.prepare<[string, string, number, number]>(`
    insert into usage_daily (account_id, day, requests, bytes)
    values (?, ?, ?, ?)
    on conflict (account_id, day) do update
      set requests = usage_daily.requests + excluded.requests,
          bytes = usage_daily.bytes + excluded.bytes`)
  const number = sqlite.prepare<[string, string, string, number]>(`
    insert into usage_writers (writer, account_id, day, last_seq)
    values (?, ?, ?, ?)
    on conflict (writer, account_id, day) do update set last_seq = excluded.last_seq`)
  const transaction = sqlite.transaction(
    (writer: string, accountId: string, day: string, writes: readonly UsageWrite[]) => {
      const applied = lastApplied.get(writer, accountId, day) ?? 0
      let requests = 0
      let bytes = 0
      let last = applied
      for (const write of writes) {
        if (write.seq <= applied) continue
        requests += write.requests
        bytes += write.bytes
        last = Math.max(last, write.seq)
      }
      if (last === applied) return
      count.run(accountId, day, requests, bytes)
      number.run(writer, accountId, day, last)
    },
  )
  return (writer, accountId, day, writes) => transaction.immediate(writer, accountId, day, writes)
}

export type UsageRepository = ReturnType<typeof createUsageRepository>
