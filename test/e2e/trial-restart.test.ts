/**
 * The trial's 1,000 requests are 1,000 in all (SPEC 5.7), also across a restart of `sallyport dev`, whose
 * admission counters live in the process: admission counts the trial from at least what the usage ledger
 * holds, so a restart (or a Redis that kept nothing) does not hand the allowance out again.
 */
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { databaseFileName } from '../../src/infra/database/database.ts'
import { SQLite } from '../../src/infra/database/sqlite-binding.ts'
import type { CliProcess } from '../helpers/cli.ts'
import { startDev, startTextTarget, type TextTarget } from '../helpers/e2e-fleet.ts'
import { ledgerRequests } from '../helpers/ledger.ts'
import { provisionApiKey } from '../helpers/provision.ts'

const email = 'trial-restart@example.test'

describe('the trial across a restart of sallyport dev', { timeout: 120_000 }, () => {
  let dataDir: string
  let env: Record<string, string>
  let key: string
  let target: TextTarget | undefined
  let targetUrl: string
  let dev: CliProcess | undefined

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sallyport-trial-e2e-'))
    target = await startTextTarget(() => 'ok')
    targetUrl = `${target.url}/`
    env = { SALLYPORT_DATA_DIR: dataDir, SALLYPORT_ALLOW_TARGETS: '127.0.0.0/8' }
    key = await provisionApiKey(env, email, 'proxy')
  })

  after(async () => {
    await dev?.kill()
    await target?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  async function start(): Promise<string> {
    const started = await startDev(env)
    dev = started.process
    return started.base
  }

  async function stop(): Promise<void> {
    // SIGTERM: the metering tally still in memory is written before the process exits.
    assert.equal(await dev!.kill('SIGTERM'), 0, dev!.output())
    dev = undefined
  }

  async function fetchThrough(base: string): Promise<{ status: number; code: string | undefined }> {
    const response = await fetch(`${base}/v2/proxy/fetch?region=us-east`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ url: targetUrl }),
    })
    const body = (await response.json()) as { code?: string }
    return { status: response.status, code: body.code }
  }

  const ledger = () => ledgerRequests(dataDir, email)

  it('counts on from the ledger after a restart and stops at 1,000', async () => {
    // 997 trial requests already in the ledger, as if served by an earlier run of this process.
    const db = new SQLite(join(dataDir, databaseFileName))
    try {
      const { id } = db.prepare('select id from accounts where email = ?').get(email) as { id: string }
      const today = new Date().toISOString().slice(0, 10)
      db.prepare('insert into usage_daily (account_id, day, requests, bytes) values (?, ?, 997, 0)').run(
        id,
        today,
      )
    } finally {
      db.close()
    }

    let base = await start()
    assert.deepEqual(await fetchThrough(base), { status: 200, code: undefined }, 'the 998th request')
    await stop()
    assert.equal(await ledger(), 998, 'the 998th was written to the ledger at shutdown')

    // A new process: its admission counters start empty, the ledger does not.
    base = await start()
    assert.deepEqual(await fetchThrough(base), { status: 200, code: undefined }, 'the 999th request')
    assert.deepEqual(await fetchThrough(base), { status: 200, code: undefined }, 'the 1,000th request')
    assert.deepEqual(await fetchThrough(base), { status: 402, code: 'trial_exhausted' })
    await stop()
    assert.equal(await ledger(), 1000, 'exactly 1,000 billable requests in all')
  })
})
