import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SQLite } from './sqlite-binding.ts'
import { portableSqlite } from './portable-sqlite.ts'

function handle() {
  const sqlite = new SQLite(':memory:')
  sqlite.exec('create table t (id text primary key, flag boolean, n bigint)')
  return { sqlite, db: portableSqlite(sqlite) }
}

describe('portable SQLite handle', () => {
  it('binds booleans as 1 and 0 and reads boolean columns back as booleans', () => {
    const { sqlite, db } = handle()
    db.prepare('insert into t values (?, ?, ?)').run(['a', true, 5])
    db.prepare('insert into t values (?, ?, ?)').run(['b', false, 6])
    db.prepare('insert into t values (?, ?, ?)').run(['c', null, 7])
    assert.deepEqual(sqlite.prepare('select flag from t order by id').all(), [
      { flag: 1 },
      { flag: 0 },
      { flag: null },
    ])
    assert.deepEqual(db.prepare('select id, flag, n from t order by id').all([]), [
      { id: 'a', flag: true, n: 5 },
      { id: 'b', flag: false, n: 6 },
      { id: 'c', flag: null, n: 7 },
    ])
    assert.deepEqual([...db.prepare('select flag from t where flag = ?').iterate([true])], [{ flag: true }])
    assert.deepEqual(db.prepare('update t set flag = ? where id = ? returning flag').all([true, 'b']), [
      { flag: true },
    ])
  })

  it('leaves computed truth values as SQLite gives them', () => {
    const { db } = handle()
    db.prepare('insert into t values (?, ?, ?)').run(['a', true, 5])
    assert.deepEqual(db.prepare('select flag = 1 as same from t').all([]), [{ same: 1 }])
  })

  it('wraps each statement once however often it is prepared', () => {
    const sqlite = new SQLite(':memory:')
    const statement = sqlite.prepare('select 1 as one')
    let prepared = 0
    const db = portableSqlite({
      prepare: () => {
        prepared++
        return statement
      },
      close: () => sqlite.close(),
    })
    assert.equal(db.prepare('select 1 as one'), db.prepare('select 1 as one'))
    assert.equal(prepared, 2)
  })
})
