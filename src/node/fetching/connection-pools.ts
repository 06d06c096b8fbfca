/**
 * The node's connections to targets: one undici `Pool` per origin (scheme, host, port), each connection in
 * it opened by the guarded connector to an address it checked for that host, with the host as TLS server
 * name. An HTTP/2 session is one connection of its origin's pool, reused the same way; nothing is shared
 * between origins (no HTTP/2 connection coalescing), so a reused connection or session only ever carries a
 * request for the host, port and scheme it was checked and opened for.
 *
 * Idle connections are bounded per node: whenever a connection opens or a response ends and more than
 * `maxIdleConnections` are open, the origins used least recently that have nothing in flight are closed;
 * an origin unused for `idleTimeoutMs` is closed too (undici closes idle HTTP/1.1 sockets on its own, but
 * keeps HTTP/2 sessions open for ever).
 */
import type { EventEmitter } from 'node:events'
import { Client, errors, Pool, type buildConnector, type Dispatcher } from 'undici'
import { headerBlockBytes } from './response-headers.ts'

export type ConnectionPoolsOptions = {
  connect: buildConnector.connector
  /** Largest response header block accepted, in bytes (names and values), on HTTP/1.1 and HTTP/2. */
  maxHeaderBytes: number
  /** Headers and body time-outs, each. */
  timeoutMs: number
  /** Connections and HTTP/2 sessions left open while idle, across all targets. */
  maxIdleConnections: number
  /** An origin unused this long has its connections closed; default 30 s. */
  idleTimeoutMs?: number
  now?: () => number
}

/** What cancels a hop: an AbortSignal, or an EventEmitter that emits 'abort' (undici takes either). */
export type HopSignal = AbortSignal | (EventEmitter & { readonly aborted: boolean })

export type HopRequest = { headers: Record<string, string>; signal: HopSignal }

export type ConnectionPools = {
  /** GET `url`; a header block over the cap rejects with undici's HeadersOverflowError on both protocols. */
  request(url: URL, hop: HopRequest): Promise<Dispatcher.ResponseData>
  /** Connections and HTTP/2 sessions open now, idle or not. */
  openConnections(): number
  close(): Promise<void>
}

type Entry = { pool: Pool; lastUsed: number }

/**
 * Requests one HTTP/2 session carries at once. undici sends one request at a time per connection unless
 * told otherwise (its `pipelining`), which on HTTP/2 would open a new session for every concurrent fetch
 * of an origin; HTTP/1.1 connections keep one at a time (no pipelining).
 */
const h2StreamsPerSession = 100

export function createConnectionPools(options: ConnectionPoolsOptions): ConnectionPools {
  const now = options.now ?? (() => performance.now())
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000
  /** Map order is use order: the least recently used origin comes first. */
  const pools = new Map<string, Entry>()
  let closed = false

  const sweep = setInterval(
    () => {
      const cutoff = now() - idleTimeoutMs
      for (const [origin, entry] of pools) {
        if (entry.lastUsed <= cutoff && isIdle(entry.pool)) retire(origin, entry)
      }
    },
    Math.max(1_000, idleTimeoutMs / 2),
  )
  sweep.unref()

  function poolFor(origin: string): Pool {
    let entry = pools.get(origin)
    if (entry === undefined) {
      const pool = new Pool(origin, {
        connect: options.connect,
        allowH2: true,
        // undici refuses a block that reaches maxHeaderSize; the cap itself is accepted.
        maxHeaderSize: options.maxHeaderBytes + 1,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        keepAliveMaxTimeout: idleTimeoutMs,
        factory: clientFactory,
      })
      pool.on('connect', trim)
      entry = { pool, lastUsed: now() }
    } else {
      pools.delete(origin)
      entry.lastUsed = now()
    }
    pools.set(origin, entry)
    return entry.pool
  }

  function clientFactory(origin: URL | string, clientOptions: object): Client {
    const client: Client = new Client(origin, {
      ...(clientOptions as Client.Options),
      connect: (connectOptions, callback) =>
        options.connect(connectOptions, (...result) => {
          callback(...result)
          const socket = result[1]
          if (socket !== null && 'alpnProtocol' in socket && socket.alpnProtocol === 'h2') {
            client.pipelining = h2StreamsPerSession
          }
        }),
    })
    return client
  }

  /** Closes least recently used idle origins while more connections are open than the cap. */
  function trim(): void {
    let open = countOpen()
    for (const [origin, entry] of pools) {
      if (open <= options.maxIdleConnections) return
      if (!isIdle(entry.pool)) continue
      open -= entry.pool.stats.connected
      retire(origin, entry)
    }
  }

  function retire(origin: string, entry: Entry): void {
    pools.delete(origin)
    // Graceful: anything still queued on it finishes first. No new request can reach it (it left the map).
    entry.pool.close().catch(noop)
  }

  function countOpen(): number {
    let open = 0
    for (const { pool } of pools.values()) open += pool.stats.connected
    return open
  }

  return {
    async request(url, hop) {
      if (closed) throw new errors.ClientClosedError()
      const response = await poolFor(url.origin).request({
        path: url.pathname + url.search,
        method: 'GET',
        headers: hop.headers,
        signal: hop.signal,
      })
      // HTTP/1.1 is capped by undici while parsing; HTTP/2 headers arrive whole, so they are measured here.
      if (headerBlockBytes(response.headers) > options.maxHeaderBytes) {
        response.body.destroy()
        throw new errors.HeadersOverflowError()
      }
      // The pool is idle a turn after its body ends (undici settles the request then): trim once it is.
      response.body.once('close', () => setImmediate(trim))
      return response
    },
    openConnections: countOpen,
    async close() {
      closed = true
      clearInterval(sweep)
      const closing = [...pools.values()].map((entry) => entry.pool.close())
      pools.clear()
      await Promise.all(closing)
    },
  }
}

function isIdle(pool: Pool): boolean {
  const { running, pending, queued } = pool.stats
  return running === 0 && pending === 0 && queued === 0
}

function noop(): void {}
