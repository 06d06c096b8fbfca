/**
 * `node --import tsx bench/micro/fleet-hop.ts [--quick]`
 *
 * What the gateway -> egress node hop costs by itself, the way `sallyport dev` runs it: the repo's node
 * app (buildNode, Fastify, signature check) and the gateway's NodeClient (undici Pool, signing) in ONE
 * process over loopback HTTP, with a stub fetcher that answers a fixed 1 KiB envelope at once (no target).
 * CPU per call (process.cpuUsage: client and server together) at concurrency 64 and 1, against calling
 * the stub directly. In `dev` this hop is pure overhead: gateway and node share the process.
 */
import { parseArgs } from 'node:util'
import { buildNode } from '../../src/node/app.ts'
import type { Fetcher } from '../../src/node/fetching/fetcher.ts'
import { createNodeClient } from '../../src/gateway/fleet/node-client.ts'
import { systemClock } from '../../src/shared/clock.ts'
import { loggerOptions } from '../../src/shared/logger.ts'
import type { NodeEnvelope } from '../../src/shared/fleet-contract.ts'
import { makeBody, textEnvelope } from '../lib/bodies.ts'
import { timeCalls } from '../lib/calls.ts'

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } }, strict: true })
const calls = values.quick ? 3_000 : 20_000

const envelope = textEnvelope({ result: makeBody(1024).toString('utf8') }, 1024)
const stub: Fetcher = {
  fetch: () => Promise.resolve({ ok: true, envelope }),
  close: () => Promise.resolve(),
}

const fleetSecret = 'bench-fleet-secret-'.padEnd(43, 'x')
const app = buildNode({
  region: 'us-east',
  deviceId: 'node_useast_0123456789',
  publicIp: '127.0.0.11',
  fleetSecret,
  fetcher: stub,
  clock: systemClock,
  logger: loggerOptions('warn', 'node'),
})
await app.listen({ host: '127.0.0.1', port: 0 })
const address = app.server.address()
const port = typeof address === 'object' && address !== null ? address.port : 0
const client = createNodeClient({
  url: `http://127.0.0.1:${port}`,
  fleetSecret,
  clock: systemClock,
  jobTimeoutMs: 35_000,
})
const job = { url: 'http://127.0.0.1:8080/1k', user_agent: null }

try {
  console.log(`gateway -> node hop in one process, ${calls} calls per row (1 KiB envelope, stub fetcher)\n`)
  const hop64 = await timeCalls('NodeClient.fetchJob over loopback HTTP, c=64', 64, calls, () =>
    client.fetchJob(job),
  )
  const hop1 = await timeCalls('NodeClient.fetchJob over loopback HTTP, c=1', 1, calls / 4, () =>
    client.fetchJob(job),
  )
  const direct = await timeCalls(
    'the stub fetcher called directly + JSON.stringify, c=64',
    64,
    calls,
    async () => Buffer.from(JSON.stringify((await stub.fetch(job)) as { envelope: NodeEnvelope })),
  )
  console.log(
    `\nthe hop adds ~${(hop64 - direct).toFixed(0)} µs of CPU per request at c=64, ~${(hop1 - direct).toFixed(0)} µs at c=1`,
  )
} finally {
  await client.close()
  await app.close()
}
