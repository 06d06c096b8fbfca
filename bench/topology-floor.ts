/**
 * The floor of the production topology in Node, for comparison only (`npm run bench -- --scenarios
 * direct,squid,topology,topology-floor`): the topology's processes and the messages a fetch sends between
 * them, with the least work at each step. `topology / topology-floor` is then what Sallyport's own code
 * costs in that layout, and `topology-floor / squid` what the layout costs in Node against squid.
 *
 * `node bench/topology-floor.ts gateway`: node:http; a request is answered when its API key is the one key
 * (SALLYPORT_BENCH_FLOOR_KEY) and its body is `{"url": ...}`. Before dispatch, one Redis command per fetch
 * (an INCR of the account's counter; ioredis sends a turn's commands in one write); then the job goes to
 * its region's node on a link of its own (frames of a 8-byte head, its payload's length and the job's id,
 * a turn's frames in one write), and its count into a group commit on PostgreSQL (one upsert per commit, a
 * commit at a time, the counts of the fetches that came meanwhile in the next). The envelope is answered
 * once the node answered and its count is committed, as the topology's is.
 *
 * `node bench/topology-floor.ts node`: frames from gateways; each job fetched with one undici Pool per
 * origin, its body's envelope fields (without `region_used`, which the gateway puts first) framed back.
 *
 * No key record, limits, standing, idempotency, schemas, metrics, address policy, redirects, cookies,
 * fleet signatures, health checks or fail-over. Never part of the service: loopback targets only.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect, createServer as createTcpServer, type Socket } from 'node:net'
import { Redis } from 'ioredis'
import pg from 'pg'
import { Pool } from 'undici'
import { assertLoopback } from './lib/net.ts'

const headBytes = 8

function listening(server: { address(): unknown }): void {
  const address = server.address() as { port: number }
  process.send?.({ type: 'listening', port: address.port })
}

/** Writes frames to `socket`, those of one turn in one write. */
function frameWriter(socket: Socket): (id: number, payload: Buffer) => void {
  let corked = false
  return (id, payload) => {
    if (!corked) {
      corked = true
      socket.cork()
      setImmediate(() => {
        corked = false
        socket.uncork()
      })
    }
    const head = Buffer.allocUnsafe(headBytes)
    head.writeUInt32LE(payload.length, 0)
    head.writeUInt32LE(id, 4)
    socket.write(head)
    socket.write(payload)
  }
}

/** Calls `onFrame` with each whole frame that arrives on `socket`. */
function readFrames(socket: Socket, onFrame: (id: number, payload: Buffer) => void): void {
  let pending: Buffer | undefined
  socket.on('data', (chunk: Buffer) => {
    let data = pending === undefined ? chunk : Buffer.concat([pending, chunk])
    pending = undefined
    while (data.length >= headBytes) {
      const length = data.readUInt32LE(0)
      if (data.length < headBytes + length) break
      onFrame(data.readUInt32LE(4), data.subarray(headBytes, headBytes + length))
      data = data.subarray(headBytes + length)
    }
    if (data.length > 0) pending = data
  })
}

function runNode(): void {
  const pools = new Map<string, Pool>()
  const poolFor = (origin: string) => {
    let pool = pools.get(origin)
    if (pool === undefined) {
      pool = new Pool(origin, { connections: 256, keepAliveTimeout: 60_000 })
      pools.set(origin, pool)
    }
    return pool
  }
  const failed = (status: number) => Buffer.from(`"result":null,"status":${status},"bytes":0}`)
  const server = createTcpServer((socket) => {
    socket.setNoDelay(true)
    const write = frameWriter(socket)
    readFrames(socket, (id, payload) => {
      let target: URL
      try {
        target = new URL((JSON.parse(payload.toString('utf8')) as { url: string }).url)
        assertLoopback(target.href)
      } catch {
        return write(id, failed(0))
      }
      poolFor(target.origin)
        .request({ method: 'GET', path: target.pathname + target.search, headers: { 'user-agent': 'floor' } })
        .then(
          (upstream) => {
            const chunks: Buffer[] = []
            upstream.body.on('data', (chunk: Buffer) => chunks.push(chunk))
            upstream.body.on('error', () => write(id, failed(502)))
            upstream.body.on('end', () => {
              const body = Buffer.concat(chunks)
              write(
                id,
                Buffer.from(
                  `"result":${JSON.stringify(body.toString('utf8'))},` +
                    `"content_type":${JSON.stringify(upstream.headers['content-type'] ?? null)},` +
                    `"status":${upstream.statusCode},"bytes":${body.length},"final_url":${JSON.stringify(target.href)}}`,
                ),
              )
            })
          },
          () => write(id, failed(502)),
        )
    })
  })
  process.once('SIGTERM', () => process.exit(0))
  server.listen(0, '127.0.0.1', () => listening(server))
}

function runGateway(): void {
  const apiKey = process.env.SALLYPORT_BENCH_FLOOR_KEY
  const nodes = JSON.parse(process.env.SALLYPORT_BENCH_FLOOR_NODES ?? '{}') as Record<string, number>
  const redisUrl = process.env.SALLYPORT_BENCH_FLOOR_REDIS
  const databaseUrl = process.env.SALLYPORT_BENCH_FLOOR_DATABASE
  if (!apiKey || redisUrl === undefined || databaseUrl === undefined) {
    throw new Error('the topology floor gateway needs its key, nodes, Redis and database')
  }
  const account = 'floor'
  const redis = new Redis(redisUrl, { enableAutoPipelining: true })
  const database = new pg.Client({ connectionString: databaseUrl })
  void database.connect()

  // A link to each region's node; answers by job id.
  let nextId = 0
  const waiting = new Map<number, (fields: Buffer) => void>()
  const links = new Map<string, (id: number, payload: Buffer) => void>()
  for (const [region, port] of Object.entries(nodes)) {
    const socket = connect(port, '127.0.0.1')
    socket.setNoDelay(true)
    links.set(region, frameWriter(socket))
    readFrames(socket, (id, payload) => {
      const done = waiting.get(id)
      waiting.delete(id)
      done?.(Buffer.from(payload))
    })
  }

  // The group commit: the counts of the fetches that came while a commit was on its way go in the next.
  let counted = 0
  let callers: (() => void)[] = []
  let committing = false
  let scheduled = false
  const commit = () => {
    scheduled = false
    if (committing || counted === 0) return
    committing = true
    const requests = counted
    const done = callers
    counted = 0
    callers = []
    database
      .query({
        name: 'floor-usage',
        text:
          'insert into floor_usage (account_id, day, requests) values ($1, $2, $3) ' +
          'on conflict (account_id, day) do update set requests = floor_usage.requests + excluded.requests',
        values: [account, new Date().toISOString().slice(0, 10), requests],
      })
      .then(
        () => done.forEach((caller) => caller()),
        () => done.forEach((caller) => caller()),
      )
      .finally(() => {
        committing = false
        if (counted > 0) commit()
      })
  }
  const counting = () =>
    new Promise<void>((resolve) => {
      counted += 1
      callers.push(resolve)
      if (!scheduled && !committing) {
        scheduled = true
        setImmediate(commit)
      }
    })

  const answer = (response: ServerResponse, status: number, body: Buffer | string) => {
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': typeof body === 'string' ? Buffer.byteLength(body) : body.length,
    })
    response.end(body)
  }

  const fetchFor = async (request: IncomingMessage, response: ServerResponse, raw: Buffer) => {
    if (request.headers['x-api-key'] !== apiKey) return answer(response, 401, '{"code":"unauthorized"}')
    const url = request.url ?? ''
    const region = new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('region') ?? 'us-east'
    const link = links.get(region)
    let target: string
    try {
      target = (JSON.parse(raw.toString('utf8')) as { url: string }).url
      new URL(target)
    } catch {
      return answer(response, 422, '{"code":"invalid_url"}')
    }
    if (link === undefined) return answer(response, 422, '{"code":"invalid_region"}')
    await redis.incr(`floor:{${account}}:n`)
    const id = ++nextId
    const fields = new Promise<Buffer>((resolve) => waiting.set(id, resolve))
    link(id, Buffer.from(JSON.stringify({ url: target })))
    const committed = counting()
    const body = await fields
    await committed
    answer(response, 200, Buffer.concat([Buffer.from(`{"region_used":${JSON.stringify(region)},`), body]))
  }

  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      fetchFor(request, response, Buffer.concat(chunks)).catch(() =>
        answer(response, 502, '{"code":"failed"}'),
      )
    })
  })
  server.keepAliveTimeout = 60_000
  process.once('SIGTERM', () => {
    void database.end().catch(() => {})
    redis.disconnect()
    process.exit(0)
  })
  server.listen(0, '127.0.0.1', () => listening(server))
}

const role = process.argv[2]
if (role === 'node') runNode()
else if (role === 'gateway') runGateway()
else throw new Error('usage: bench/topology-floor.ts gateway|node')
