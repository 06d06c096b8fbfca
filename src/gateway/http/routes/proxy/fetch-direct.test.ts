/**
 * The public fetch route on node:http (fetch-direct.ts) answers what the Fastify route answers. Two
 * gateways with the same stores, limits and fake nodes on one manual clock get the same requests, one over
 * a real connection (the direct route, or Fastify where it hands over), the other through `inject()` (the
 * Fastify route only); their answers must be the same but for request ids.
 */
import assert from 'node:assert/strict'
import { Agent, request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { after, before, describe, it } from 'node:test'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { Registry } from 'prom-client'
import { buildGateway, type GatewayDeps } from '../../../app.ts'
import { urlOfBody } from './fetch-direct.ts'
import { createMemoryIdempotencyStore } from '../../../idempotency/memory-idempotency-store.ts'
import { createGatewayMetrics } from '../../../metrics/gateway-metrics.ts'
import { fixedLimits } from '../../../rate-limits/account-limits.ts'
import { defaultLimits } from '../../../rate-limits/admission.ts'
import { createMemoryAdmissionStore } from '../../../rate-limits/memory-admission-store.ts'
import { idlePoolBytes, takeBuffer } from '../../../../shared/buffer-pool.ts'
import { loggerOptions } from '../../../../shared/logger.ts'
import type { CancelSignal } from '../../../../shared/cancellation.ts'
import { parseMetrics, samplesOf } from '../../../../../test/helpers/metrics.ts'
import { manualClock, type ManualClock } from '../../../../../test/helpers/manual-clock.ts'
import { memoryGatewayDeps } from '../../../../../test/helpers/memory-gateway-deps.ts'
import {
  accountsAuthenticator,
  gate,
  heldNode,
  keys,
  standingStandIn,
} from '../../../../../test/helpers/limits-gateway.ts'
import {
  createFakeFleet,
  envelopeFor,
  fakeNode,
  type FakeNode,
} from '../../../../../test/helpers/test-gateway.ts'

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer }
type Call = { query: string; headers: Record<string, string>; body: string }

/** A gateway on fake nodes; `fastifyRequests` counts the requests Fastify itself handled. */
async function gatewayOn(
  clock: ManualClock,
  nodes: FakeNode[],
  extra: Partial<GatewayDeps> = {},
): Promise<{ app: FastifyInstance; fastifyRequests: () => number; close(): Promise<void> }> {
  const fleet = await createFakeFleet(nodes)
  const store = createMemoryAdmissionStore({ clock })
  const idempotency = createMemoryIdempotencyStore({ clock, sweepIntervalMs: 0 })
  const deps = memoryGatewayDeps(fleet, {
    authenticator: accountsAuthenticator(),
    clock,
    rateLimits: {
      store,
      limits: fixedLimits(
        Object.freeze({ ...defaultLimits, fetchPerWindow: 6, targetHostPerWindow: 4, generalPerWindow: 9 }),
      ),
      hostKeySecret: 'route-test-secret-not-a-real-one',
    },
    idempotency,
    // Account B is on a trial of a few requests; A is paid.
    standing: standingStandIn((accountId) => (accountId === 'acct_b' ? 'trial' : 'paid')),
    metrics: createGatewayMetrics(new Registry()),
    ...extra,
  })
  const app = buildGateway(deps)
  let handled = 0
  app.addHook('onRequest', (_request, _reply, done) => {
    handled++
    done()
  })
  await app.ready()
  return {
    app,
    fastifyRequests: () => handled,
    close: async () => {
      await app.close()
      await fleet.close()
      await Promise.all([deps.close(), store.close(), idempotency.close()])
    },
  }
}

/** A node per region; the target `refused.example` is refused (as a private address would be). */
function nodes(): FakeNode[] {
  return (['us-east', 'us-west', 'europe'] as const).map((region) => {
    const node = fakeNode(region, `node_${region}`)
    const answer = node.onJob
    node.onJob = (job, signal) =>
      new URL(job.url).hostname === 'refused.example'
        ? Promise.resolve({
            kind: 'refused',
            refusal: {
              code: 'target_not_permitted',
              detail: 'The target is not permitted.',
              timed_out: false,
            },
          })
        : answer(job, signal)
    return node
  })
}

/** Listens on a free loopback port; resolves with the port. */
async function listening(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return (app.server.address() as AddressInfo).port
}

const agent = new Agent({ keepAlive: true })
after(() => agent.destroy())

/**
 * `call` over a real connection of `through`; `write` sends the body (by default all of it with the head).
 */
function send(
  port: number,
  call: Call,
  through: Agent = agent,
  write: (request: ClientRequest) => void = (request) => request.end(call.body),
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/v2/proxy/fetch${call.query}`,
        headers: { ...call.headers, 'content-length': Buffer.byteLength(call.body) },
        agent: through,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        )
      },
    )
    request.on('error', reject)
    write(request)
  })
}

async function inject(app: FastifyInstance, call: Call): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: `/v2/proxy/fetch${call.query}`,
    headers: call.headers,
    payload: call.body,
  })
  return {
    status: response.statusCode,
    headers: response.headers as IncomingHttpHeaders,
    body: response.rawPayload,
  }
}

/** An answer without what differs by design: request ids, and what belongs to the connection. */
function comparable(answer: Answer): unknown {
  const headers: Record<string, unknown> = { ...answer.headers }
  assert.match(String(headers['x-request-id']), /^req_/)
  for (const name of ['date', 'connection', 'keep-alive', 'x-request-id', 'content-length'])
    delete headers[name]
  let body: unknown = answer.body.toString('utf8')
  if (String(headers['content-type']).startsWith('application/problem+json')) {
    const problem = JSON.parse(String(body)) as Record<string, unknown>
    if (headers['idempotency-replayed'] === undefined) {
      assert.equal(problem.request_id, answer.headers['x-request-id'], 'the problem names its request')
    }
    delete problem.request_id
    body = problem
  }
  return { status: answer.status, headers, body }
}

const bodies = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .constantFrom('http://a.example/', 'https://b.example/x?y=1', 'http://refused.example/')
      .map((url) => JSON.stringify({ url })),
  },
  fc.constantFrom(
    JSON.stringify({ url: 'ftp://a.example/' }),
    JSON.stringify({ url: 'http://user:pw@a.example/' }),
    JSON.stringify({ url: 'not a url' }),
    JSON.stringify({ url: '' }),
    JSON.stringify({ url: 7 }),
    JSON.stringify({ url: 'http://a.example/', region: 'europe' }),
    JSON.stringify({}),
    JSON.stringify([{ url: 'http://a.example/' }]),
    '{"url":"http://a.example/","__proto__":{"x":1}}',
    '{"__proto__":{"url":"http://a.example/"}}',
    '{"url":"http://a.example/","url":"http://b.example/"}',
    '{"url":"http:\\/\\/a.example\\/"}',
    '{"url":"http://a.example/\\u00e9"}',
    '{ "url":"http://a.example/"}',
    '{"url":"http://a.example/"} ',
    '{"url":"http://a.example/\u00e9"}',
    '\ufeff{"url":"http://a.example/"}',
    '{"url":"http://a.example/"',
    'null',
    '',
    ' ',
    JSON.stringify({ url: `http://a.example/${'x'.repeat(17_000)}` }),
    JSON.stringify({ url: `http://a.example/${'x'.repeat(8_200)}` }),
  ),
)

const validBodies = fc
  .constantFrom(
    'http://a.example/',
    'https://b.example/x?y=1',
    'http://A.EXAMPLE./',
    'http://refused.example/',
  )
  .map((url) => JSON.stringify({ url }))

/** A call that is well-formed but for what `odd` picks: most calls reach the fetch's admission. */
const calls = fc
  .record({
    query: fc.constantFrom('', '?region=us-east', '?region=europe', '?region=us-west'),
    oddQuery: fc.constantFrom('?region=mars', '?region=europe&x=1', '?', '?region=us%2Deast', '/'),
    key: fc.constantFrom<Record<string, string>>(
      { 'x-api-key': keys.a1 },
      { 'x-api-key': keys.a2 },
      { 'x-api-key': keys.b },
      { authorization: `Bearer ${keys.b}` },
    ),
    oddKey: fc.constantFrom<Record<string, string>>(
      { 'x-api-key': 'nobody' },
      { authorization: 'Basic eDp5' },
      {},
    ),
    type: fc.constantFrom<Record<string, string>>(
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json; charset=utf-8' },
      { 'content-type': 'Application/JSON;charset="UTF-8"' },
    ),
    oddType: fc.constantFrom<Record<string, string>>(
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/json; charset=latin1' },
      { 'content-type': 'application/jsonx' },
      {},
    ),
    idempotency: fc.oneof(
      { weight: 3, arbitrary: fc.constant<Record<string, string>>({}) },
      fc.integer({ min: 0, max: 40 }).map((n) => ({ 'idempotency-key': `k${n}` })),
      fc.integer({ min: 0, max: 40 }).map((n) => ({ 'idempotency-key': `"k${n}"` })),
    ),
    oddIdempotency: fc.constantFrom<Record<string, string>>(
      { 'idempotency-key': 'a b' },
      { 'idempotency-key': '""' },
      { 'idempotency-key': 'x'.repeat(140) },
    ),
    userAgent: fc.constantFrom<Record<string, string>>({ 'user-agent': 'probe/1.0' }, { 'user-agent': '' }),
    body: validBodies,
    oddBody: bodies,
    odd: fc.constantFrom('none', 'none', 'none', 'query', 'key', 'type', 'idempotency', 'body'),
  })
  .map((c): Call => ({
    query: c.odd === 'query' ? c.oddQuery : c.query,
    headers: {
      ...(c.odd === 'key' ? c.oddKey : c.key),
      ...(c.odd === 'type' ? c.oddType : c.type),
      ...(c.odd === 'idempotency' ? c.oddIdempotency : c.idempotency),
      ...c.userAgent,
    },
    body: c.odd === 'body' ? c.oddBody : c.body,
  }))

describe('POST /v2/proxy/fetch on node:http', () => {
  const clock = manualClock()
  let direct: Awaited<ReturnType<typeof gatewayOn>>
  let reference: Awaited<ReturnType<typeof gatewayOn>>
  let port: number

  before(async () => {
    direct = await gatewayOn(clock, nodes())
    reference = await gatewayOn(clock, nodes())
    port = await listening(direct.app)
  })
  after(async () => {
    await direct.close()
    await reference.close()
  })

  it('answers every request as the Fastify route does: status, headers and body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(calls, fc.integer({ min: 0, max: 6_000 })), { minLength: 1, maxLength: 25 }),
        async (sequence) => {
          for (const [call, pause] of sequence) {
            clock.advance(pause)
            const overHttp = await send(port, call)
            const throughFastify = await inject(reference.app, call)

            assert.deepEqual(
              comparable(overHttp),
              comparable(throughFastify),
              JSON.stringify(call).slice(0, 400),
            )
          }
        },
      ),
      { numRuns: Number(process.env.SALLYPORT_FUZZ_RUNS ?? 40) },
    )
  })

  it('serves a well-formed fetch, and its refusals, without Fastify', async (t) => {
    const direct = await gatewayOn(manualClock(), nodes())
    t.after(() => direct.close())
    const port = await listening(direct.app)
    const before = direct.fastifyRequests()
    const headers = { 'x-api-key': keys.a2, 'content-type': 'application/json' }
    const ok = await send(port, {
      query: '?region=europe',
      headers,
      body: JSON.stringify({ url: 'http://c.example/' }),
    })
    assert.equal(ok.status, 200)
    assert.equal(JSON.parse(ok.body.toString()).region_used, 'europe')
    const unknown = await send(port, {
      query: '',
      headers: { ...headers, 'x-api-key': 'nobody' },
      body: '{}',
    })
    assert.equal(unknown.status, 401)
    assert.equal(direct.fastifyRequests(), before, 'neither went through Fastify')
    const invalid = await send(port, {
      query: '',
      headers,
      body: JSON.stringify({ url: 'ftp://c.example/' }),
    })
    assert.equal(invalid.status, 422)
    assert.equal(direct.fastifyRequests(), before + 1, 'a body it does not take goes to the Fastify route')
  })

  it('takes a body sent after its head as it takes one sent with it, on one connection', async (t) => {
    const direct = await gatewayOn(manualClock(), nodes())
    t.after(() => direct.close())
    const port = await listening(direct.app)
    const oneConnection = new Agent({ keepAlive: true, maxSockets: 1 })
    t.after(() => oneConnection.destroy())
    const before = direct.fastifyRequests()
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

    const call = (url: string) => ({
      query: '?region=europe',
      headers: { 'x-api-key': keys.a2, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    })
    // The head alone, and the body in two parts once the route has had time to start reading.
    const late = call('http://c.example/late')
    const first = await send(port, late, oneConnection, (request) => {
      request.flushHeaders()
      void pause(50)
        .then(() => request.write(late.body.slice(0, 7)))
        .then(() => pause(20))
        .then(() => request.end(late.body.slice(7)))
    })
    assert.equal(first.status, 200, first.body.toString())
    assert.equal(JSON.parse(first.body.toString()).region_used, 'europe')

    // Then head and body in one write, twice, on the same connection.
    for (const url of ['http://c.example/whole', 'http://c.example/again']) {
      const answer = await send(port, call(url), oneConnection)
      assert.equal(answer.status, 200, answer.body.toString())
      assert.equal(JSON.parse(answer.body.toString()).region_used, 'europe')
    }
    assert.equal(direct.fastifyRequests(), before, 'neither went through Fastify')
  })
})

describe('POST /v2/proxy/fetch on node:http, around the answer', () => {
  it('stops a fetch without an Idempotency-Key when its caller goes away', async (t) => {
    const held = gate()
    const node = heldNode(held)
    const gw = await gatewayOn(manualClock(), [node])
    t.after(() => gw.close())
    const port = await listening(gw.app)
    const aborted = new Promise<void>((resolve) => {
      const onJob = node.onJob
      node.onJob = (job, signal?: CancelSignal) => {
        signal?.addEventListener('abort', () => resolve(), { once: true })
        return onJob(job, signal)
      }
    })
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/v2/proxy/fetch',
      headers: { 'x-api-key': keys.a1, 'content-type': 'application/json' },
    })
    request.on('error', () => undefined)
    request.end(JSON.stringify({ url: 'http://held.example/' }))
    while (node.jobs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    request.destroy()
    await aborted
    held.open()
  })

  it('answers many large envelopes at once, each its own, while their pooled buffers are lent again', async (t) => {
    const clock = manualClock()
    // Envelopes larger than what the kernel takes of a write at once on a connection nobody reads.
    const size = 8 * 1024 * 1024
    const fills = [...'abcdef']
    let answered = 0
    const node = fakeNode('us-east', 'node_us-east', {
      // Each envelope in a pooled buffer, as a node writes a large one (envelope-json.ts), after a while.
      onJob: async (job) => {
        const fill = new URL(job.url).pathname.slice(1)
        await new Promise((resolve) => setTimeout(resolve, fill.charCodeAt(0) % 7))
        const json = envelopeFor(node, job, { result: fill.repeat(size), bytes: size })
        const pooled = takeBuffer(json.length)
        json.copy(pooled)
        answered++
        return { kind: 'envelope', body: pooled.subarray(0, json.length) }
      },
    })
    const store = createMemoryAdmissionStore({ clock })
    const gw = await gatewayOn(clock, [node], {
      rateLimits: {
        store,
        limits: fixedLimits(Object.freeze({ ...defaultLimits, targetHostPerWindow: 1000, inFlight: 100 })),
        hostKeySecret: 'route-test-secret-not-a-real-one',
      },
    })
    t.after(async () => {
      await gw.close()
      await store.close()
    })
    const port = await listening(gw.app)
    const idle = idlePoolBytes()
    for (let round = 0; round < 2; round++) {
      // Nobody reads until every envelope is answered: the writes wait in the kernel's buffers, and a
      // buffer given back before its write ended would be written over by the next envelope.
      const allAnswered = answered + fills.length
      const bodies = fills.map(
        (fill) =>
          new Promise<string>((resolve, reject) => {
            const request = httpRequest(
              {
                host: '127.0.0.1',
                port,
                method: 'POST',
                path: '/v2/proxy/fetch',
                headers: { 'x-api-key': keys.a1, 'content-type': 'application/json' },
              },
              (response) => {
                response.pause()
                const chunks: Buffer[] = []
                const read = () => {
                  if (answered < allAnswered) return void setTimeout(read, 20)
                  response.on('data', (chunk: Buffer) => chunks.push(chunk))
                  response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
                  response.resume()
                }
                setTimeout(read, 20)
              },
            )
            request.on('error', reject)
            request.end(JSON.stringify({ url: `http://big.example/${fill}` }))
          }),
      )
      const results = (await Promise.all(bodies)).map(
        (body) => (JSON.parse(body) as { result: string }).result,
      )
      results.forEach((result, i) => {
        assert.ok(result === fills[i]!.repeat(size), `the answer to ${fills[i]} is its own`)
      })
    }
    // A write's callback runs after its caller may have read the last byte: wait for the last ones.
    for (let turns = 0; turns < 200 && idlePoolBytes() <= idle; turns++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    assert.ok(idlePoolBytes() > idle, 'the buffers were given back once written')
  })

  it('writes every envelope byte for byte, with its head in one string or in buffers after it', async (t) => {
    const clock = manualClock()
    // The envelope a node answers for `http://text.example/<n>`: texts[n] as its result.
    const texts: string[] = []
    const answering = () =>
      (['us-east', 'us-west', 'europe'] as const).map((region) => {
        const node: FakeNode = fakeNode(region, `node_${region}`, {
          onJob: async (job) => {
            const result = texts[Number(new URL(job.url).pathname.slice(1))]!
            const bytes = Buffer.byteLength(result)
            return { kind: 'envelope', body: envelopeFor(node, job, { result, bytes }) }
          },
        })
        return node
      })
    const limits = fixedLimits(
      Object.freeze({
        ...defaultLimits,
        fetchPerWindow: 1e6,
        targetHostPerWindow: 1e6,
        generalPerWindow: 1e6,
      }),
    )
    const gateway = async () => {
      const store = createMemoryAdmissionStore({ clock })
      const gw = await gatewayOn(clock, answering(), {
        rateLimits: { store, limits, hostKeySecret: 'route-test-secret-not-a-real-one' },
      })
      t.after(async () => {
        await gw.close()
        await store.close()
      })
      return gw
    }
    const direct = await gateway()
    const reference = await gateway()
    const port = await listening(direct.app)
    const headers = { 'x-api-key': keys.a1, 'content-type': 'application/json' }
    // Envelopes of a few bytes to a few tens of kilobytes, many around 16 KiB, where the route stops
    // joining the envelope to its head; text of any code point, escapes and non-ASCII UTF-8 included.
    const sizes = fc.oneof(
      fc.integer({ min: 0, max: 2_000 }),
      fc.integer({ min: 15_800, max: 16_700 }),
      fc.integer({ min: 16_700, max: 40_000 }),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
        sizes,
        async (unit, size) => {
          texts.push(unit.repeat(Math.ceil(size / Buffer.byteLength(unit))))
          const call = {
            query: '',
            headers,
            body: JSON.stringify({ url: `http://text.example/${texts.length - 1}` }),
          }
          const overHttp = await send(port, call)
          const throughFastify = await inject(reference.app, call)
          assert.equal(overHttp.status, 200, overHttp.body.toString())
          assert.equal(Number(overHttp.headers['content-length']), overHttp.body.length)
          assert.ok(overHttp.body.equals(throughFastify.body), 'the same bytes as the Fastify route')
          assert.equal(
            (JSON.parse(overHttp.body.toString('utf8')) as { result: string }).result,
            texts.at(-1),
          )
        },
      ),
      { numRuns: Number(process.env.SALLYPORT_FUZZ_RUNS ?? 40) },
    )
  })

  for (const [level, perRequest] of [
    ['info', 1],
    ['debug', 2],
  ] as const) {
    it(`writes the lines the Fastify route writes at ${level}, without the URL`, async (t) => {
      const lines: Record<string, unknown>[] = []
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString('utf8').trim().split('\n'))
            lines.push(JSON.parse(line) as Record<string, unknown>)
          done()
        },
      })
      const gw = await gatewayOn(manualClock(), nodes(), {
        logger: { ...loggerOptions(level, 'gateway'), stream } as never,
      })
      t.after(() => gw.close())
      const port = await listening(gw.app)
      const headers = { 'x-api-key': keys.a1, 'content-type': 'application/json' }
      const calls: Call[] = [
        { query: '', headers, body: JSON.stringify({ url: 'http://secret-host.example/private-path' }) },
        { query: '', headers: { ...headers, 'x-api-key': 'nobody' }, body: '{}' },
      ]
      const shape = (line: Record<string, unknown> | undefined) => {
        assert.ok(line !== undefined)
        const { time: _time, reqId, responseTime, ...rest } = line
        assert.match(String(reqId), /^req_/)
        if (rest.msg === 'request completed') assert.equal(typeof responseTime, 'number')
        return rest
      }
      for (const call of calls) {
        lines.length = 0
        const direct = await send(port, call)
        const directLines = lines.splice(0)
        await inject(gw.app, call)
        assert.equal(directLines.length, perRequest, JSON.stringify(directLines))
        assert.equal(lines.length, perRequest, JSON.stringify(lines))
        assert.deepEqual(directLines.map(shape), lines.map(shape))
        for (const line of directLines) assert.equal(line.reqId, direct.headers['x-request-id'])
        assert.doesNotMatch(JSON.stringify(directLines), /secret-host|private-path/)
      }
    })
  }

  it('counts its answers in the HTTP metrics as the Fastify route does', async (t) => {
    const registry = new Registry()
    const gw = await gatewayOn(manualClock(), nodes(), { metrics: createGatewayMetrics(registry) })
    t.after(() => gw.close())
    const port = await listening(gw.app)
    const headers = { 'x-api-key': keys.a1, 'content-type': 'application/json' }
    const calls: Call[] = [
      { query: '', headers, body: JSON.stringify({ url: 'http://a.example/' }) },
      { query: '', headers, body: JSON.stringify({ url: 'http://refused.example/' }) },
      { query: '', headers: { ...headers, 'x-api-key': 'nobody' }, body: '{}' },
    ]
    for (const call of calls) {
      await send(port, call)
      await inject(gw.app, call)
    }
    const samples = parseMetrics(await registry.metrics())
    const counted = samplesOf(samples, 'sallyport_gateway_http_requests_total', { route: '/v2/proxy/fetch' })
    assert.deepEqual(counted.map(({ labels, value }) => [labels.status, labels.code, value]).sort(), [
      ['200', 'none', 2],
      ['401', 'invalid_api_key', 2],
      ['403', 'target_not_permitted', 2],
    ])
    const timed = samplesOf(samples, 'sallyport_gateway_http_request_duration_seconds_count', {
      route: '/v2/proxy/fetch',
    })
    assert.deepEqual(
      timed.map(({ value }) => value),
      [2, 2, 2],
    )
  })

  it('closes the connection of every answer once the gateway is closing', async (t) => {
    const gw = await gatewayOn(manualClock(), nodes(), { shutdownDelayMs: 300 })
    t.after(() => gw.close())
    const port = await listening(gw.app)
    const call = {
      query: '',
      headers: { 'x-api-key': keys.a1, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://a.example/' }),
    }
    const open = await send(port, call)
    assert.equal(open.headers.connection, 'keep-alive')
    const closing = gw.app.close()
    const last = await send(port, call)
    assert.equal(last.status, 200)
    assert.equal(last.headers.connection, 'close')
    // A body the route hands to Fastify's route is answered too, while the shutdown delay lasts.
    const refused = await send(port, { ...call, body: JSON.stringify({ url: 'ftp://a.example/' }) })
    assert.equal(refused.status, 422)
    assert.equal(refused.headers.connection, 'close')
    await closing
  })
})

describe('the url of a fetch body', () => {
  /** What the route has always read: `JSON.parse` of the body as UTF-8, an object with `url` alone. */
  function parsedUrl(body: Buffer): string | undefined {
    let parsed: unknown
    try {
      parsed = JSON.parse(body.toString('utf8'))
    } catch {
      return undefined
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
    const keys = Object.keys(parsed)
    if (keys.length !== 1 || keys[0] !== 'url') return undefined
    const url = (parsed as { url: unknown }).url
    return typeof url === 'string' ? url : undefined
  }

  const compact = (middle: Uint8Array) => Buffer.concat([Buffer.from('{"url":"'), middle, Buffer.from('"}')])
  const anyBody = fc.oneof(
    // Strings of any code points, as JSON writes them: quotes, backslashes and controls escaped.
    fc.string({ unit: 'binary', maxLength: 40 }).map((url) => Buffer.from(JSON.stringify({ url }))),
    // Bytes of any kind between the compact form's ends: invalid UTF-8, cut sequences, raw controls.
    fc.uint8Array({ maxLength: 40 }).map(compact),
    fc
      .array(fc.constantFrom(0x22, 0x5c, 0x1f, 0x20, 0x7f, 0x80, 0xc3, 0xa9, 0xe2, 0x82, 0xf0, 0x61), {
        maxLength: 12,
      })
      .map((bytes) => compact(Uint8Array.from(bytes))),
    // Near misses of the compact form, and anything at all.
    fc
      .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
      .map(([before, url, after]) => Buffer.from(`${before}{"url":"${url}"}${after}`)),
    fc.uint8Array({ maxLength: 24 }).map((bytes) => Buffer.from(bytes)),
  )

  it('is what JSON.parse makes of the body, for any body', () => {
    fc.assert(
      fc.property(anyBody, (body) => {
        assert.equal(urlOfBody(body), parsedUrl(body))
      }),
      { numRuns: 5_000 },
    )
  })

  it('reads the compact form without JSON.parse, and any other through it', (t) => {
    const parse = t.mock.method(JSON, 'parse')
    assert.equal(urlOfBody(Buffer.from('{"url":"https://a.example/é?q=1"}')), 'https://a.example/é?q=1')
    assert.equal(parse.mock.callCount(), 0)
    assert.equal(urlOfBody(Buffer.from('{"url":"https:\\/\\/a.example\\/"}')), 'https://a.example/')
    assert.equal(urlOfBody(Buffer.from('{"url": "https://a.example/"}')), 'https://a.example/')
    assert.equal(urlOfBody(Buffer.from('{"url":"a","url":"b"}')), 'b')
    assert.equal(urlOfBody(Buffer.from('{"url":"a"')), undefined)
    assert.equal(parse.mock.callCount(), 4)
  })
})
