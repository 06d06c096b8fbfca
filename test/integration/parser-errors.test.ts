/**
 * Requests Node's HTTP parser refuses never reach a route; they are still answered as problem+json with a
 * stable code (DESIGN 3), on the gateway and on the node, and the connection is closed after the answer.
 * Raw bytes over a socket: no HTTP client would send these.
 */
import assert from 'node:assert/strict'
import { connect, type AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildNode } from '../../src/node/app.ts'
import type { Fetcher } from '../../src/node/fetching/fetcher.ts'
import { buildTestGateway, type TestGateway } from '../helpers/test-gateway.ts'

type RawAnswer = { status: number; headers: Map<string, string>; body: string }

/** Sends `request` as it is and reads until the server closes the connection. */
async function sendRaw(port: number, request: string): Promise<RawAnswer> {
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    let received = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('end', () => resolve(received))
    socket.on('error', reject)
  })
  const split = raw.indexOf('\r\n\r\n')
  assert.ok(split > 0, `no complete answer: ${JSON.stringify(raw)}`)
  const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n')
  const headers = new Map(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(split + 4) }
}

const cases: { name: string; request: string; status: number; code: string }[] = [
  {
    name: 'a 20 KB header',
    request: `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    status: 431,
    code: 'request_header_too_large',
  },
  {
    name: 'a 20 KB query string',
    request: `GET /healthz?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    status: 431,
    code: 'request_header_too_large',
  },
  {
    name: 'a bad request line',
    request: 'GET  /healthz HTTP/9.9 extra\r\nHost: x\r\n\r\n',
    status: 400,
    code: 'malformed_request',
  },
  {
    name: 'an obs-folded header',
    request: 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Folded: one\r\n two\r\n\r\n',
    status: 400,
    code: 'malformed_request',
  },
  {
    name: 'a control character in a header',
    request: 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n',
    status: 400,
    code: 'malformed_request',
  },
  {
    name: 'Content-Length with Transfer-Encoding',
    request:
      'POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    status: 400,
    code: 'malformed_request',
  },
]

function checkAnswers(port: () => number): void {
  for (const { name, request, status, code } of cases) {
    it(`answers ${name} with ${status} ${code} as problem+json`, async () => {
      const answer = await sendRaw(port(), request)
      assert.equal(answer.status, status)
      assert.equal(answer.headers.get('content-type'), 'application/problem+json')
      assert.equal(answer.headers.get('connection'), 'close')
      const problem = JSON.parse(answer.body) as Record<string, unknown>
      assert.equal(problem.code, code)
      assert.equal(problem.status, status)
      assert.equal(problem.type, `/v2/docs/errors#${code}`)
      assert.match(String(problem.request_id), /^req_/)
      assert.equal(Number(answer.headers.get('content-length')), Buffer.byteLength(answer.body))
    })
  }
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return (app.server.address() as AddressInfo).port
}

describe('HTTP parser errors on the gateway', () => {
  let gateway: TestGateway
  let port = 0
  before(async () => {
    gateway = await buildTestGateway()
    port = await listen(gateway.app)
  })
  after(() => gateway.close())
  checkAnswers(() => port)

  it('still serves a well-formed request', async () => {
    const answer = await sendRaw(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    assert.equal(answer.status, 200)
  })
})

describe('HTTP parser errors on the node', () => {
  let node: FastifyInstance
  let port = 0
  before(async () => {
    const fetcher: Fetcher = {
      fetch: () => Promise.reject(new Error('no job reaches the fetcher in these tests')),
      close: async () => undefined,
    }
    node = buildNode({
      region: 'europe',
      deviceId: 'node_test',
      publicIp: '203.0.113.7',
      fleetSecret: 'fleet-secret-for-parser-tests-0123456789',
      fetcher,
      clock: { now: () => Date.now(), monotonic: () => performance.now() },
      logger: false,
    })
    port = await listen(node)
  })
  after(() => node.close())
  checkAnswers(() => port)
})
