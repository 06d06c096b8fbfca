/**
 * Metering survives a crash (DESIGN 6): a gateway killed with SIGKILL in the middle of a stream of fetches
 * leaves the usage ledger at or above the envelopes it delivered, and above them by at most the fetches it
 * had outstanding when it died. After a restart, `GET /v2/usage` and the usage report show the ledger.
 */
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { runCliOnce, type CliProcess } from '../helpers/cli.ts'
import { startDev, startTextTarget, type TextTarget } from '../helpers/e2e-fleet.ts'
import { ledgerRequests } from '../helpers/ledger.ts'
import { provisionApiKey, unlimitedArgs } from '../helpers/provision.ts'

const email = 'metering-crash@example.test'
const concurrency = 16
/** The gateway is killed once this many envelopes have been delivered. */
const killAfter = 300

describe('metering when a gateway is killed mid-stream', { timeout: 180_000 }, () => {
  let dataDir: string
  let env: Record<string, string>
  let key: string
  let target: TextTarget | undefined
  let targetUrl: string
  let dev: CliProcess | undefined

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sallyport-metering-crash-'))
    target = await startTextTarget(() => 'x'.repeat(512))
    targetUrl = `${target.url}/`
    env = { SALLYPORT_DATA_DIR: dataDir, SALLYPORT_ALLOW_TARGETS: '127.0.0.0/8', SALLYPORT_LOG_LEVEL: 'warn' }
    key = await provisionApiKey(env, email, 'proxy,read')
    for (const args of [
      ['admin', 'set-plan', '--email', email, '--plan', 'entry'],
      unlimitedArgs(email, 1000),
    ]) {
      const run = await runCliOnce(args, env)
      assert.equal(run.code, 0, run.output)
    }
  })

  after(async () => {
    await dev?.kill('SIGKILL')
    await target?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  async function start(): Promise<string> {
    const started = await startDev(env)
    dev = started.process
    return started.base
  }

  const ledger = () => ledgerRequests(dataDir, email)

  it('never leaves the ledger below the envelopes delivered', async () => {
    const base = await start()
    let delivered = 0
    let outstanding = 0
    let outstandingAtKill = -1
    let killed: Promise<number | null> | undefined

    async function worker(): Promise<void> {
      while (killed === undefined) {
        outstanding++
        try {
          const response = await fetch(`${base}/v2/proxy/fetch?region=us-east`, {
            method: 'POST',
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            body: JSON.stringify({ url: targetUrl }),
          })
          const body = (await response.json()) as { status?: number; result?: string }
          // Delivered: the whole envelope reached the caller.
          if (response.status === 200 && body.status === 200 && body.result?.length === 512) delivered++
          else if (killed === undefined) assert.fail(`unexpected answer ${response.status}`)
        } catch {
          // The connection died with the gateway: this fetch was outstanding, not delivered.
          if (killed === undefined) throw new Error('a fetch failed before the gateway was killed')
        } finally {
          outstanding--
        }
        if (delivered >= killAfter && killed === undefined) {
          // Everything still running at this instant may or may not have been counted.
          outstandingAtKill = outstanding
          killed = dev!.kill('SIGKILL')
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    await killed
    dev = undefined

    const counted = ledger()
    assert.ok(counted >= delivered, `ledger ${counted} below the ${delivered} envelopes delivered`)
    assert.ok(
      counted <= delivered + outstandingAtKill,
      `ledger ${counted} above delivered ${delivered} by more than the ${outstandingAtKill} outstanding`,
    )

    // After a restart, the account's own view and the operator's report say the same.
    const restarted = await start()
    const usage = await fetch(`${restarted}/v2/usage`, { headers: { 'x-api-key': key } })
    assert.equal(usage.status, 200)
    const view = (await usage.json()) as { requests: { used: number } }
    assert.equal(view.requests.used, counted)
    const month = new Date().toISOString().slice(0, 7)
    const out = join(dataDir, 'report.csv')
    const report = await runCliOnce(['admin', 'usage-report', '--month', month, '--out', out], env)
    assert.equal(report.code, 0, report.output)
    const line = (await readFile(out, 'utf8')).split('\n').find((row) => row.includes(email))
    assert.ok(line?.split(',').includes(String(counted)), `report line ${line} lacks ${counted}`)
  })
})
