import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  createUsageRepository,
  UsageWriteFailed,
  type UsageWrite,
} from '../../../src/gateway/metering/usage-repository.ts'
import { forEachDialect } from '../../helpers/databases.ts'
import { insertAccount } from '../../helpers/account-rows.ts'
import { sql } from 'kysely'
import { postgresPoolOf, type Database } from '../../../src/infra/database/database.ts'
import { eventually } from '../../helpers/cli.ts'

/** One account and day's writes, as the metering service sends them alone. */
function addOnce(
  usage: ReturnType<typeof createUsageRepository>,
  writer: string,
  accountId: string,
  day: string,
  writes: UsageWrite[],
) {
  return usage.addOnce(writer, [{ accountId, day, writes }])
}

/** Where each writer got to, from the daily rows (`writers`, JSON text). */
async function writerNumbers(db: Database): Promise<{ writer: string; day: string; last_seq: number }[]> {
  const rows = await db.selectFrom('usage_daily').select(['day', 'writers']).orderBy('day').execute()
  return rows.flatMap(({ day, writers }) => {
    const parsed = JSON.parse(writers ?? '{}') as Record<string, number>
    return Object.entries(parsed).map(([writer, last]) => ({ writer, day, last_seq: Number(last) }))
  })
}

forEachDialect((name, openDb) => {
  describe(`usage repository (${name})`, () => {
    it('adds concurrent records up exactly, per account and day', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      const usage = createUsageRepository(db)
      await Promise.all(Array.from({ length: 50 }, (_, i) => usage.add('acct_1', '2026-03-02', 1, i)))
      await usage.add('acct_1', '2026-03-03', 1, 7)
      assert.deepEqual(await usage.days('acct_1'), [
        { day: '2026-03-02', requests: 50, bytes: 1225 },
        { day: '2026-03-03', requests: 1, bytes: 7 },
      ])
      assert.equal(await usage.totalRequests('acct_1'), 51)
      assert.equal(await usage.totalRequests('acct_nobody'), 0)
      assert.deepEqual(await usage.days('acct_nobody'), [])
    })

    it('adds up what several gateways flush for the same account and day at the same time', async (t) => {
      const { db, openPeer, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      await insertAccount(db, 'acct_2')
      const gateways = [
        createUsageRepository(db),
        createUsageRepository(openPeer()),
        createUsageRepository(openPeer()),
      ]
      await Promise.all(
        Array.from({ length: 90 }, (_, i) =>
          gateways[i % 3]!.add(i % 2 ? 'acct_1' : 'acct_2', '2026-03-02', 10, 1_000_000),
        ),
      )
      assert.deepEqual(await gateways[0]!.days('acct_1'), [
        { day: '2026-03-02', requests: 450, bytes: 45_000_000 },
      ])
      assert.equal(await gateways[1]!.totalRequests('acct_2'), 450)
    })

    it('applies a write sent again under its number once, per writer', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      const usage = createUsageRepository(db)
      const first = { seq: 1, requests: 3, bytes: 30 }
      await addOnce(usage, 'gw-a', 'acct_1', '2026-03-02', [first])
      // The first attempt's answer was lost: the retry carries it again, with a new write after it.
      await addOnce(usage, 'gw-a', 'acct_1', '2026-03-02', [first, { seq: 2, requests: 2, bytes: 20 }])
      await addOnce(usage, 'gw-a', 'acct_1', '2026-03-02', [first])
      // The last write applied, sent again alone: a commit of one write goes by a statement of its own.
      await addOnce(usage, 'gw-a', 'acct_1', '2026-03-02', [{ seq: 2, requests: 2, bytes: 20 }])
      // Another gateway numbers its own writes.
      await addOnce(usage, 'gw-b', 'acct_1', '2026-03-02', [{ seq: 1, requests: 1, bytes: 10 }])
      await addOnce(usage, 'gw-a', 'acct_1', '2026-03-03', [{ seq: 3, requests: 4, bytes: 40 }])
      assert.deepEqual(await usage.days('acct_1'), [
        { day: '2026-03-02', requests: 6, bytes: 60 },
        { day: '2026-03-03', requests: 4, bytes: 40 },
      ])
      assert.deepEqual(await writerNumbers(db), [
        { writer: 'gw-a', day: '2026-03-02', last_seq: 2 },
        { writer: 'gw-b', day: '2026-03-02', last_seq: 1 },
        { writer: 'gw-a', day: '2026-03-03', last_seq: 3 },
      ])
    })

    it("refuses a writer id that could not be a key of the rows' JSON as it is", async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      const usage = createUsageRepository(db)
      const write = [{ seq: 1, requests: 1, bytes: 1 }]
      for (const writer of ['', 'gw"a', 'gw.a', 'x'.repeat(65)]) {
        await assert.rejects(addOnce(usage, writer, 'acct_1', '2026-03-02', write), TypeError)
      }
      assert.deepEqual(await usage.days('acct_1'), [])
    })

    it('forgets the numbers of past days written before they moved into the daily rows', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      for (const day of ['2026-03-02', '2026-03-03']) {
        await db
          .insertInto('usage_writers')
          .values({ writer: 'gw-old', account_id: 'acct_1', day, last_seq: 4 })
          .execute()
      }
      await createUsageRepository(db).pruneWriters('2026-03-03')
      const left = await db.selectFrom('usage_writers').select(['writer', 'day', 'last_seq']).execute()
      assert.deepEqual(left, [{ writer: 'gw-old', day: '2026-03-03', last_seq: 4 }])
    })

    it('forgets the numbers in the daily rows of past days, in batches, and keeps every count', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      await insertAccount(db, 'acct_2')
      const usage = createUsageRepository(db)
      // More rows than one statement of the prune clears (5,000), over the day that stays.
      const days = Array.from({ length: 2_600 }, (_, i) => new Date(Date.UTC(2019, 0, 1) + i * 86_400_000))
      const rows = days.flatMap((date) =>
        ['acct_1', 'acct_2'].map((account_id) => ({
          account_id,
          day: date.toISOString().slice(0, 10),
          requests: 2,
          bytes: 20,
          writers: '{"gw-a":3,"gw-b":1}',
        })),
      )
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insertInto('usage_daily')
          .values(rows.slice(i, i + 500))
          .execute()
      }
      const kept = days[days.length - 1]!.toISOString().slice(0, 10)
      await usage.pruneWriters(kept)
      const left = await db
        .selectFrom('usage_daily')
        .select(['account_id', 'day', 'writers'])
        .where('writers', 'is not', null)
        .orderBy('account_id')
        .execute()
      assert.deepEqual(left, [
        { account_id: 'acct_1', day: kept, writers: '{"gw-a":3,"gw-b":1}' },
        { account_id: 'acct_2', day: kept, writers: '{"gw-a":3,"gw-b":1}' },
      ])
      assert.equal(await usage.totalRequests('acct_1'), 2 * days.length)
      // A write of the day kept is still judged by its numbers; one of a pruned day counts as new.
      await addOnce(usage, 'gw-a', 'acct_1', kept, [{ seq: 3, requests: 1, bytes: 1 }])
      await addOnce(usage, 'gw-a', 'acct_1', '2019-01-01', [{ seq: 4, requests: 1, bytes: 1 }])
      assert.equal(await usage.totalRequests('acct_1'), 2 * days.length + 1)
      assert.deepEqual(
        (await writerNumbers(db)).filter((row) => row.day === '2019-01-01'),
        [{ writer: 'gw-a', day: '2019-01-01', last_seq: 4 }],
      )
      // Numbers written into a pruned row are kept again, and the next prune clears them too.
      await usage.pruneWriters(kept)
      assert.deepEqual(
        (await writerNumbers(db)).filter((row) => row.day !== kept),
        [],
      )
      assert.equal(await usage.totalRequests('acct_1'), 2 * days.length + 1)
    })

    if (name === 'postgres') {
      it("updates a daily row in place: a commit's update is heap-only and writes no index entry", async (t) => {
        const { db, close } = await openDb()
        t.after(close)
        await insertAccount(db, 'acct_1')
        const usage = createUsageRepository(db)
        const commits = 30
        for (let seq = 1; seq <= commits; seq++) {
          await addOnce(usage, 'gw-a', 'acct_1', '2026-03-02', [{ seq, requests: 1, bytes: 10 }])
        }
        assert.deepEqual(await usage.days('acct_1'), [
          { day: '2026-03-02', requests: commits, bytes: 10 * commits },
        ])
        // Each backend reports its table statistics once it is idle, within about a second.
        const updates = async () => {
          const { rows } = await sql<{ updated: string; hot: string }>`
            select n_tup_upd as updated, n_tup_hot_upd as hot from pg_stat_user_tables
            where schemaname = current_schema() and relname = 'usage_daily'`.execute(db)
          return { updated: Number(rows[0]?.updated ?? 0), hot: Number(rows[0]?.hot ?? 0) }
        }
        const seen = await eventually(async () => {
          const counted = await updates()
          return counted.updated >= commits - 1 ? counted : undefined
        }, 15_000)
        assert.deepEqual(seen, { updated: commits - 1, hot: commits - 1 })
      })
    }

    it('writes several accounts and days in one call, each write once', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      await insertAccount(db, 'acct_2')
      const usage = createUsageRepository(db)
      const batches = [
        { accountId: 'acct_2', day: '2026-03-02', writes: [{ seq: 2, requests: 5, bytes: 50 }] },
        { accountId: 'acct_1', day: '2026-03-03', writes: [{ seq: 3, requests: 1, bytes: 10 }] },
        {
          accountId: 'acct_1',
          day: '2026-03-02',
          writes: [
            { seq: 1, requests: 2, bytes: 20 },
            { seq: 4, requests: 3, bytes: 30 },
          ],
        },
        { accountId: 'acct_2', day: '2026-03-03', writes: [] },
      ]
      await usage.addOnce('gw-a', batches)
      // Sent again after a lost answer, with one new write of one account: only that one adds.
      await usage.addOnce('gw-a', [
        ...batches,
        { accountId: 'acct_2', day: '2026-03-02', writes: [{ seq: 5, requests: 1, bytes: 1 }] },
      ])
      assert.deepEqual(await usage.days('acct_1'), [
        { day: '2026-03-02', requests: 5, bytes: 50 },
        { day: '2026-03-03', requests: 1, bytes: 10 },
      ])
      assert.deepEqual(await usage.days('acct_2'), [{ day: '2026-03-02', requests: 6, bytes: 51 }])
    })

    it('applies a commit of many accounts, one write each, sent again under its numbers once', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      const accounts = ['acct_1', 'acct_2', 'acct_3']
      for (const account of accounts) await insertAccount(db, account)
      const usage = createUsageRepository(db)
      // acct_3 has a row already, acct_1 and acct_2 get theirs from the commit.
      await addOnce(usage, 'gw-b', 'acct_3', '2026-03-02', [{ seq: 1, requests: 10, bytes: 100 }])
      const commit = accounts.map((accountId, i) => ({
        accountId,
        day: '2026-03-02',
        writes: [{ seq: i + 1, requests: i + 1, bytes: 10 * (i + 1) }],
      }))
      await usage.addOnce('gw-a', commit)
      // The answer was lost: the same commit again, then with acct_2's next write in place of its first.
      await usage.addOnce('gw-a', commit)
      await usage.addOnce('gw-a', [
        commit[0]!,
        { accountId: 'acct_2', day: '2026-03-02', writes: [{ seq: 4, requests: 5, bytes: 50 }] },
        commit[2]!,
      ])
      assert.deepEqual(await usage.days('acct_1'), [{ day: '2026-03-02', requests: 1, bytes: 10 }])
      assert.deepEqual(await usage.days('acct_2'), [{ day: '2026-03-02', requests: 7, bytes: 70 }])
      assert.deepEqual(await usage.days('acct_3'), [{ day: '2026-03-02', requests: 13, bytes: 130 }])
      // gw-a's numbers in acct_1's, acct_2's and acct_3's rows, gw-b's in acct_3's.
      const numbers = (await writerNumbers(db)).map(({ writer, last_seq }) => `${writer} ${last_seq}`)
      assert.deepEqual(numbers.sort(), ['gw-a 1', 'gw-a 3', 'gw-a 4', 'gw-b 1'])
    })

    if (name === 'postgres') {
      it('writes nothing of a call when one of its accounts is refused', async (t) => {
        const { db, close } = await openDb()
        t.after(close)
        await insertAccount(db, 'acct_1')
        const usage = createUsageRepository(db)
        const failure = await usage
          .addOnce('gw-a', [
            { accountId: 'acct_1', day: '2026-03-02', writes: [{ seq: 1, requests: 1, bytes: 1 }] },
            { accountId: 'acct_nobody', day: '2026-03-02', writes: [{ seq: 2, requests: 1, bytes: 1 }] },
          ])
          .then(
            () => assert.fail('the write should fail'),
            (error: unknown) => error,
          )
        assert.ok(failure instanceof UsageWriteFailed)
        assert.equal(failure.maybeWritten, false)
        assert.deepEqual(await usage.days('acct_1'), [])
        assert.deepEqual(await writerNumbers(db), [])
      })

      it("gives a commit's connection back to the pool, refused or not", async (t) => {
        const { db, close } = await openDb()
        t.after(close)
        // The commit goes straight on a connection of the pool Kysely's driver uses.
        assert.ok(postgresPoolOf(db) !== undefined)
        await insertAccount(db, 'acct_1')
        const usage = createUsageRepository(db)
        // More refused commits than the pool has connections (5): one kept would leave the last ones
        // waiting for a connection until the pool's time-out, and failing as the database's fault.
        for (let seq = 1; seq <= 7; seq++) {
          const failure = await addOnce(usage, 'gw-a', 'acct_nobody', '2026-03-02', [
            { seq, requests: 1, bytes: 1 },
          ]).then(
            () => assert.fail('the write should fail'),
            (error: unknown) => error,
          )
          assert.ok(failure instanceof UsageWriteFailed)
          assert.equal(failure.maybeWritten, false, `refused commit ${seq}`)
        }
        for (let seq = 1; seq <= 7; seq++) {
          await addOnce(usage, 'gw-a', 'acct_1', '2026-03-02', [{ seq, requests: 1, bytes: 10 }])
        }
        assert.deepEqual(await usage.days('acct_1'), [{ day: '2026-03-02', requests: 7, bytes: 70 }])
      })
    } else {
      // The journal takes the counts at once; its fold drops those of an account that is gone, as the
      // account's deletion drops its rows, and keeps the others'.
      it('drops the counts of an account that is gone and keeps the rest of the call', async (t) => {
        const { db, close } = await openDb()
        t.after(close)
        await insertAccount(db, 'acct_1')
        const usage = createUsageRepository(db)
        await usage.addOnce('gw-a', [
          { accountId: 'acct_1', day: '2026-03-02', writes: [{ seq: 1, requests: 1, bytes: 1 }] },
          { accountId: 'acct_nobody', day: '2026-03-02', writes: [{ seq: 2, requests: 1, bytes: 1 }] },
        ])
        assert.deepEqual(await usage.days('acct_1'), [{ day: '2026-03-02', requests: 1, bytes: 1 }])
        assert.deepEqual(await usage.days('acct_nobody'), [])
        assert.deepEqual(await writerNumbers(db), [{ writer: 'gw-a', day: '2026-03-02', last_seq: 1 }])
      })
    }

    it('adds up exactly what two gateways write for the same accounts at once, listed in any order', async (t) => {
      const { db, openPeer, close } = await openDb()
      t.after(close)
      const accounts = ['acct_1', 'acct_2', 'acct_3', 'acct_4']
      for (const account of accounts) await insertAccount(db, account)
      const gateways = [createUsageRepository(db), createUsageRepository(openPeer())]
      const orders = [accounts, accounts.toReversed()]
      await Promise.all(
        gateways.map((usage, g) =>
          (async () => {
            for (let seq = 1; seq <= 30; seq++) {
              await usage.addOnce(
                `gw-${g}`,
                orders[g]!.map((accountId) => ({
                  accountId,
                  day: '2026-03-02',
                  writes: [{ seq, requests: 1, bytes: 2 }],
                })),
              )
            }
          })(),
        ),
      )
      for (const account of accounts) {
        assert.deepEqual(await gateways[0]!.days(account), [{ day: '2026-03-02', requests: 60, bytes: 120 }])
      }
    })

    if (name === 'postgres') {
      it('says whether a failed write may have been applied', async (t) => {
        const { db, close } = await openDb()
        t.after(close)
        const usage = createUsageRepository(db)
        // No such account: the foreign key fails before the commit, so nothing was written.
        const failure = await addOnce(usage, 'gw-a', 'acct_nobody', '2026-03-02', [
          { seq: 1, requests: 1, bytes: 1 },
        ]).then(
          () => assert.fail('the write should fail'),
          (error: unknown) => error,
        )
        assert.ok(failure instanceof UsageWriteFailed)
        assert.equal(failure.maybeWritten, false)
        assert.deepEqual(await writerNumbers(db), [])
      })
    }

    it('keeps a write apart from a transaction open at the same time, which rolls back', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      const usage = createUsageRepository(db)
      const day = '2026-03-02'
      let opened!: () => void
      const open = new Promise<void>((resolve) => (opened = resolve))
      // Another caller's transaction on the same database, waiting between its statements: on SQLite the
      // same connection; it writes the same row, then rolls back.
      const other = db.transaction().execute(async (trx) => {
        await trx
          .insertInto('usage_daily')
          .values({ account_id: 'acct_1', day, requests: 100, bytes: 1000, writers: '{"gw-other":9}' })
          .execute()
        opened()
        await new Promise((resolve) => setTimeout(resolve, 20))
        throw new Error('rolled back on purpose')
      })
      await open
      const write = addOnce(usage, 'gw-a', 'acct_1', day, [{ seq: 1, requests: 2, bytes: 20 }])
      await assert.rejects(other, /rolled back on purpose/)
      await write
      // The rollback took back the other transaction's rows only, and the write did not commit them.
      assert.deepEqual(await usage.days('acct_1'), [{ day, requests: 2, bytes: 20 }])
      assert.deepEqual(await writerNumbers(db), [{ writer: 'gw-a', day, last_seq: 1 }])
      // Its number survived too: sent again, it adds nothing.
      await addOnce(usage, 'gw-a', 'acct_1', day, [{ seq: 1, requests: 2, bytes: 20 }])
      assert.deepEqual(await usage.days('acct_1'), [{ day, requests: 2, bytes: 20 }])
    })

    it('keeps byte counts past 2^32 exact', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      const usage = createUsageRepository(db)
      await usage.add('acct_1', '2026-03-02', 1, 2 ** 32 + 5)
      await usage.add('acct_1', '2026-03-02', 1, 2 ** 40)
      assert.deepEqual(await usage.days('acct_1'), [
        { day: '2026-03-02', requests: 2, bytes: 2 ** 40 + 2 ** 32 + 5 },
      ])
    })
  })
})
