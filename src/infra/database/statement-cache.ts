/**
 * Kysely's SQLite driver prepares every query again, and preparing costs more than running the
 * lookups on the fetch hot path (the key check runs on every request). Repositories build the same few
 * SQL strings over and over, so prepared statements are kept by SQL text. better-sqlite3 runs
 * statements synchronously, so one statement object is never used by two queries at once.
 */
import type SQLite from 'better-sqlite3'

const maxStatements = 500

export function withStatementCache(database: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>()
  const prepare = (source: string): SQLite.Statement => {
    let statement = statements.get(source)
    if (statement === undefined) {
      statement = database.prepare(source)
      // Queries with literal values inlined would grow the map without end: keep it bounded.
      if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!)
      statements.set(source, statement)
    }
    return statement
  }
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare
      const value: unknown = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}
