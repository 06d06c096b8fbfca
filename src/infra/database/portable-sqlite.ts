/**
 * Makes SQLite answer the way PostgreSQL does where the two differ by nature, under Kysely's SqliteDialect:
 *
 * - Booleans: better-sqlite3 cannot bind `true`/`false`, and SQLite stores them as 1/0. Parameters that are
 *   booleans are bound as 1/0, and a column declared `boolean` reads back as `true`/`false`, as on
 *   PostgreSQL. A computed truth value (`exists (...)`, `a = b`) has no declared type and stays 1/0 here:
 *   select a boolean column, or compare in JavaScript.
 *
 * Integers need nothing: SQLite gives Numbers, and the PostgreSQL pool parses int8 to Number (postgres.ts).
 */
import type SQLite from 'better-sqlite3'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

function bindable(parameters: readonly unknown[]): readonly unknown[] {
  if (!parameters.some((value) => typeof value === 'boolean')) return parameters
  return parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value))
}

function portableStatement(statement: SQLite.Statement): SqliteStatement {
  const booleans = statement.reader
    ? statement
        .columns()
        .filter((column) => column.type?.toLowerCase() === 'boolean')
        .map((column) => column.name)
    : []
  const readRow = (row: unknown): unknown => {
    const record = row as Record<string, unknown>
    for (const name of booleans) {
      const value = record[name]
      if (typeof value === 'number' || typeof value === 'bigint') record[name] = Number(value) !== 0
    }
    return record
  }
  return {
    reader: statement.reader,
    all: (parameters) => {
      const rows = statement.all(bindable(parameters))
      return booleans.length === 0 ? rows : rows.map(readRow)
    },
    run: (parameters) => statement.run(bindable(parameters)),
    iterate: function* (parameters) {
      for (const row of statement.iterate(bindable(parameters)))
        yield booleans.length === 0 ? row : readRow(row)
    },
  }
}

/**
 * Wraps the handle Kysely's SqliteDialect gets. The wrapper of a statement is kept as long as the statement
 * itself (the statement cache under it hands out the same object for the same SQL), so the declared types
 * are read once per statement, not per query. A migration that turns a column into a boolean takes effect
 * for statements prepared after it: processes migrate before they serve.
 */
export function portableSqlite(handle: {
  prepare(sql: string): SQLite.Statement
  close(): unknown
}): SqliteDatabase {
  const wrappers = new WeakMap<SQLite.Statement, SqliteStatement>()
  return {
    close: () => {
      handle.close()
    },
    prepare: (sql) => {
      const statement = handle.prepare(sql)
      let wrapper = wrappers.get(statement)
      if (wrapper === undefined) {
        wrapper = portableStatement(statement)
        wrappers.set(statement, wrapper)
      }
      return wrapper
    },
  }
}
