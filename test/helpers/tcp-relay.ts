/**
 * A TCP relay between a process under test and a store it uses (PostgreSQL, Redis), so a test can take the
 * store away from that one process without touching the shared server other tests use:
 *
 * - `cut()`: every relayed connection is destroyed and the relay stops listening, so new connections are
 *   refused at once: what a client sees when the server crashed or restarted.
 * - `stall()`: connections stay open and new ones are accepted, but nothing passes either way: a hung
 *   server, a full network partition.
 * - `resume()`: a stalled relay passes on what it held, in order, on the same connections: a server that
 *   answers again after a pause.
 * - `restore()`: listening again on the same port and relaying as before.
 */
import { createServer, connect, type Server, type Socket } from 'node:net'

export type TcpRelay = {
  host: string
  port: number
  /** How many connections pass through the relay right now. */
  connections(): number
  cut(): Promise<void>
  stall(): void
  resume(): void
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpRelay(
  target: { host: string; port: number },
  listenHost = '127.0.0.1',
): Promise<TcpRelay> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>()
  let stalled = false
  let port = 0

  function relay(client: Socket): void {
    const upstream = connect({ host: target.host, port: target.port })
    const pair = { client, upstream }
    pairs.add(pair)
    const end = () => {
      client.destroy()
      upstream.destroy()
      pairs.delete(pair)
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
    // Stalled: the connection is made, but nothing read is forwarded (pipe() would resume the streams).
    if (stalled) return
    client.pipe(upstream)
    upstream.pipe(client)
  }

  let server: Server
  async function listen(): Promise<void> {
    server = createServer(relay)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, listenHost, () => {
        server.off('error', reject)
        resolve()
      })
    })
    const address = server.address()
    if (typeof address === 'object' && address !== null) port = address.port
  }

  async function stopListening(): Promise<void> {
    if (!server.listening) return
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** Destroys every relayed connection, both sides. */
  function dropAll(): void {
    for (const { client, upstream } of pairs) {
      client.destroy()
      upstream.destroy()
    }
    pairs.clear()
  }

  await listen()
  return {
    host: listenHost,
    get port() {
      return port
    },
    connections: () => pairs.size,
    async cut() {
      stalled = false
      const closed = stopListening()
      dropAll()
      await closed
    },
    stall() {
      stalled = true
      for (const { client, upstream } of pairs) {
        // Nothing read is nothing forwarded: bytes wait in the kernel buffers as on a dead link.
        client.unpipe(upstream)
        upstream.unpipe(client)
        client.pause()
        upstream.pause()
      }
    },
    resume() {
      stalled = false
      for (const { client, upstream } of pairs) {
        client.pipe(upstream)
        upstream.pipe(client)
      }
    },
    async restore() {
      if (stalled) {
        stalled = false
        // A stalled connection has lost its place in the protocol: the clients must open new ones.
        dropAll()
      }
      if (!server.listening) await listen()
    },
    async close() {
      const closed = stopListening()
      dropAll()
      await closed
    },
  }
}
