import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { SQLite, sqliteBindingName } from './sqlite-binding.ts'

const run = promisify(execFile)

describe('the SQLite binding', () => {
  it('is the Node-API build on Node 22 and later, the ObjectWrap build on Node 20', () => {
    const major = Number(process.versions.node.split('.')[0])
    assert.equal(sqliteBindingName, major >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3')
    const db = new SQLite(':memory:')
    try {
      assert.deepEqual(db.prepare('select 1 + 1 as two').get(), { two: 2 })
    } finally {
      db.close()
    }
  })

  it('lets a process run the database, close it and exit cleanly', async () => {
    // On Node 24.19+, better-sqlite3 12 aborted the process here (Assertion failed: (env) != nullptr, in
    // Statement::~Statement): a statement finalised outside a JavaScript context, at exit or by an idle
    // collection. This is what every gateway on SQLite does: migrate, query, close.
    const module = (name: string) => JSON.stringify(new URL(name, import.meta.url).href)
    const script = `
      import { openSqliteDatabase } from ${module('./database.ts')}
      import { migrateToLatest } from ${module('./migrator.ts')}
      const db = openSqliteDatabase(':memory:')
      await migrateToLatest(db)
      for (let i = 0; i < 200; i++) {
        await db.selectFrom('accounts').selectAll().where('id', '=', 'acct_' + i).execute()
      }
      await db.destroy()
      process.stdout.write('done')
    `
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { timeout: 60_000 },
    )
    assert.equal(stdout, 'done')
  })
})
