/**
 * The fetch path end to end on the CLI: a gateway process, three egress node processes (one per region,
 * each sending from its own loopback address), and a target that echoes the address it saw.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { eventually, freePort, runCli, runCliOnce, type CliProcess } from '../helpers/cli.ts'
import { provisionApiKey } from '../helpers/provision.ts'

const regions = ['us-east', 'us-west', 'europe'] as const
const egress = { 'us-east': '127.0.0.11', 'us-west': '127.0.0.12', europe: '127.0.0.13' } as const

describe('the fleet on the CLI', { timeout: 120_000 }, () => {
  let dataDir: string
  let env: Record<string, string>
  let gateway: CliProcess
  let base: string
  let key: string
  let target: Server
  let targetUrl: string
  const nodes = new Map<string, CliProcess>()
  /** Resolves the next time the slow path is hit, with the address that hit it. */
  let slowHit: ((address: string) => void) | undefined

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sallyport-e2e-'))
    target = createServer((request: IncomingMessage, response) => {
      const seen = request.socket.remoteAddress ?? ''
      if (request.url === '/slow' && seen === egress['us-east']) {
        slowHit?.(seen)
        setTimeout(() => response.end(`slow ${seen}`), 5_000).unref()
        return
      }
      response.setHeader('content-type', 'text/plain; charset=utf-8')
      response.end(`${seen}`)
    })
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`

    const nodePorts = await Promise.all(regions.map(() => freePort()))
    const gatewayPort = await freePort()
    env = {
      SALLYPORT_DATA_DIR: dataDir,
      SALLYPORT_FLEET_SECRET: randomBytes(32).toString('base64url'),
      SALLYPORT_ALLOW_TARGETS: '127.0.0.0/8',
      SALLYPORT_HEALTH_INTERVAL_MS: '100',
      SALLYPORT_HEALTH_TIMEOUT_MS: '500',
      SALLYPORT_LOG_LEVEL: 'info',
      SALLYPORT_NODES: regions.map((region, i) => `${region}=http://127.0.0.1:${nodePorts[i]}`).join(','),
    }
    key = await provisionApiKey(env, 'fleet-e2e@example.test')
    regions.forEach((region, i) => {
      nodes.set(
        region,
        runCli(
          ['node', '--region', region, '--port', String(nodePorts[i]), '--egress-address', egress[region]],
          env,
        ),
      )
    })
    await Promise.all([...nodes.values()].map((node) => node.waitFor('egress node listening')))
    gateway = runCli(['gateway', '--port', String(gatewayPort)], env)
    await gateway.waitFor('gateway listening')
    base = `http://127.0.0.1:${gatewayPort}`
  })

  after(async () => {
    await Promise.all([gateway?.kill(), ...[...nodes.values()].map((node) => node.kill())])
    await new Promise((resolve) => target?.close(resolve))
    await rm(dataDir, { recursive: true, force: true })
  })

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { 'x-api-key': key, 'content-type': 'application/json', ...init.headers },
    })
  const fetchVia = (region: string | undefined, url: string) =>
    call(`/v2/proxy/fetch${region === undefined ? '' : `?region=${region}`}`, {
      method: 'POST',
      body: JSON.stringify({ url }),
    })
  const regionList = async () =>
    ((await (await call('/v2/proxy/regions')).json()) as { regions: { region: string }[] }).regions.map(
      (r) => r.region,
    )

  it('fetches from each region, and the target sees the public_ip the envelope reports', async () => {
    const seen = new Set<string>()
    for (const region of regions) {
      const response = await fetchVia(region, `${targetUrl}/echo`)
      assert.equal(response.status, 200)
      const envelope = (await response.json()) as Record<string, unknown>
      assert.equal(envelope.region_used, region)
      assert.equal(envelope.result, envelope.public_ip, 'the address the target saw is public_ip')
      assert.equal(envelope.public_ip, egress[region])
      assert.match(String(envelope.device_id), /^node_/)
      seen.add(String(envelope.device_id))
    }
    assert.equal(seen.size, 3)
  })

  it('takes a drained region out of the regions list and refuses it with region_out_of_service', async () => {
    const drained = await runCliOnce(['admin', 'drain-node', '--region', 'europe'], env)
    assert.equal(drained.code, 0, drained.output)
    assert.match(drained.output, /drained/)
    await eventually(async () => ((await regionList()).includes('europe') ? undefined : true))
    const response = await fetchVia('europe', `${targetUrl}/echo`)
    assert.equal(response.status, 503)
    const problem = (await response.json()) as { code: string }
    assert.equal(problem.code, 'region_out_of_service')
    assert.ok(Number(response.headers.get('retry-after')) > 0)

    const undone = await runCliOnce(['admin', 'drain-node', '--region', 'europe', '--undo'], env)
    assert.equal(undone.code, 0, undone.output)
    await eventually(async () => ((await regionList()).includes('europe') ? true : undefined))
  })

  it('serves from another region when the node dies mid-request, and region_used says so', async () => {
    const hit = new Promise<string>((resolve) => (slowHit = resolve))
    const pending = fetchVia('us-east', `${targetUrl}/slow`)
    assert.equal(await hit, egress['us-east'])
    await nodes.get('us-east')!.kill('SIGKILL')
    const response = await pending
    assert.equal(response.status, 200)
    const envelope = (await response.json()) as Record<string, unknown>
    assert.equal(envelope.region_used, 'us-west')
    assert.equal(envelope.public_ip, egress['us-west'])
    assert.equal(envelope.result, egress['us-west'])

    const status = (await (await call('/v2/proxy/status')).json()) as {
      nodes: { region: string; health: string }[]
    }
    assert.equal(status.nodes.find((n) => n.region === 'us-east')?.health, 'down')
    assert.deepEqual(await regionList(), ['us-west', 'europe'])
    const refused = await fetchVia('us-east', `${targetUrl}/echo`)
    assert.equal(((await refused.json()) as { code: string }).code, 'region_out_of_service')
  })

  it('answers no_healthy_endpoints when every node is down', async () => {
    await Promise.all([nodes.get('us-west')!.kill('SIGKILL'), nodes.get('europe')!.kill('SIGKILL')])
    await eventually(async () => ((await regionList()).length === 0 ? true : undefined))
    const response = await fetchVia(undefined, `${targetUrl}/echo`)
    assert.equal(response.status, 503)
    assert.equal(((await response.json()) as { code: string }).code, 'no_healthy_endpoints')
    const ready = await fetch(`${base}/healthz`)
    assert.equal(ready.status, 200, 'the gateway itself stays up')
  })
})
