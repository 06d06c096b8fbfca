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
 * keeps HTTP/2 sessions open for ever). Counting open connections means asking every client of every pool,
 * so it is skipped while the clients the pools hold could not exceed the cap even if all were connected.
 */
import { performance } from 'node:perf_hooks'
import type { CancelSignal } from '../../shared/cancellation.ts'
import { Client, errors, Pool, type buildConnector } from 'undici'
import { TargetResponse } from './target-response.ts'

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

/** What cancels a hop: an AbortSignal or a `Cancellation` (undici takes either). */
export type HopRequest = { headers: Record<string, string>; signal: CancelSignal }

export type ConnectionPools = {
  /**
   * GET `url`: settles once the headers are in, the body still to be read (`TargetResponse`). A header
   * block over the cap rejects with undici's HeadersOverflowError on both protocols.
   */
  request(url: URL, hop: HopRequest): Promise<TargetResponse>
  /** Connections and HTTP/2 sessions open now, idle or not. */
  openConnections(): number
  close(): Promise<void>
}

/** `clients`: the clients this origin's pool was given, an upper bound on its open connections. */
type Entry = { pool: Pool; lastUsed: number; clients: number }

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
  /** The last origin in `pools`, the most recently used, and its entry: a request to it needs no lookup. */
  let newest: string | undefined
  let newestEntry: Entry | undefined
  /**
   * Clients created for the origins in `pools`. A connected client is one of them (undici keeps a client
   * in its pool while it reconnects, and drops it only after a failed connect), so while this is within
   * the cap the connections open are too, and a trim would close nothing.
   */
  let clients = 0
  /** A trim is queued for the next turn; the responses ending in this one need no other. */
  let trimQueued = false
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
    if (origin === newest && newestEntry !== undefined) {
      newestEntry.lastUsed = now()
      return newestEntry.pool
    }
    const entry = pools.get(origin) ?? createEntry(origin)
    entry.lastUsed = now()
    // Moved to the end of the use order.
    pools.delete(origin)
    pools.set(origin, entry)
    newest = origin
    newestEntry = entry
    return entry.pool
  }

  function createEntry(origin: string): Entry {
    const pool = new Pool(origin, {
      connect: options.connect,
      allowH2: true,
      // undici refuses a block that reaches maxHeaderSize; the cap itself is accepted.
      maxHeaderSize: options.maxHeaderBytes + 1,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      keepAliveMaxTimeout: idleTimeoutMs,
      factory: (url: URL | string, clientOptions: object) => {
        // undici calls this when a request needs a client, never from the constructor, so `entry` is set.
        // Counted only while the origin is in `pools`: a retired one was taken off the count whole.
        if (pools.get(origin) === entry) {
          entry.clients++
          clients++
        }
        return clientFactory(url, clientOptions)
      },
    })
    pool.on('connect', trimIfOver)
    const entry: Entry = { pool, lastUsed: now(), clients: 0 }
    return entry
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

  function trimIfOver(): void {
    if (clients > options.maxIdleConnections) trim()
  }

  /** After a response ends: the pool is idle a turn later (undici settles the request then). */
  function queueTrim(): void {
    if (trimQueued || clients <= options.maxIdleConnections) return
    trimQueued = true
    setImmediate(runQueuedTrim)
  }

  function runQueuedTrim(): void {
    trimQueued = false
    trim()
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
    clients -= entry.clients
    if (origin === newest) {
      newest = undefined
      newestEntry = undefined
    }
    // Graceful: anything still queued on it finishes first. No new request can reach it (it left the map).
    entry.pool.close().catch(noop)
  }

  function countOpen(): number {
    let open = 0
    for (const { pool } of pools.values()) open += pool.stats.connected
    return open
  }

  return {
    request(url, hop) {
      if (closed) return Promise.reject(new errors.ClientClosedError())
      const pool = poolFor(url.origin)
      return new Promise((resolve, reject) => {
        const response = new TargetResponse(resolve, reject, hop.signal, options.maxHeaderBytes, queueTrim)
        pool.dispatch(
          { origin: url.origin, path: url.pathname + url.search, method: 'GET', headers: hop.headers },
          response,
        )
      })
    },
    openConnections: countOpen,
    async close() {
      closed = true
      clearInterval(sweep)
      const closing = [...pools.values()].map((entry) => entry.pool.close())
      pools.clear()
      newest = undefined
      newestEntry = undefined
      clients = 0
      await Promise.all(closing)
    },
  }
}

function isIdle(pool: Pool): boolean {
  const { running, pending, queued } = pool.stats
  return running === 0 && pending === 0 && queued === 0
}

function noop(): void {}
