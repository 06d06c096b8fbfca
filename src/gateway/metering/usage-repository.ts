/** Every SQL statement about usage: one row per account and UTC day, counts only (DESIGN 7). */
import type BetterSqlite3 from 'better-sqlite3'
import { sql, type CompiledQuery, type RawBuilder } from 'kysely'
import type { Logger } from 'pino'
import pg from 'pg'
import { dialectOf, postgresPoolOf, sqliteHandleOf, type Database } from '../../infra/database/database.ts'
import { createUsageJournal, type JournalEntry, type UsageJournal } from './usage-journal.ts'
import { UsageWriteFailed, writerIdPattern, type UsageBatch } from './usage-write.ts'

export { UsageWriteFailed, type UsageBatch, type UsageWrite } from './usage-write.ts'

/** Daily rows whose writer numbers one statement of `pruneWriters` clears. */
const pruneBatch = 5_000

const journals = new WeakMap<Database, UsageJournal>()

const noWrites: never[] = []

/**
 * The writes of a commit as rows `w (account_id, day, seq, requests, bytes)`, from five arrays: the first
 * five parameters of the statements that take many writes.
 */
const unnestedWrites = sql`unnest(
  ${noWrites}::text[],
  ${noWrites}::text[],
  ${noWrites}::bigint[],
  ${noWrites}::bigint[],
  ${noWrites}::bigint[]
) as w (account_id, day, seq, requests, bytes)`

/**
 * What a write does to its account and day's row that is there already (`daily`, the row `excluded` would
 * have inserted): its counts added, its writer's number recorded among the others'. Every statement of
 * `addOnce` on PostgreSQL updates by it.
 */
const addedToTheRow = sql`
  requests = daily.requests + excluded.requests,
  bytes = daily.bytes + excluded.bytes,
  writers = (coalesce(daily.writers::jsonb, '{}'::jsonb) || excluded.writers::jsonb)::text,
  writers_kept = true`

/**
 * `addOnce`'s statement on PostgreSQL for any commit, the one that lists an account and day twice (a write
 * sent again beside a new one) included; commits of one write, and of one write per account and day, go by
 * the two leaner statements below. Compiled once per repository, as the key lookup is: it is on every
 * fetch's path (metering commits before the envelope is delivered, DESIGN 6), and at one fetch at a time
 * building and compiling it through Kysely's template for every commit was a tenth of the gateway's side of
 * the commit (docs/performance.md). Its parameters, in order: the accounts, days, writer numbers, requests
 * and bytes of the writes, then the writer (`$6`, named twice: see `reusing`).
 */
function compileAddOnce(db: Database): CompiledQuery {
  const writer = ''
  return reusing(
    db,
    6,
    sql`
      with fresh as (
        select w.account_id, w.day, w.seq, w.requests, w.bytes
        from ${unnestedWrites}
        left join usage_daily applied
          on applied.account_id = w.account_id and applied.day = w.day
        where w.seq > coalesce((applied.writers::jsonb ->> ${writer}::text)::bigint, 0)
      ),
      total as (
        select account_id, day, sum(requests) as requests, sum(bytes) as bytes, max(seq) as last
        from fresh
        group by account_id, day
      )
      insert into usage_daily as daily (account_id, day, requests, bytes, writers)
      select account_id, day, requests, bytes, jsonb_build_object($6::text, last)::text from total
      order by account_id, day
      on conflict (account_id, day) do update
        set ${addedToTheRow}
  `,
  )
}

/**
 * `addOnce`'s statement for a commit of one write of one account and day, what every commit is at one fetch
 * at a time: the same rules without the arrays, the join and the grouping, which cost PostgreSQL half as
 * much CPU again per commit (docs/performance.md, "2026-12-04 (seventeenth)"). The write is added when its
 * number is above the writer's in the row, or the row is new. Its parameters, in order: the account, the
 * day, the write's requests and bytes, then the writer and the write's number (`$5` and `$6`, each named
 * twice).
 */
function compileAddOneWrite(db: Database): CompiledQuery {
  const none = ''
  const number = 0
  return reusing(
    db,
    6,
    sql`
      insert into usage_daily as daily (account_id, day, requests, bytes, writers)
      values (${none}, ${none}, ${number}::bigint, ${number}::bigint,
        jsonb_build_object(${none}::text, ${number}::bigint)::text)
      on conflict (account_id, day) do update
        set ${addedToTheRow}
        where coalesce((daily.writers::jsonb ->> $5::text)::bigint, 0) < $6::bigint
  `,
  )
}

/**
 * `addOnce`'s statement for a commit whose writes are each of an account and day of their own, what a group
 * commit of many accounts is, one fetch of each: the one-write statement's rules for every row of the arrays,
 * without `compileAddOnce`'s join and grouping, which cost PostgreSQL twice the CPU per commit of a few rows
 * (docs/performance.md, "2026-12-04 (twentieth)"). A row may be updated only once by one statement, so an
 * account and day listed twice (a write sent again beside a new one) goes by `compileAddOnce`. Its
 * parameters, in order: the accounts, days, writer numbers, requests and bytes of the writes, then the writer
 * (`$6`, named three times).
 */
function compileAddDistinctWrites(db: Database): CompiledQuery {
  const writer = ''
  return reusing(
    db,
    6,
    sql`
      with w as (
        select *
        from ${unnestedWrites}
      )
      insert into usage_daily as daily (account_id, day, requests, bytes, writers)
      select w.account_id, w.day, w.requests, w.bytes, jsonb_build_object(${writer}::text, w.seq)::text
      from w
      order by w.account_id, w.day
      on conflict (account_id, day) do update
        set ${addedToTheRow}
        where coalesce((daily.writers::jsonb ->> $6::text)::bigint, 0)
          < (excluded.writers::jsonb ->> $6::text)::bigint
  `,
  )
}

/**
 * A statement that names some of its parameters more than once, compiled: Kysely numbers a parameter per
 * mention, so a later mention is written as the placeholder of the first (`$6`), and the statement takes
 * `count` parameters. Each parameter is one more value for pg to turn into text and encode in the Bind
 * message: naming the writer and the write's number once took 6% off a one-write commit on the gateway
 * (docs/performance.md, "2026-12-08 (forty-seventh)"). Compiling checks the numbering: a placeholder beyond
 * `count`, or a parameter count that moved, would bind the wrong value.
 */
function reusing(db: Database, count: number, statement: RawBuilder<unknown>): CompiledQuery {
  const compiled = statement.compile(db)
  const highest = Math.max(...Array.from(compiled.sql.matchAll(/\$(\d+)/g), (match) => Number(match[1])))
  if (compiled.parameters.length !== count || highest !== count)
    throw new Error(`a usage commit must take ${count} parameters, each named, and no more`)
  return compiled
}

/** True when every batch has one write and no account and day comes twice. */
function oneWriteEach(batches: readonly UsageBatch[]): boolean {
  const seen = new Set<string>()
  for (const { accountId, day, writes } of batches) {
    if (writes.length !== 1) return false
    const key = `${accountId} ${day}`
    if (seen.has(key)) return false
    seen.add(key)
  }
  return true
}

/**
 * The usage journal of a database in a SQLite file (usage-journal.ts), one per Database object, shared by
 * every repository on it; undefined on PostgreSQL, whose group commit is one round trip already, and on a
 * SQLite database in memory, which no other process reads.
 */
function journalOf(db: Database): UsageJournal | undefined {
  const known = journals.get(db)
  if (known !== undefined) return known
  const sqlite = sqliteHandleOf(db)
  if (sqlite === undefined || sqlite.memory || sqlite.name === '') return undefined
  let write: SqliteWrite | undefined
  const journal = createUsageJournal({
    dir: `${sqlite.name}-usage`,
    apply(entries) {
      // Prepared on first use, not with the journal: the tables are there once migrations ran.
      write ??= prepareSqliteWrite(sqlite)
      write(entries)
    },
    // See addOnceOnSqlite: the handle is Kysely's one connection, used only while holding it.
    exclusive: (task) => db.connection().execute(async () => task()),
    isGone: (error) => (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY',
  })
  journals.set(db, journal)
  return journal
}

/**
 * Brings every count appended to the database's usage journal into `usage_daily`, this process's and every
 * other's: whatever reads the daily rows awaits it first, so it sees every count delivered before it asked.
 * Nothing to do on PostgreSQL.
 */
export async function settleUsage(db: Database): Promise<void> {
  await journalOf(db)?.fold()
}

export type UsageRepositoryOptions = {
  /** Where the usage journal reports what it could not apply (a SQLite file's database only). */
  log?: Pick<Logger, 'warn' | 'error'>
}

export function createUsageRepository(db: Database, { log }: UsageRepositoryOptions = {}) {
  const postgres = dialectOf(db) === 'postgres'
  const pool = postgres ? postgresPoolOf(db) : undefined
  const sqlite = postgres ? undefined : sqliteHandleOf(db)
  const journal = postgres ? undefined : journalOf(db)
  journal?.setLog(log)
  let sqliteWrite: SqliteWrite | undefined
  let addOnceQuery: CompiledQuery | undefined
  let addOneWriteQuery: CompiledQuery | undefined
  let addDistinctWritesQuery: CompiledQuery | undefined

  async function add(accountId: string, day: string, requests: number, bytes: number): Promise<void> {
    await addTo(db, accountId, day, requests, bytes)
  }

  /**
   * Adds the writes that `writer` has not applied yet, of every account and day in `batches`, and records
   * the last one applied in each account and day's row (`writers`), in one transaction: a write sent again
   * after a lost answer adds nothing the second time. A writer sends one write per account and day at a
   * time, so its entry of a row is never written concurrently. On a SQLite file the writes are appended to
   * the usage journal, which applies them with the same rules (usage-journal.ts).
   */
  async function addOnce(writer: string, batches: readonly UsageBatch[]): Promise<void> {
    if (!writerIdPattern.test(writer)) throw new TypeError(`not a writer id: ${JSON.stringify(writer)}`)
    const withWrites = batches.filter((batch) => batch.writes.length > 0)
    if (withWrites.length === 0) return
    if (postgres) return addOnceInOneStatement(writer, withWrites)
    if (journal !== undefined) return journal.append(writer, withWrites)
    return addOnceOnSqlite(writer, withWrites)
  }

  /**
   * `addOnce` on a SQLite database in memory: one synchronous better-sqlite3 transaction on statements
   * prepared once, instead of five statements (begin, select, two inserts, commit) per account and day,
   * each an asynchronous round through Kysely's driver.
   */
  async function addOnceOnSqlite(writer: string, batches: readonly UsageBatch[]): Promise<void> {
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
        write([{ writer, batches }])
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
   * server runs as one transaction, so a group commit costs one round trip however many accounts and days
   * it carries (it is on every fetch's path: metering commits before the envelope is delivered, DESIGN 6).
   * An error the server answered means the statement was rolled back; any other (the connection dropped)
   * may have come after the commit. The daily rows are written in the order of their account and day, so
   * two gateways whose commits share accounts lock them in the same order and never wait on each other in
   * a cycle.
   */
  async function addOnceInOneStatement(writer: string, batches: readonly UsageBatch[]): Promise<void> {
    let query: CompiledQuery
    const only = batches.length === 1 && batches[0]!.writes.length === 1 ? batches[0]! : undefined
    if (only !== undefined) {
      const { seq, requests, bytes } = only.writes[0]!
      addOneWriteQuery ??= compileAddOneWrite(db)
      query = {
        ...addOneWriteQuery,
        parameters: [only.accountId, only.day, requests, bytes, writer, seq],
      }
    } else {
      const accounts: string[] = []
      const days: string[] = []
      const seqs: number[] = []
      const requests: number[] = []
      const bytes: number[] = []
      for (const batch of batches) {
        for (const write of batch.writes) {
          accounts.push(batch.accountId)
          days.push(batch.day)
          seqs.push(write.seq)
          requests.push(write.requests)
          bytes.push(write.bytes)
        }
      }
      // A statement compiled once: only its arrays and the writer change from one commit to the next.
      if (oneWriteEach(batches)) {
        addDistinctWritesQuery ??= compileAddDistinctWrites(db)
        query = {
          ...addDistinctWritesQuery,
          parameters: [accounts, days, seqs, requests, bytes, writer],
        }
      } else {
        addOnceQuery ??= compileAddOnce(db)
        query = { ...addOnceQuery, parameters: [accounts, days, seqs, requests, bytes, writer] }
      }
    }
    try {
      if (pool === undefined) await db.executeQuery(query)
      else {
        // Straight on a connection of the pool Kysely's driver uses: the same statement, faults and
        // connection handling, without the executor's and the driver's steps around it, which a fetch's
        // commit paid every time (docs/performance.md).
        const connection = await pool.connect()
        try {
          await connection.query(query.sql, query.parameters)
        } finally {
          connection.release()
        }
      }
    } catch (error) {
      throw new UsageWriteFailed(error, !(error instanceof pg.DatabaseError))
    }
  }

  /**
   * Forgets where writers got to on days before `day` (`YYYY-MM-DD`): the daily rows' `writers`, and the rows
   * of `usage_writers` written before the numbers moved into the daily rows (migration 0011). No write of
   * such a day is sent again (the metering service gives up on it first), so the numbers guard nothing any
   * more; kept, they would be most of a busy account's row. In statements of `pruneBatch` rows each, found
   * by the partial index of migration 0013 on the rows still `writers_kept`, so a ledger of years is cleared
   * without one long transaction. (That index, unlike 0012's on `writers` itself, reads nothing a commit
   * changes: on PostgreSQL a commit's update of a daily row stays heap-only and writes no index entry.)
   */
  async function pruneWriters(day: string): Promise<void> {
    // Counts still in the journal go in under their numbers before any number is forgotten.
    await settleUsage(db)
    await db.deleteFrom('usage_writers').where('day', '<', day).execute()
    for (;;) {
      const result = await sql`
        update usage_daily set writers = null, writers_kept = false
        where (account_id, day) in (
          select account_id, day from usage_daily
          where day < ${day} and writers_kept = true
          limit ${pruneBatch})`.execute(db)
      if (Number(result.numAffectedRows ?? 0) < pruneBatch) return
    }
  }

  async function totalRequests(accountId: string): Promise<number> {
    await settleUsage(db)
    const row = await db
      .selectFrom('usage_daily')
      .select((eb) => eb.fn.sum<number | string | null>('requests').as('requests'))
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    return Number(row?.requests ?? 0)
  }

  async function days(accountId: string): Promise<{ day: string; requests: number; bytes: number }[]> {
    await settleUsage(db)
    return db
      .selectFrom('usage_daily')
      .select(['day', 'requests', 'bytes'])
      .where('account_id', '=', accountId)
      .orderBy('day')
      .execute()
  }

  /** Every count appended so far in `usage_daily` (shutdown, tests); see `settleUsage`. */
  async function settle(): Promise<void> {
    await settleUsage(db)
  }

  /** The last fold at shutdown: the journal's file goes once its counts are in. */
  async function close(): Promise<void> {
    await journal?.close()
  }

  return { add, addOnce, pruneWriters, totalRequests, days, settle, close }
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

type SqliteWrite = (entries: readonly JournalEntry[]) => void

/**
 * The transaction of `addOnce` on SQLite, per writer and account and day: the writer's last number in the
 * daily row, then the counts of the writes after it added and the new last number recorded, in one
 * statement. Several writers' writes go in one transaction (the usage journal's fold). BEGIN IMMEDIATE takes
 * the write lock before the reads, so a writer on another connection to the file (another process) makes it
 * wait up to busy_timeout; a deferred BEGIN would fail at once at the first insert (SQLITE_BUSY) once
 * another connection wrote after its read.
 */
function prepareSqliteWrite(sqlite: BetterSqlite3.Database): SqliteWrite {
  const lastApplied = sqlite
    .prepare<[string, string, string], number | null>(
      'select json_extract(writers, ?) from usage_daily where account_id = ? and day = ?',
    )
    .pluck()
  const count = sqlite.prepare<[string, string, number, number, string, number, string, number]>(`
    insert into usage_daily (account_id, day, requests, bytes, writers)
    values (?, ?, ?, ?, json_object(?, ?))
    on conflict (account_id, day) do update
      set requests = usage_daily.requests + excluded.requests,
          bytes = usage_daily.bytes + excluded.bytes,
          writers = json_set(coalesce(usage_daily.writers, '{}'), ?, ?),
          writers_kept = true`)
  const transaction = sqlite.transaction((entries: readonly JournalEntry[]) => {
    for (const { writer, batches } of entries) {
      // The writer's key in a JSON path: a writer id is base64url (addOnce and the journal check), which
      // needs no escaping.
      const path = `$."${writer}"`
      for (const { accountId, day, writes } of batches) {
        const applied = lastApplied.get(path, accountId, day) ?? 0
        let requests = 0
        let bytes = 0
        let last = applied
        for (const write of writes) {
          if (write.seq <= applied) continue
          requests += write.requests
          bytes += write.bytes
          last = Math.max(last, write.seq)
        }
        if (last === applied) continue
        count.run(accountId, day, requests, bytes, writer, last, path, last)
      }
    }
  })
  return (entries) => transaction.immediate(entries)
}

export type UsageRepository = ReturnType<typeof createUsageRepository>
