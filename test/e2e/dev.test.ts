/**
 * The embedded default (`sallyport dev`, what `npm start` runs): one gateway and one egress node per region
 * in one process, each node sending from its own loopback address, and a start-up banner saying where
 * everything is.
 */
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { CliProcess } from '../helpers/cli.ts'
import { startDev } from '../helpers/e2e-fleet.ts'
import { provisionApiKey } from '../helpers/provision.ts'

const egress = { 'us-east': '127.0.0.11', 'us-west': '127.0.0.12', europe: '127.0.0.13' } as const

describe('sallyport dev', { timeout: 90_000 }, () => {
  let dataDir: string
  let dev: CliProcess
  let base: string
  let key: string
  let target: Server
  let targetUrl: string

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sallyport-dev-e2e-'))
    // Answers with the address the connection came from.
    target = createServer((request, response) => {
      response.setHeader('content-type', 'text/plain; charset=utf-8')
      response.end(request.socket.remoteAddress ?? '')
    })
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/whoami`
    const env = { SALLYPORT_DATA_DIR: dataDir, SALLYPORT_ALLOW_TARGETS: '127.0.0.0/8' }
    key = await provisionApiKey(env, 'dev-e2e@example.test')
    ;({ process: dev, base } = await startDev(env))
  })

  after(async () => {
    await dev?.kill()
    await new Promise((resolve) => target?.close(resolve))
    await rm(dataDir, { recursive: true, force: true })
  })

  it('prints where the API, the reference, the data and each node are', () => {
    const output = dev.output()
    assert.ok(output.includes(`API          ${base}/v2/proxy/fetch`), output)
    assert.ok(output.includes(`reference    ${base}/v2/docs`), output)
    assert.ok(output.includes(`data dir     ${dataDir}`), output)
    for (const [region, address] of Object.entries(egress)) {
      assert.match(output, new RegExp(`node ${region} +http://127\\.0\\.0\\.1:\\d+ +sends from ${address} `))
    }
  })

  it('fetches from each region from its own loopback address, the public_ip the target saw', async () => {
    const devices = new Set<string>()
    for (const [region, address] of Object.entries(egress)) {
      const response = await fetch(`${base}/v2/proxy/fetch?region=${region}`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ url: targetUrl }),
      })
      assert.equal(response.status, 200, region)
      const envelope = (await response.json()) as Record<string, unknown>
      assert.equal(envelope.region_used, region)
      assert.equal(envelope.result, address, `the target saw ${region}'s egress address`)
      assert.equal(envelope.public_ip, address)
      devices.add(String(envelope.device_id))
    }
    assert.equal(devices.size, 3, 'one node per region')
  })
})
