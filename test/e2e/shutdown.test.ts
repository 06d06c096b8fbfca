/**
 * Graceful shutdown of `sallyport gateway` and `sallyport node` as processes (docs/deploy.md, "Faults and
 * shutdown"): on SIGTERM a process stops accepting connections, closes idle keep-alive connections, lets
 * the fetches in flight finish, writes what it still holds (usage counts), and exits 0; if that takes longer
 * than SALLYPORT_SHUTDOWN_TIMEOUT_MS it exits 1. A slow target on 127.0.0.1 holds a fetch open meanwhile.
 */
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Client } from 'undici'
import { openSqliteDatabase, databaseFileName } from '../../src/infra/database/database.ts'
import { eventually, freePort, runCli, type CliProcess } from '../helpers/cli.ts'
import { fleetEnv } from '../helpers/e2e-fleet.ts'
import { provisionApiKey } from '../helpers/provision.ts'
import { startTarget, type Target } from '../integration/faults/fault-harness.ts'

describe('graceful shutdown', { timeout: 180_000 }, () => {
  let dataDir: string
  let env: Record<string, string>
  let target: Target
  let apiKey: string
  const processes: CliProcess[] = []

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sallyport-shutdown-'))
    target = await startTarget()
    env = fleetEnv(dataDir, { SALLYPORT_LOG_LEVEL: 'info' })
    apiKey = await provisionApiKey(env, 'shutdown@example.test', 'proxy')
  })

  after(async () => {
    await Promise.all(processes.map((process) => process.kill('SIGKILL')))
    await target.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  async function startNodeProcess(): Promise<{ process: CliProcess; url: string }> {
    const port = await freePort()
    const node = runCli(['node', '--region', 'us-east', '--port', String(port)], env)
    processes.push(node)
    await node.waitFor('egress node listening')
    return { process: node, url: `http://127.0.0.1:${port}` }
  }

  async function startGatewayProcess(
    nodeUrl: string,
    extra: Record<string, string> = {},
  ): Promise<{ process: CliProcess; base: string }> {
    const port = await freePort()
    const gateway = runCli(['gateway', '--port', String(port)], {
      ...env,
      SALLYPORT_NODES: `us-east=${nodeUrl}`,
      ...extra,
    })
    processes.push(gateway)
    await gateway.waitFor('gateway listening')
    const base = `http://127.0.0.1:${port}`
    // Serving: the node has passed a health probe.
    await eventually(async () => {
      const response = await fetch(`${base}/v2/proxy/regions`, { headers: { 'x-api-key': apiKey } })
      const body = (await response.json()) as { regions?: { region: string }[] }
      return body.regions?.some((entry) => entry.region === 'us-east') === true ? true : undefined
    })
    return { process: gateway, base }
  }

  /** A fetch of `/slow/...` on its own connection; resolves once the target holds it. */
  async function slowFetch(base: string, name: string) {
    const client = new Client(base)
    const arrived = target.slowArrived()
    const answer = client
      .request({
        method: 'POST',
        path: '/v2/proxy/fetch?region=us-east',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${target.url}/slow/${name}` }),
      })
      .then(async (response) => ({
        status: response.statusCode,
        connection: response.headers.connection,
        body: (await response.body.json()) as { status?: number; result?: string },
      }))
    await arrived
    return { answer, client }
  }

  /** An idle keep-alive connection: it must not hold the shutdown up. */
  async function idleConnection(base: string) {
    const client = new Client(base, { keepAliveTimeout: 600_000 })
    const response = await client.request({ method: 'GET', path: '/healthz' })
    await response.body.dump()
    let closed = false
    client.on('disconnect', () => (closed = true))
    return { client, closed: () => closed }
  }

  async function refusesConnections(base: string): Promise<boolean> {
    try {
      await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) })
      return false
    } catch (error) {
      return /ECONNREFUSED/.test(String((error as { cause?: unknown }).cause ?? error))
    }
  }

  it('lets a gateway finish the fetch in flight, then exits 0 with its usage written', async (t) => {
    const node = await startNodeProcess()
    const gateway = await startGatewayProcess(node.url)
    const idle = await idleConnection(gateway.base)
    const slow = await slowFetch(gateway.base, 'gateway')
    t.after(() => slow.client.close())

    const exited = gateway.process.kill('SIGTERM')
    await gateway.process.waitFor('shutting down')
    await eventually(async () => ((await refusesConnections(gateway.base)) ? true : undefined))
    await eventually(async () => (idle.closed() ? true : undefined))
    assert.equal(gateway.process.child.exitCode, null, 'still running while its fetch is')

    const releasedAt = performance.now()
    target.release()
    const answer = await slow.answer
    assert.equal(answer.status, 200)
    assert.equal(answer.body.status, 200)
    assert.equal(answer.body.result, 'hello /slow/gateway')
    assert.equal(answer.connection, 'close')
    assert.equal(await exited, 0, gateway.process.output())
    t.diagnostic(`exited ${Math.round(performance.now() - releasedAt)} ms after its last fetch was let go`)
    assert.match(gateway.process.output(), /"msg":"shut down"/)

    // The envelope's count was flushed on the way out.
    const db = openSqliteDatabase(join(dataDir, databaseFileName))
    t.after(() => db.destroy())
    const rows = await db.selectFrom('usage_daily').select(['requests']).execute()
    assert.deepEqual(
      rows.map((row) => row.requests),
      [1],
    )
    await node.process.kill('SIGTERM')
  })

  it('answers /readyz 503 draining while a shutdown delay keeps the port open', async () => {
    const node = await startNodeProcess()
    // Long enough that the two requests below land inside it on a busy machine too.
    const gateway = await startGatewayProcess(node.url, { SALLYPORT_SHUTDOWN_DELAY_MS: '5000' })
    const before = await fetch(`${gateway.base}/readyz`)
    assert.equal(before.status, 200)

    const exited = gateway.process.kill('SIGTERM')
    await gateway.process.waitFor('shutting down')
    const draining = await fetch(`${gateway.base}/readyz`)
    assert.equal(draining.status, 503)
    assert.deepEqual(await draining.json(), { status: 'draining', checks: {} })
    assert.equal(draining.headers.get('connection'), 'close')
    // Still serving meanwhile: a request that arrives is answered, not refused.
    const served = await fetch(`${gateway.base}/v2/proxy/regions`, { headers: { 'x-api-key': apiKey } })
    assert.equal(served.status, 200)
    await eventually(async () => ((await refusesConnections(gateway.base)) ? true : undefined))
    assert.equal(await exited, 0, gateway.process.output())
    await node.process.kill('SIGTERM')
  })

  it('exits 1 when the fetch in flight outlasts SALLYPORT_SHUTDOWN_TIMEOUT_MS', async (t) => {
    const node = await startNodeProcess()
    const gateway = await startGatewayProcess(node.url, { SALLYPORT_SHUTDOWN_TIMEOUT_MS: '1000' })
    const slow = await slowFetch(gateway.base, 'deadline')
    t.after(() => slow.client.destroy())
    // The caller loses its answer with the process: a connection error, not a hang.
    const lost = assert.rejects(slow.answer, { code: 'UND_ERR_SOCKET' })

    const signalledAt = performance.now()
    const code = await gateway.process.kill('SIGTERM')
    assert.equal(code, 1, gateway.process.output())
    t.diagnostic(`exited 1 after ${Math.round(performance.now() - signalledAt)} ms (deadline 1000 ms)`)
    assert.match(gateway.process.output(), /shutdown did not finish within the deadline/)
    await lost
    target.release()
    await node.process.kill('SIGTERM')
  })

  it('lets a node finish the fetch in flight, then exits 0', async (t) => {
    const node = await startNodeProcess()
    const gateway = await startGatewayProcess(node.url)
    const slow = await slowFetch(gateway.base, 'node')
    t.after(() => slow.client.close())

    const exited = node.process.kill('SIGTERM')
    await node.process.waitFor('shutting down')
    await eventually(async () => ((await refusesConnections(node.url)) ? true : undefined))
    target.release()
    const answer = await slow.answer
    assert.equal(answer.status, 200)
    assert.equal(answer.body.result, 'hello /slow/node')
    assert.equal(await exited, 0, node.process.output())
    assert.match(node.process.output(), /"msg":"shut down"/)
    await gateway.process.kill('SIGTERM')
  })
})
