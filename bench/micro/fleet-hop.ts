/**
 * `node --import tsx bench/micro/fleet-hop.ts [--quick] [--body 1k|1m]`
 *
 * What the gateway -> egress node hop of the production topology costs by itself: the repo's node app
 * (buildNode) and the gateway's NodeClient in ONE process over loopback, with a stub fetcher that answers
 * a fixed 1 KiB envelope at once (no target). Two ways: jobs on the fleet link (ADR 0016: frames on one
 * upgraded connection, what a gateway uses) and as signed HTTP calls (undici Pool: the fall-back). CPU per
 * call (process.cpuUsage: client and server together) at concurrency 64 and 1, against calling the stub
 * directly. In `dev` the gateway calls its nodes in the same process, without this hop.
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

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    body: { type: 'string', default: '1k' },
  },
  strict: true,
})
const bodyBytes = values.body === '1m' ? 1024 * 1024 : 1024
// A 1 MiB answer costs about a thousand times a 1 KiB one: fewer calls keep a row to seconds.
const calls = (values.quick ? 3_000 : 20_000) / (bodyBytes > 1024 ? 100 : 1)

const envelope = textEnvelope({ result: makeBody(bodyBytes).toString('utf8') }, bodyBytes)
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
const clientOptions = {
  url: `http://127.0.0.1:${port}`,
  fleetSecret,
  clock: systemClock,
  jobTimeoutMs: 35_000,
}
const client = createNodeClient(clientOptions)
const httpClient = createNodeClient({ ...clientOptions, link: false })
const job = { url: 'http://127.0.0.1:8080/1k', user_agent: null }
// The first job asks for the link; the next ones go on it once it is open.
await client.fetchJob(job)
while (client.linked() !== true) await new Promise((resolve) => setTimeout(resolve, 10))

try {
  console.log(
    `gateway -> node hop in one process, ${calls} calls per row (${values.body} envelope, stub fetcher)\n`,
  )
  const hop64 = await timeCalls('NodeClient.fetchJob on the fleet link, c=64', 64, calls, () =>
    client.fetchJob(job),
  )
  const hop1 = await timeCalls('NodeClient.fetchJob on the fleet link, c=1', 1, calls / 4, () =>
    client.fetchJob(job),
  )
  const http64 = await timeCalls('NodeClient.fetchJob as HTTP calls, c=64', 64, calls, () =>
    httpClient.fetchJob(job),
  )
  const http1 = await timeCalls('NodeClient.fetchJob as HTTP calls, c=1', 1, calls / 4, () =>
    httpClient.fetchJob(job),
  )
  const direct = await timeCalls(
    'the stub fetcher called directly + JSON.stringify, c=64',
    64,
    calls,
    async () => Buffer.from(JSON.stringify((await stub.fetch(job)) as { envelope: NodeEnvelope })),
  )
  console.log(
    `\nthe hop adds ~${(hop64 - direct).toFixed(0)} µs of CPU per request at c=64, ~${(hop1 - direct).toFixed(0)} µs at c=1` +
      ` on the link; ~${(http64 - direct).toFixed(0)} and ~${(http1 - direct).toFixed(0)} µs as HTTP calls`,
  )
} finally {
  await client.close()
  await httpClient.close()
  await app.close()
}
