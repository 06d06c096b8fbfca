import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable, Writable } from 'node:stream'
import { describe, it, type TestContext } from 'node:test'
import type { LoggerOptions } from 'pino'
import { request } from 'undici'
import { envelopeFetcher, sendToNode, testNode } from '../../test/helpers/node-call.ts'
import { createNonceMemory, fleetPaths, signFleetCall } from '../shared/fleet-contract.ts'
import { createRequestIds } from '../shared/ids.ts'
import { loggerOptions, type LogLevel } from '../shared/logger.ts'
import { createMetricsRegistry } from '../shared/metrics.ts'
import { createFleetFetchRoute, maxJobBytes } from './fleet-fetch-route.ts'
import { createNodeMetrics } from './metrics.ts'

const secret = 'fleet-secret-for-route-tests-0123456789'

function signedCall(body: string, contentType = 'application/json') {
  return {
    method: 'POST' as const,
    url: fleetPaths.fetch,
    headers: {
      'content-type': contentType,
      ...signFleetCall(secret, 'POST', fleetPaths.fetch, body, Date.now()),
    },
    payload: body,
  }
}

const job = JSON.stringify({ url: 'https://private-target.example/secret-path?q=1', user_agent: null })

function node(t: TestContext, options: { logLines?: string[]; logLevel?: LogLevel } = {}) {
  const { fetcher, jobs } = envelopeFetcher()
  const registry = createMetricsRegistry()
  const lines = options.logLines
  const app = testNode({
    fleetSecret: secret,
    fetcher,
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    logger:
      lines === undefined
        ? false
        : ({
            ...loggerOptions(options.logLevel ?? 'info', 'node'),
            // Fastify reads a destination from its logger options.
            stream: new Writable({
              write(chunk: Buffer, _encoding, done) {
                lines.push(...chunk.toString('utf8').trim().split('\n'))
                done()
              },
            }),
          } as LoggerOptions),
    metrics: createNodeMetrics(registry),
  })
  t.after(() => app.close())
  return { app, jobs, registry }
}

describe("the node's fetch route, served by node:http", () => {
  it('answers what is not a fetch job with 400, 413 or 415, and fetches nothing', async (t) => {
    const { app, jobs } = node(t)
    const notJson = await sendToNode(app, signedCall(job, 'text/plain'))
    assert.equal(notJson.statusCode, 415)
    const badJson = await sendToNode(app, signedCall('{"url":'))
    assert.equal(badJson.statusCode, 400)
    assert.deepEqual(badJson.json(), { error: 'bad JSON' })
    const noJob = await sendToNode(app, signedCall(JSON.stringify({ user_agent: null })))
    assert.equal(noJob.statusCode, 400)
    assert.deepEqual(noJob.json(), { error: 'bad fetch job' })
    const tooLarge = await sendToNode(app, signedCall(JSON.stringify({ url: 'x'.repeat(maxJobBytes) })))
    assert.equal(tooLarge.statusCode, 413)
    assert.equal(jobs.length, 0)
    // A body over the limit without a declared length is refused once it passes the limit.
    const { port } = app.server.address() as AddressInfo
    const chunked = await request(`http://127.0.0.1:${port}${fleetPaths.fetch}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Readable.from(
        (function* () {
          for (let sent = 0; sent <= maxJobBytes; sent += 64 * 1024) yield Buffer.alloc(64 * 1024, 0x20)
        })(),
      ),
    })
    assert.equal(chunked.statusCode, 413)
    await chunked.body.dump()
    const served = await sendToNode(app, signedCall(job))
    assert.equal(served.statusCode, 200, 'the node still serves after the refusals')
    assert.equal(jobs.length, 1)
  })

  it('counts each answer in the HTTP metrics by route pattern and status', async (t) => {
    const { app, registry } = node(t)
    assert.equal((await sendToNode(app, signedCall(job))).statusCode, 200)
    assert.equal((await sendToNode(app, signedCall(job))).statusCode, 200)
    const unsigned = { ...signedCall(job), headers: { 'content-type': 'application/json' } }
    assert.equal((await sendToNode(app, unsigned)).statusCode, 401)
    const counted = await registry.getSingleMetricAsString('sallyport_node_http_requests_total')
    assert.match(counted, /route="\/fleet\/v1\/fetch",method="POST",status="200",code="none"} 2$/m)
    assert.match(counted, /route="\/fleet\/v1\/fetch",method="POST",status="401",code="none"} 1$/m)
    const timed = await registry.getSingleMetricAsString('sallyport_node_http_request_duration_seconds')
    assert.match(timed, /_count{route="\/fleet\/v1\/fetch",method="POST",status="200",code="none"} 2$/m)
  })

  it('logs a job in one line at info, by route pattern, never with its URL', async (t) => {
    const lines: string[] = []
    const { app } = node(t, { logLines: lines })
    assert.equal((await sendToNode(app, signedCall(job))).statusCode, 200)
    const logged = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId !== undefined)
    assert.equal(logged.length, 1, lines.join('\n'))
    const [completed] = logged
    assert.equal(completed?.msg, 'request completed')
    assert.deepEqual(completed?.res, { status: 200, method: 'POST', route: fleetPaths.fetch })
    assert.equal(typeof completed?.responseTime, 'number')
    assert.match(String(completed?.reqId), /^req_/)
    assert.doesNotMatch(lines.join('\n'), /private-target|secret-path/)
  })

  it('adds the incoming line at debug, with the same request id', async (t) => {
    const lines: string[] = []
    const { app } = node(t, { logLines: lines, logLevel: 'debug' })
    assert.equal((await sendToNode(app, signedCall(job))).statusCode, 200)
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    const incoming = logged.find((line) => line.msg === 'incoming request')
    const completed = logged.find((line) => line.msg === 'request completed')
    assert.equal(incoming?.level, 'debug')
    assert.deepEqual(incoming?.req, { method: 'POST', route: fleetPaths.fetch })
    assert.equal(completed?.reqId, incoming?.reqId)
    assert.doesNotMatch(lines.join('\n'), /private-target|secret-path/)
  })

  it('answers 503 and closes the connection once the node is shutting down', async (t) => {
    const { fetcher, jobs } = envelopeFetcher()
    const route = createFleetFetchRoute({
      fleetSecret: secret,
      fetcher,
      clock: { now: () => Date.now() },
      nonces: createNonceMemory(),
      state: { inFlight: 0, closing: true },
      drain: { draining: false },
      log: { child: () => undefined, error: () => undefined } as never,
      nextRequestId: createRequestIds(),
    })
    const server = createServer(route)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    t.after(() => new Promise((resolve) => server.close(resolve)))
    const { port } = server.address() as AddressInfo
    const call = signedCall(job)
    const response = await request(`http://127.0.0.1:${port}${call.url}`, {
      method: 'POST',
      headers: call.headers,
      body: call.payload,
    })
    assert.equal(response.statusCode, 503)
    assert.equal(response.headers.connection, 'close')
    await response.body.dump()
    assert.equal(jobs.length, 0)
  })
})
