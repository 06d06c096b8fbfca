/**
 * The gateway port of `sallyport dev` with workers (docs/adr/0024-dev-supervisor-serves-connections.md):
 * the supervisor accepts every connection and either serves it itself, with the stores it holds in its own
 * memory, or hands it to a worker. A connection goes to whichever of them has the fewest (of the
 * supervisor's, those in use; of a worker's, those open), the supervisor first on a tie and the workers in
 * turn among themselves: a caller with one connection at a time meets no call between processes, and under
 * load every process takes its share.
 *
 * A handed connection is a socket sent with its message on the cluster's IPC channel, as node:cluster
 * sends the connections of a port it shares. Nothing is read from it before it arrives (`pauseOnConnect`).
 * A worker says when a connection it was handed closes, so the supervisor's counts stay true.
 */
import type { Worker } from 'node:cluster'
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'
import { createServer, Socket, type Server } from 'node:net'
import { performance } from 'node:perf_hooks'
import process from 'node:process'

type Handed = { sallyport: 'connection' }
type Closed = { sallyport: 'connection-closed' }

function isHanded(message: unknown): message is Handed {
  return typeof message === 'object' && message !== null && (message as Handed).sallyport === 'connection'
}

function isClosed(message: unknown): message is Closed {
  return (
    typeof message === 'object' && message !== null && (message as Closed).sallyport === 'connection-closed'
  )
}

/**
 * Who serves the next connection: -1 for the supervisor, else the index of a worker. The fewest
 * connections wins (the supervisor's in use, the workers' open); the supervisor wins a tie, and a tie among
 * workers goes to the first at or after `turn` (taken modulo their number), so that successive ties go to
 * each worker in turn.
 */
export function pickServer(hereInUse: number, workersOpen: readonly number[], turn: number): number {
  let best = -1
  let fewest = hereInUse
  const count = workersOpen.length
  for (let step = 0; step < count; step++) {
    const index = (turn + step) % count
    if (workersOpen[index]! < fewest) {
      best = index
      fewest = workersOpen[index]!
    }
  }
  return best
}

/** What the supervisor serves itself: see `servedConnections`. */
export type Here = { serve: (socket: Socket) => void; inUse: () => number }

export type ConnectionShare = {
  /** Starts accepting on the port; rejects as `server.listen` would (a port taken: EADDRINUSE). */
  listen(): Promise<{ port: number }>
  /**
   * Starts serving: `here.serve` takes a connection into a gateway's server of this process, `here.inUse`
   * counts those of its connections that are not idle. Connections accepted before wait for it, unread.
   */
  start(here: Here): void
  /** A worker that serves from now on. */
  add(worker: Worker): void
  /** A worker that exited: its connections went with it. */
  remove(worker: Worker): void
  /**
   * Stops accepting, at once. Connections already open stay with whoever serves them, and that one's
   * shutdown closes them (the port's server would wait for those it kept before its own close).
   */
  close(): void
}

/**
 * In the supervisor: accepts on `host:port`, serves each connection here or hands it to a worker. An error
 * of the listening socket once it listens (running out of file descriptors, say) goes to `onError`: the
 * port stays open, as a worker's stays open for node:cluster.
 */
export function shareConnections({
  host,
  port,
  onError,
}: {
  host: string
  port: number
  onError: (error: Error) => void
}): ConnectionShare {
  const workers: { worker: Worker; open: number }[] = []
  let here: Here | undefined
  let waiting: Socket[] = []
  let turn = 0
  const keep = (socket: Socket) => here!.serve(socket)
  const place = (socket: Socket) => {
    const pick = pickServer(
      here!.inUse(),
      workers.map((each) => each.open),
      turn,
    )
    if (pick === -1) {
      keep(socket)
      return
    }
    turn = pick + 1
    const entry = workers[pick]!
    entry.open++
    entry.worker.send({ sallyport: 'connection' } satisfies Handed, socket, (error) => {
      if (error === null) return
      // The worker went away meanwhile: the socket is still this process's, so it is served here.
      entry.open--
      if (!socket.destroyed) keep(socket)
    })
  }
  const server: Server = createServer({ pauseOnConnect: true }, (socket) => {
    if (here === undefined) {
      waiting.push(socket)
      socket.once('close', () => (waiting = waiting.filter((each) => each !== socket)))
      return
    }
    place(socket)
  })
  return {
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen({ host, port }, () => {
          server.off('error', reject)
          server.on('error', onError)
          const address = server.address()
          resolve({ port: typeof address === 'object' && address !== null ? address.port : port })
        })
      }),
    start: (served) => {
      here = served
      const early = waiting
      waiting = []
      for (const socket of early) place(socket)
    },
    add: (worker) => {
      if (workers.some((each) => each.worker === worker)) return
      const entry = { worker, open: 0 }
      workers.push(entry)
      worker.on('message', (message: unknown) => {
        if (isClosed(message) && entry.open > 0) entry.open--
      })
    },
    remove: (worker) => {
      const index = workers.findIndex((each) => each.worker === worker)
      if (index !== -1) workers.splice(index, 1)
    },
    close: () => {
      server.close()
      for (const socket of waiting) socket.destroy()
      waiting = []
    },
  }
}

/** How long a connection counts as in use after its last answer (see `servedConnections`). */
export const recentlyUsedMs = 1_000

/**
 * Connections served by `server`, which listens on no port of its own: they come from `shareConnections`,
 * in this process or in its supervisor. The server is told it listens, because Node's HTTP server starts
 * the checks of its headers and request timeouts (and the list of connections that `closeIdleConnections`
 * reads) on its `listening` event. `closed` stops taking connections and resolves once every one taken has
 * closed, for a shutdown to wait for.
 *
 * `inUse` counts the connections that are not idle: one with a request in flight, one that has carried
 * none yet, or one answered within the last second. A keep-alive connection left idle by a caller that
 * moved on does not count, so it does not send a busy caller's next connection to another process.
 */
export function servedConnections(
  server: HttpServer,
  onClose: () => void = () => {},
  now: () => number = () => performance.now(),
): { serve: (socket: Socket) => void; closed: () => Promise<void>; inUse: () => number } {
  type Use = { inFlight: number; answeredAt: number | undefined }
  const sockets = new Map<Socket, Use>()
  let refusing = false
  let drained: (() => void) | undefined
  server.emit('listening')
  // Requests are followed only once somebody asks (the supervisor's share does, before it keeps its first
  // connection): a worker, which never asks, does no work per request for it.
  let following = false
  const follow = () => {
    following = true
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const use = sockets.get(req.socket)
      if (use === undefined) return
      use.inFlight++
      res.once('close', () => {
        use.inFlight--
        use.answeredAt = now()
      })
    })
  }
  return {
    serve: (socket) => {
      if (refusing) {
        socket.destroy()
        onClose()
        return
      }
      sockets.set(socket, { inFlight: 0, answeredAt: undefined })
      socket.once('close', () => {
        sockets.delete(socket)
        onClose()
        if (sockets.size === 0) drained?.()
      })
      server.emit('connection', socket)
      socket.resume()
    },
    closed: () => {
      refusing = true
      if (sockets.size === 0) return Promise.resolve()
      return new Promise((resolve) => (drained = resolve))
    },
    inUse: () => {
      if (!following) follow()
      const since = now() - recentlyUsedMs
      let count = 0
      for (const { inFlight, answeredAt } of sockets.values()) {
        if (inFlight > 0 || answeredAt === undefined || answeredAt > since) count++
      }
      return count
    },
  }
}

/** In a worker: `serve` each connection the supervisor hands over, telling it when each one closes. */
export function takeHandedConnections(serve: (socket: Socket) => void): void {
  process.on('message', (message: unknown, handle: unknown) => {
    if (isHanded(message) && handle instanceof Socket) serve(handle)
  })
}

/** In a worker: what `servedConnections` calls when a handed connection closes. */
export function tellConnectionClosed(): void {
  if (process.connected) process.send?.({ sallyport: 'connection-closed' } satisfies Closed)
}
