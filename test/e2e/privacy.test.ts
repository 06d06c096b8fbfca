/**
 * DESIGN 7: no log line, metric, row or file holds a target URL, host or body. Fetch a target whose host,
 * path, query and body each carry a unique marker, then search everything the service wrote and every
 * metric its operator listeners serve: the embedded default, then a gateway and a node as production runs
 * them.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { freePort, runCli, type CliProcess } from '../helpers/cli.ts'
import { startFakeDnsServer, type FakeDnsServer } from '../helpers/fake-dns-server.ts'
import { scrape, valueOf } from '../helpers/metrics.ts'
import { provisionApiKey } from '../helpers/provision.ts'

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

describe('privacy', { timeout: 90_000 }, () => {
  const marker = (label: string) => `${label}${randomBytes(8).toString('hex')}`
  const markers = {
    host: marker('hostmark'),
    path: marker('pathmark'),
    query: marker('querymark'),
    body: marker('bodymark'),
  }
  let dataDir: string
  let env: Record<string, string>
  let key: string
  const processes: CliProcess[] = []
  let dns: FakeDnsServer
  let target: Server

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sallyport-privacy-'))
    target = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8')
      response.end(`<p>${markers.body}</p>`)
    })
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    dns = await startFakeDnsServer({ [`${markers.host}.example`]: ['127.0.0.1'] })
    env = {
      SALLYPORT_DATA_DIR: dataDir,
      SALLYPORT_ALLOW_TARGETS: '127.0.0.0/8',
      SALLYPORT_DNS_SERVERS: dns.address,
      // The most talkative level: nothing may leak even there.
      SALLYPORT_LOG_LEVEL: 'trace',
    }
    key = await provisionApiKey(env, 'privacy@example.test')
  })

  after(async () => {
    await Promise.all(processes.map((process) => process.kill()))
    await dns?.close()
    await new Promise((resolve) => target?.close(resolve))
    await rm(dataDir, { recursive: true, force: true })
  })

  function start(args: string[], processEnv: Record<string, string>): CliProcess {
    const started = runCli(args, processEnv)
    processes.push(started)
    return started
  }

  /** A fetch of the marked URL that succeeds, and one that fails at the target: neither may leak. */
  async function fetchMarkers(gatewayPort: number): Promise<void> {
    const targetPort = (target.address() as AddressInfo).port
    const url = `http://${markers.host}.example:${targetPort}/${markers.path}?q=${markers.query}`
    const response = await fetch(`http://127.0.0.1:${gatewayPort}/v2/proxy/fetch?region=europe`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    })
    assert.equal(response.status, 200)
    const envelope = (await response.json()) as { result: string; final_url: string }
    assert.match(envelope.result, new RegExp(markers.body), 'the marker body really travelled')
    assert.equal(envelope.final_url, url)
    assert.ok(
      dns.queries.some((q) => q.includes(markers.host)),
      'the node resolved the marker host',
    )
    const failed = await fetch(`http://127.0.0.1:${gatewayPort}/v2/proxy/fetch?region=europe`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://${markers.host}.example:1/${markers.path}` }),
    })
    assert.equal(failed.status, 502)
  }

  /** The metrics an operator listener serves, after checking they did count the marked fetches. */
  async function metricsOf(operatorPort: number, counted: string): Promise<string> {
    const { text, samples } = await scrape(`http://127.0.0.1:${operatorPort}/metrics`)
    assert.ok(valueOf(samples, counted) >= 2, `${counted} counted the fetches`)
    return text
  }

  async function assertNoMarkers(haystacks: [string, string][]): Promise<void> {
    for (const file of await filesUnder(dataDir)) {
      haystacks.push([file, (await readFile(file)).toString('latin1')])
    }
    assert.ok(
      haystacks.some(([where]) => where.startsWith(dataDir)),
      'the service wrote files to search',
    )
    for (const [where, text] of haystacks) {
      for (const [kind, value] of Object.entries(markers)) {
        assert.ok(!text.includes(value), `the target ${kind} marker was found in ${where}`)
      }
    }
  }

  it('leaves no trace of the target URL, host or body in any log, metric or file of sallyport dev', async () => {
    const port = await freePort()
    const operatorPort = await freePort()
    const dev = start(['dev', '--port', String(port)], {
      ...env,
      SALLYPORT_OPERATOR_PORT: String(operatorPort),
    })
    await dev.waitFor('Sallyport is running')
    assert.match(dev.output(), new RegExp(`metrics +http://127\\.0\\.0\\.1:${operatorPort}/metrics`))

    await fetchMarkers(port)
    // One listener for the whole process: the gateway's metrics and its in-process nodes'.
    const metrics = await metricsOf(operatorPort, 'sallyport_node_fetches_total')
    assert.match(metrics, /^sallyport_gateway_http_requests_total\{/m)

    await dev.kill('SIGTERM')
    await assertNoMarkers([
      ['process output', dev.output()],
      ['metrics', metrics],
    ])
  })

  it('leaves no trace in the logs or the metrics of a gateway and a node', async () => {
    const port = await freePort()
    const nodePort = await freePort()
    const gatewayOperator = await freePort()
    const nodeOperator = await freePort()
    const fleet = { ...env, SALLYPORT_FLEET_SECRET: randomBytes(32).toString('base64url') }
    const node = start(['node', '--region', 'europe', '--port', String(nodePort)], {
      ...fleet,
      SALLYPORT_OPERATOR_PORT: String(nodeOperator),
    })
    await node.waitFor('egress node listening')
    const gateway = start(['gateway', '--port', String(port)], {
      ...fleet,
      SALLYPORT_NODES: `europe=http://127.0.0.1:${nodePort}`,
      SALLYPORT_OPERATOR_PORT: String(gatewayOperator),
    })
    await gateway.waitFor('gateway listening')

    await fetchMarkers(port)
    const gatewayMetrics = await metricsOf(gatewayOperator, 'sallyport_gateway_egress_total')
    const nodeMetrics = await metricsOf(nodeOperator, 'sallyport_node_fetches_total')

    await Promise.all([gateway.kill('SIGTERM'), node.kill('SIGTERM')])
    await assertNoMarkers([
      ['gateway output', gateway.output()],
      ['node output', node.output()],
      ['gateway metrics', gatewayMetrics],
      ['node metrics', nodeMetrics],
    ])
  })
})
