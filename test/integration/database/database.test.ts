/**
 * The database layer on both engines: migrations, and the places where SQLite and PostgreSQL differ by
 * nature (integer types, booleans, upserts, RETURNING) answering alike.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql, type Generated, type Kysely } from 'kysely'
import { migrations } from '../../../src/infra/database/migrations/index.ts'
import { migrateAllDown, migrateToLatest } from '../../../src/infra/database/migrator.ts'
import { join } from 'node:path'
import { ConfigError } from '../../../src/config/env-parsing.ts'
import type { AppError } from '../../../src/shared/errors.ts'
import {
  databaseFileName,
  describeDatabase,
  dialectOf,
  openDatabase,
  type Database,
} from '../../../src/infra/database/database.ts'
import { openPostgresDatabase, parseInt8, postgresPoolOf } from '../../../src/infra/database/postgres.ts'
import {
  forEachDialect,
  openers,
  postgresAvailable,
  postgresUrl,
  type OpenTestDatabase,
} from '../../helpers/databases.ts'
import { insertAccount } from '../../helpers/account-rows.ts'

/** A scratch table with one column of each kind the schema may use. */
type Scratch = {
  scratch: {
    id: string
    flag: Generated<boolean>
    maybe: boolean | null
    at: number
    small: Generated<number>
    counter: Generated<number>
    price: string | null
  }
}

async function scratch(db: Database): Promise<Kysely<Scratch>> {
  await db.schema
    .createTable('scratch')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('flag', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('maybe', 'boolean')
    .addColumn('at', 'bigint', (column) => column.notNull())
    .addColumn('small', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('counter', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('price', 'numeric(12, 2)')
    .execute()
  return db.withTables<Scratch>()
}

async function currentSchema(db: Database): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  const schema = rows[0]?.schema
  assert.ok(schema !== undefined, 'PostgreSQL names the current schema')
  return schema
}

const epochMs = 1_767_225_600_123 // 2026-01-01T00:00:00.123Z: well past 2^31

forEachDialect((name, openDb) => {
  describe(`the database (${name})`, () => {
    it('is the dialect it says', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      assert.equal(dialectOf(db), name)
    })

    it('applies every migration once, undoes every one, and applies them again', async (t) => {
      const { db, close } = await openDb({ migrated: false })
      t.after(close)
      const all = Object.keys(migrations)
      assert.deepEqual(await migrateToLatest(db), { applied: all })
      assert.deepEqual(await migrateToLatest(db), { applied: [] }, 'a second run applies nothing')
      assert.deepEqual(await migrateAllDown(db), { applied: [...all].reverse() })
      // On PostgreSQL the introspector sees this test's own schema only (schema-introspector.ts), while
      // other test files create and drop schemas of their own in the same database.
      const left = (await db.introspection.getTables()).map((table) => table.name)
      assert.deepEqual(left, [], 'down leaves no table of ours behind')
      assert.deepEqual(await migrateToLatest(db), { applied: all })
    })

    it('reads bigint and count(*) as Numbers, and numeric sums through Number()', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      const s = await scratch(db)
      await s.insertInto('scratch').values({ id: 'a', flag: true, at: epochMs, price: '12.50' }).execute()
      await s
        .insertInto('scratch')
        .values({ id: 'b', flag: false, at: 2 ** 53 - 1, small: 7 })
        .execute()
      const a = await s.selectFrom('scratch').selectAll().where('id', '=', 'a').executeTakeFirstOrThrow()
      assert.equal(a.at, epochMs)
      assert.equal(typeof a.counter, 'number')
      assert.equal(typeof a.small, 'number')
      const b = await s.selectFrom('scratch').select('at').where('id', '=', 'b').executeTakeFirstOrThrow()
      assert.equal(b.at, 2 ** 53 - 1, 'the largest safe integer survives')
      const totals = await s
        .selectFrom('scratch')
        .select((eb) => [
          eb.fn.countAll().as('rows'),
          eb.fn.sum('at').as('at_sum'),
          eb.fn.sum('small').as('small_sum'),
          eb.fn.max('at').as('latest'),
          eb.fn.sum('price').as('price_sum'),
        ])
        .executeTakeFirstOrThrow()
      assert.equal(totals.rows, 2, 'count(*) is a Number')
      assert.equal(totals.latest, 2 ** 53 - 1, 'max(bigint) is a Number')
      assert.equal(Number(totals.small_sum), 7)
      assert.equal(Number(totals.price_sum), 12.5, 'numeric: a string on PostgreSQL, so Number() it')
    })

    it('writes and reads booleans as true and false, null kept', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      const s = await scratch(db)
      await s.insertInto('scratch').values({ id: 'on', flag: true, maybe: null, at: 1 }).execute()
      await s.insertInto('scratch').values({ id: 'off', flag: false, maybe: false, at: 2 }).execute()
      await s.insertInto('scratch').values({ id: 'default', at: 3 }).execute()
      const rows = await s.selectFrom('scratch').select(['id', 'flag', 'maybe']).orderBy('at').execute()
      assert.deepEqual(rows, [
        { id: 'on', flag: true, maybe: null },
        { id: 'off', flag: false, maybe: false },
        { id: 'default', flag: false, maybe: null },
      ])
      const on = await s.selectFrom('scratch').select('id').where('flag', '=', true).execute()
      assert.deepEqual(on, [{ id: 'on' }])
      const flipped = await s
        .updateTable('scratch')
        .set({ flag: true })
        .where('flag', '=', false)
        .returning(['id', 'flag'])
        .execute()
      assert.deepEqual(
        flipped.sort((x, y) => x.id.localeCompare(y.id)),
        [
          { id: 'default', flag: true },
          { id: 'off', flag: true },
        ],
      )
    })

    it('upserts alike: do nothing counts no row, do update adds atomically under concurrent writers', async (t) => {
      const { db, openPeer, close } = await openDb()
      t.after(close)
      const s = await scratch(db)
      const peer: Kysely<Scratch> = openPeer().withTables<Scratch>()
      const insertOnce = (k: Kysely<Scratch>) =>
        k
          .insertInto('scratch')
          .values({ id: 'x', at: 1 })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst()
      const [first, second] = await Promise.all([insertOnce(s), insertOnce(peer)])
      assert.deepEqual(
        [Number(first.numInsertedOrUpdatedRows), Number(second.numInsertedOrUpdatedRows)].sort(),
        [0, 1],
      )
      const bump = (k: Kysely<Scratch>, by: number) =>
        k
          .insertInto('scratch')
          .values({ id: 'x', at: 1, counter: by })
          .onConflict((conflict) =>
            conflict.column('id').doUpdateSet((eb) => ({ counter: eb('scratch.counter', '+', by) })),
          )
          .returning('counter')
          .executeTakeFirstOrThrow()
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => bump(i % 2 ? s : peer, i + 1)))
      const row = await s.selectFrom('scratch').select('counter').executeTakeFirstOrThrow()
      assert.equal(row.counter, (40 * 41) / 2)
      assert.equal(Math.max(...answers.map((answer) => answer.counter)), (40 * 41) / 2)
      assert.equal(new Set(answers.map((answer) => answer.counter)).size, 40, 'each writer saw its own sum')
    })

    it('returns rows from insert, update and delete', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      const s = await scratch(db)
      const inserted = await s
        .insertInto('scratch')
        .values({ id: 'r', at: epochMs, flag: true })
        .returning(['id', 'at', 'flag', 'counter'])
        .executeTakeFirstOrThrow()
      assert.deepEqual(inserted, { id: 'r', at: epochMs, flag: true, counter: 0 })
      const updated = await s
        .updateTable('scratch')
        .set((eb) => ({ counter: eb('counter', '+', 5) }))
        .where('id', '=', 'r')
        .returning('counter')
        .executeTakeFirst()
      assert.deepEqual(updated, { counter: 5 })
      const none = await s
        .updateTable('scratch')
        .set({ counter: 1 })
        .where('id', '=', 'nope')
        .returning('id')
        .execute()
      assert.deepEqual(none, [])
      const deleted = await s.deleteFrom('scratch').where('id', '=', 'r').returning(['id', 'at']).execute()
      assert.deepEqual(deleted, [{ id: 'r', at: epochMs }])
    })

    it('answers a unique violation with an error on both, and keeps the first row', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      const s = await scratch(db)
      await s.insertInto('scratch').values({ id: 'u', at: 1 }).execute()
      await assert.rejects(s.insertInto('scratch').values({ id: 'u', at: 2 }).execute())
      const row = await s.selectFrom('scratch').select('at').executeTakeFirstOrThrow()
      assert.equal(row.at, 1)
    })

    it('rolls a failed transaction back on both', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      const s = await scratch(db)
      await assert.rejects(
        s.transaction().execute(async (trx) => {
          await trx.insertInto('scratch').values({ id: 'gone', at: 1 }).execute()
          throw new Error('changed my mind')
        }),
        /changed my mind/,
      )
      assert.deepEqual(await s.selectFrom('scratch').selectAll().execute(), [])
    })

    it('removes keys, sessions, tokens and usage with their account', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1', { email: 'a@example.com', email_key: 'a@example.com' })
      await db
        .insertInto('sessions')
        .values({ digest: 'd', account_id: 'acct_1', created_at: 1, last_seen_at: 1 })
        .execute()
      await db
        .insertInto('usage_daily')
        .values({ account_id: 'acct_1', day: '2026-01-01', requests: 1, bytes: 1 })
        .execute()
      await assert.rejects(
        db
          .insertInto('sessions')
          .values({ digest: 'orphan', account_id: 'acct_nobody', created_at: 1, last_seen_at: 1 })
          .execute(),
        'foreign keys are enforced',
      )
      await db.deleteFrom('accounts').execute()
      assert.deepEqual(await db.selectFrom('sessions').selectAll().execute(), [])
      assert.deepEqual(await db.selectFrom('usage_daily').selectAll().execute(), [])
    })
  })
})

/** PostgreSQL's names for the types our migrations write. */
const typeNames: Record<string, string> = { 'character varying': 'varchar', 'double precision': 'double' }

/**
 * `table.column type null|not null` for every column of ours, sorted. SQLite lets a non-integer PRIMARY
 * KEY column hold NULL unless it says NOT NULL (a quirk kept for compatibility); our ids never are, so a
 * key column counts as not null there, as on PostgreSQL.
 */
async function shapeOf(open: OpenTestDatabase): Promise<string[]> {
  const { db, dialect, close } = await open()
  try {
    const { rows } =
      dialect === 'sqlite'
        ? await sql<{ table: string; column: string; type: string; nullable: number }>`
            select m.name as "table", p.name as "column", lower(p.type) as type,
                   (p."notnull" = 0 and p.pk = 0) as nullable
            from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and m.name not glob 'kysely_*' and m.name not glob 'sqlite_*'`.execute(db)
        : await sql<{ table: string; column: string; type: string; nullable: boolean }>`
            select table_name as "table", column_name as "column", data_type as type,
                   is_nullable = 'YES' as nullable
            from information_schema.columns
            where table_schema = current_schema() and substr(table_name, 1, 7) <> 'kysely_'`.execute(db)
    return rows
      .map((row) => {
        const type = row.type.replace(/\(.*\)$/, '').trim()
        const nullable = row.nullable ? 'null' : 'not null'
        return `${row.table}.${row.column} ${typeNames[type] ?? type} ${nullable}`
      })
      .sort()
  } finally {
    await close()
  }
}

describe('the same schema on both engines', () => {
  it(
    'has the same tables, columns, types and nullability after every migration',
    { skip: postgresAvailable ? false : 'no PostgreSQL in this run' },
    async () => {
      const [sqlite, postgres] = await Promise.all([shapeOf(openers.sqlite), shapeOf(openers.postgres)])
      assert.ok(sqlite.length > 0)
      assert.deepEqual(postgres, sqlite)
    },
  )
})

describe('opening the database', () => {
  it('puts SQLite at <data dir>/sallyport.db, in WAL mode with foreign keys on', async (t) => {
    const database = await openers.sqlite()
    t.after(database.close)
    const db = openDatabase({ dataDir: database.dir, databaseUrl: undefined })
    t.after(() => db.destroy())
    assert.deepEqual(await migrateToLatest(db), { applied: [] }, 'the same file as the test database')
    assert.equal(
      describeDatabase({ dataDir: database.dir, databaseUrl: undefined }),
      join(database.dir, databaseFileName),
    )
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)
    assert.equal(mode.rows[0]!.journal_mode, 'wal')
    const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)
    assert.equal(keys.rows[0]!.foreign_keys, 1)
  })

  it('takes postgres:// and postgresql:// URLs, refuses others, and never shows the password', () => {
    for (const url of ['mysql://localhost/sallyport', 'sqlite:///tmp/x.db', 'localhost:5432']) {
      assert.throws(() => openDatabase({ dataDir: '/nonexistent', databaseUrl: url }), ConfigError, url)
    }
    assert.equal(
      describeDatabase({ dataDir: '/x', databaseUrl: 'postgres://app:s3cret@db.internal:5432/sallyport' }),
      'postgres://app:***@db.internal:5432/sallyport',
    )
  })

  it('reads int8 as a Number and refuses one beyond 2^53 rather than rounding it', () => {
    assert.equal(parseInt8('1767225600123'), 1_767_225_600_123)
    assert.equal(parseInt8('-5'), -5)
    assert.equal(parseInt8(String(2 ** 53 - 1)), 2 ** 53 - 1)
    assert.throws(() => parseInt8('9007199254740993'), RangeError)
  })
})

describe('the PostgreSQL pool', { skip: postgresAvailable ? false : 'no PostgreSQL in this run' }, () => {
  it('ends a statement at the statement time-out', async (t) => {
    const db = openPostgresDatabase(postgresUrl, { size: 1, statementTimeoutMs: 200 })
    t.after(() => db.destroy())
    // A statement ended by the time-out is the database not answering in time: 503 database_unavailable.
    // The server's message says it was the statement time-out, not the client's own, 1 s later.
    await assert.rejects(sql`select pg_sleep(5)`.execute(db), (error: AppError) => {
      assert.equal(error.code, 'database_unavailable')
      assert.match(String((error.cause as Error).message), /statement timeout/)
      return true
    })
    await sql`select 1`.execute(db)
  })

  it('holds at most its size in connections, and a request beyond them fails after the connect time-out', async (t) => {
    const db = openPostgresDatabase(postgresUrl, { size: 2, connectTimeoutMs: 300, statementTimeoutMs: 0 })
    t.after(() => db.destroy())
    let sleeping = 2
    const sleepers = [sql`select pg_sleep(3)`.execute(db), sql`select pg_sleep(3)`.execute(db)].map((run) =>
      run.finally(() => sleeping--),
    )
    const started = Date.now()
    await assert.rejects(sql`select 1`.execute(db), (error: AppError) => {
      assert.equal(error.code, 'database_unavailable')
      assert.match(String((error.cause as Error).message), /timeout/i)
      return true
    })
    // Refused while both connections were still taken: it gave up waiting, it was not served late.
    assert.equal(sleeping, 2, 'refused before a connection came free')
    const waited = Date.now() - started
    assert.ok(waited >= 250, `refused after ${waited} ms, before the connect time-out`)
    await Promise.all(sleepers)
  })

  it('introspects its own schema only, whatever other schemas the database holds', async (t) => {
    const [own, other] = await Promise.all([openers.postgres(), openers.postgres()])
    t.after(async () => {
      await own.close()
      await other.close()
    })
    await scratch(other.db)
    const schema = await currentSchema(own.db)
    const tables = await own.db.introspection.getTables()
    assert.ok(tables.length > 0)
    for (const table of tables) assert.equal(table.schema, schema, `${table.schema}.${table.name}`)
    assert.ok(!tables.some((table) => table.name === 'scratch'), "another schema's table is not listed")
    assert.deepEqual(
      tables.map((table) => table.name).sort(),
      (await other.db.introspection.getTables())
        .map((table) => table.name)
        .filter((name) => name !== 'scratch')
        .sort(),
    )
    const accounts = tables.find((table) => table.name === 'accounts')
    assert.ok(accounts?.columns.some((column) => column.name === 'email' && !column.isNullable))
    const withInternal = await own.db.introspection.getTables({ withInternalKyselyTables: true })
    assert.ok(withInternal.some((table) => table.name === 'kysely_migration'))
    assert.ok(!tables.some((table) => table.name.startsWith('kysely_')))
  })

  it('sets the search_path from the URL or the schema option, and names itself sallyport', async (t) => {
    const { db, close } = await openers.postgres()
    t.after(close)
    const { rows } = await sql<{ schema: string; app: string }>`
      select current_schema() as schema, current_setting('application_name') as app`.execute(db)
    assert.match(rows[0]!.schema, /^test_\d+_[0-9a-f]+$/)
    assert.equal(rows[0]!.app, 'sallyport')
  })

  it('ends its pool on destroy also when every statement went straight to the pool', async () => {
    const db = openPostgresDatabase(postgresUrl, { size: 1 })
    const pool = postgresPoolOf(db)
    assert.ok(pool !== undefined)
    const connection = await pool.connect()
    try {
      assert.deepEqual((await connection.query('select 1 as one', [])).rows, [{ one: 1 }])
    } finally {
      connection.release()
    }
    // Kysely's driver never started (no statement of its own): the Database ends the pool all the same, so
    // no connection is left open to hold the process.
    await db.destroy()
    await assert.rejects(pool.connect(), { code: 'database_unavailable' })
  })

  it('keeps a connection across checkouts with one error listener for its life', async (t) => {
    const db = openPostgresDatabase(postgresUrl, { size: 1 })
    t.after(() => db.destroy())
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    t.after(() => process.off('warning', onWarning))
    // Each statement is a checkout of the one connection: a listener added per checkout and never taken off
    // would pass Node's limit of ten within these (MaxListenersExceededWarning).
    const backends = new Set<number>()
    for (let i = 0; i < 30; i++) {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, ${i}::int as i`.execute(db)
      backends.add(rows[0]!.pid)
    }
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(backends.size, 1, 'the same connection served every statement, none dropped')
    assert.deepEqual(warnings, [])
  })

  it('prepares a statement with parameters once per connection, under its name, and binds each call’s values', async (t) => {
    const db = openPostgresDatabase(postgresUrl, { size: 1 })
    t.after(() => db.destroy())
    // One connection: the statements and the view below all run on it.
    const texts = ['a', 'b"', 'c\n']
    for (const [i, text] of texts.entries()) {
      const { rows } = await sql<{
        n: number
        t: string
      }>`select ${i}::int8 + 1 as n, ${text}::text as t`.execute(db)
      assert.deepEqual(rows, [{ n: i + 1, t: text }])
    }
    const { rows } = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements where statement like ${'%::int8 + 1 as n%'}`.execute(
      db,
    )
    assert.equal(rows.length, 1, 'prepared once for the three calls')
    assert.match(rows[0]!.name, /^sp_[0-9a-f]{40}$/)
    assert.equal(rows[0]!.statement, 'select $1::int8 + 1 as n, $2::text as t')
  })
})
