/**
 * The floor of the fetch path in Node, for comparison only (`npm run bench -- --scenarios ...,node-floor`):
 * a server that answers POST /v2/proxy/fetch with the target's body in the same flat envelope, and does
 * nothing else. One process on node:http, one undici Pool per target origin (keep-alive), the body read
 * with listeners and escaped by JSON.stringify. No key lookup, limits, metering, schemas, metrics, address
 * policy, redirects or cookies.
 *
 * It answers what a Node process must do for a fetch at the least: parse two HTTP messages, write two,
 * and build one JSON answer. `sallyport / node-floor` is then how much Sallyport's own code costs on top
 * of Node, and `node-floor / squid` what Node costs against squid on the same machine.
 *
 * Never part of the service: it accepts the key in SALLYPORT_BENCH_FLOOR_KEY and loopback targets only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { Pool } from 'undici'
import { assertLoopback } from './lib/net.ts'

const apiKey = process.env.SALLYPORT_BENCH_FLOOR_KEY
if (apiKey === undefined || apiKey === '') {
  throw new Error('bench/node-floor.ts needs SALLYPORT_BENCH_FLOOR_KEY: the one key it accepts')
}

const pools = new Map<string, Pool>()
function poolFor(origin: string): Pool {
  let pool = pools.get(origin)
  if (pool === undefined) {
    pool = new Pool(origin, { connections: 256, keepAliveTimeout: 60_000 })
    pools.set(origin, pool)
  }
  return pool
}

function answer(response: ServerResponse, status: number, json: string): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  })
  response.end(json)
}

function problem(response: ServerResponse, status: number, code: string): void {
  answer(response, status, JSON.stringify({ code }))
}

function fetchFor(request: IncomingMessage, response: ServerResponse, raw: Buffer): void {
  if (request.headers['x-api-key'] !== apiKey) return problem(response, 401, 'unauthorized')
  const url = request.url ?? ''
  const region = new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('region') ?? 'us-east'
  let target: URL
  try {
    target = new URL((JSON.parse(raw.toString('utf8')) as { url: string }).url)
  } catch {
    return problem(response, 422, 'invalid_url')
  }
  try {
    assertLoopback(target.href)
  } catch {
    return problem(response, 403, 'target_forbidden')
  }
  poolFor(target.origin)
    .request({
      method: 'GET',
      path: target.pathname + target.search,
      headers: { 'user-agent': 'node-floor' },
    })
    .then(
      (upstream) => {
        const chunks: Buffer[] = []
        upstream.body.on('data', (chunk: Buffer) => chunks.push(chunk))
        upstream.body.on('error', () => problem(response, 502, 'upstream_unavailable'))
        upstream.body.on('end', () => {
          const body = Buffer.concat(chunks)
          answer(
            response,
            200,
            `{"region_used":${JSON.stringify(region)},"result":${JSON.stringify(body.toString('utf8'))},` +
              `"content_type":${JSON.stringify(upstream.headers['content-type'] ?? null)},` +
              `"status":${upstream.statusCode},"bytes":${body.length},"final_url":${JSON.stringify(target.href)}}`,
          )
        })
      },
      () => problem(response, 502, 'upstream_unavailable'),
    )
}

const server = createServer((request, response) => {
  if (request.method !== 'POST' || !request.url?.startsWith('/v2/proxy/fetch')) {
    request.resume()
    return problem(response, 404, 'not_found')
  }
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => fetchFor(request, response, Buffer.concat(chunks)))
})
server.keepAliveTimeout = 60_000

// SIGTERM ends the process normally, so that --cpu-prof writes its profile.
process.once('SIGTERM', () => process.exit(0))
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  process.send?.({ type: 'listening', port: address.port })
})
