import assert from 'node:assert/strict'
import { once } from 'node:events'
import { Agent, createServer, request, type Server } from 'node:http'
import { connect, type Socket } from 'node:net'
import { describe, test } from 'node:test'
import type { Worker } from 'node:cluster'
import { pickServer, recentlyUsedMs, servedConnections, shareConnections } from './connection-hand-off.ts'

describe('pickServer', () => {
  test('the supervisor takes a connection while it has no more open than any worker', () => {
    assert.equal(pickServer(0, [0, 0], 0), -1)
    assert.equal(pickServer(3, [3, 4], 1), -1)
    assert.equal(pickServer(0, [], 5), -1)
  })

  test('otherwise the worker with the fewest, ties in turn from `turn` on', () => {
    assert.equal(pickServer(1, [0, 0], 0), 0)
    assert.equal(pickServer(1, [0, 0], 1), 1)
    assert.equal(pickServer(1, [0, 0], 2), 0)
    assert.equal(pickServer(5, [4, 2, 3], 0), 1)
    assert.equal(pickServer(5, [2, 4, 2], 1), 2)
  })

  test('spreads a burst of connections evenly, the supervisor included', () => {
    const open = [0, 0]
    let here = 0
    let turn = 0
    for (let i = 0; i < 64; i++) {
      const pick = pickServer(here, open, turn)
      if (pick === -1) here++
      else {
        open[pick]!++
        turn = pick + 1
      }
    }
    assert.deepEqual([here, ...open], [22, 21, 21])
  })
})

/** A plain HTTP server that listens on no port, with the timeouts it would have on one. */
function unlistenedServer(headersTimeout = 60_000): Server {
  const server = createServer({
    headersTimeout,
    requestTimeout: headersTimeout * 2,
    connectionsCheckingInterval: 50,
  })
  server.on('request', (req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end('slow'), 300)
    else res.end(`served ${req.url}`)
  })
  return server
}

function get(
  port: number,
  path: string,
  agent: Agent | false = false,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
      .on('error', reject)
      .end()
  })
}

describe('shareConnections and servedConnections, in one process', () => {
  test('serves connections accepted before it started, unread until then, and every one after', async () => {
    const share = shareConnections({ host: '127.0.0.1', port: 0, onError: (error) => assert.fail(error) })
    const { port } = await share.listen()
    const server = unlistenedServer()
    const served = servedConnections(server)
    try {
      const early = get(port, '/early')
      await new Promise((resolve) => setTimeout(resolve, 100))
      share.start(served)
      assert.deepEqual((await early).body, 'served /early')
      for (let i = 0; i < 3; i++) assert.equal((await get(port, `/later/${i}`)).body, `served /later/${i}`)
      // Closed, it accepts no more at once, while a connection it kept open is still served.
      const kept = new Agent({ keepAlive: true, maxSockets: 1 })
      assert.equal((await get(port, '/kept', kept)).body, 'served /kept')
      share.close()
      await assert.rejects(get(port, '/refused'), { code: 'ECONNREFUSED' })
      assert.equal((await get(port, '/kept/again', kept)).body, 'served /kept/again')
      kept.destroy()
    } finally {
      share.close()
      server.closeAllConnections()
    }
  })

  test('keeps the header timeout of a connection it was given', async () => {
    const share = shareConnections({ host: '127.0.0.1', port: 0, onError: (error) => assert.fail(error) })
    const { port } = await share.listen()
    const server = unlistenedServer(200)
    share.start(servedConnections(server))
    try {
      const slowloris: Socket = connect(port, '127.0.0.1')
      slowloris.write('GET / HTTP/1.1\r\nHost: x\r\n')
      let answer = ''
      slowloris.on('data', (chunk: Buffer) => (answer += chunk.toString()))
      await once(slowloris, 'close')
      assert.match(answer, /^HTTP\/1\.1 408 /)
    } finally {
      share.close()
      server.closeAllConnections()
    }
  })

  test('closed() waits for the answer in flight, closes idle connections and refuses new ones', async () => {
    const share = shareConnections({ host: '127.0.0.1', port: 0, onError: (error) => assert.fail(error) })
    const { port } = await share.listen()
    const server = unlistenedServer()
    const served = servedConnections(server)
    share.start(served)
    try {
      // Idle: answered once, kept alive.
      const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 })
      await get(port, '/once', keptAlive)
      const [idle] = Object.values(keptAlive.freeSockets).flat()
      assert.ok(idle !== undefined)
      const slow = get(port, '/slow')
      await new Promise((resolve) => setTimeout(resolve, 50))
      let done = false
      const closed = served.closed().then(() => (done = true))
      server.closeIdleConnections()
      await once(idle, 'close')
      assert.equal(done, false, 'the slow answer is still in flight')
      assert.equal((await slow).body, 'slow')
      await closed
      const late = connect(port, '127.0.0.1')
      await once(late, 'close')
    } finally {
      share.close()
    }
  })
})

/**
 * A worker as the share sees one: what it is sent goes to `server` (served as a worker serves what it is
 * handed), and each close is told back as a worker tells it.
 */
function fakeWorker(server: Server): Worker & { handed: number } {
  const listeners: ((message: unknown) => void)[] = []
  const served = servedConnections(server, () => {
    for (const listener of listeners) listener({ sallyport: 'connection-closed' })
  })
  const worker = {
    handed: 0,
    send: (_message: unknown, socket: Socket, callback: (error: Error | null) => void) => {
      worker.handed++
      served.serve(socket)
      callback(null)
      return true
    },
    on: (_event: string, listener: (message: unknown) => void) => listeners.push(listener),
  }
  return worker as unknown as Worker & { handed: number }
}

describe('shareConnections with a worker', () => {
  test('keeps a caller with one connection at a time, and hands over the next while it serves one', async () => {
    let clock = 0
    const share = shareConnections({ host: '127.0.0.1', port: 0, onError: (error) => assert.fail(error) })
    const { port } = await share.listen()
    const hereServer = unlistenedServer()
    const workerServer = unlistenedServer()
    const worker = fakeWorker(workerServer)
    share.start(servedConnections(hereServer, undefined, () => clock))
    share.add(worker)
    try {
      for (let i = 0; i < 3; i++) await get(port, `/alone/${i}`)
      assert.equal(worker.handed, 0, 'one connection at a time: each served here')

      // A request in flight here: the next connection is the worker's.
      const busy = connect(port, '127.0.0.1')
      busy.write('POST /held HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n1')
      await new Promise((resolve) => setTimeout(resolve, 50))
      await get(port, '/next')
      assert.equal(worker.handed, 1)
      busy.destroy()
      await once(busy, 'close')

      // A keep-alive connection answered a moment ago counts; once idle for a second, it no longer does.
      const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 })
      await get(port, '/kept', keptAlive)
      await get(port, '/while-recent')
      assert.equal(worker.handed, 2)
      clock += recentlyUsedMs + 1
      await get(port, '/after-a-second')
      assert.equal(worker.handed, 2, 'an idle connection does not keep the next one away')
      keptAlive.destroy()
    } finally {
      share.close()
      hereServer.closeAllConnections()
      workerServer.closeAllConnections()
    }
  })

  test('hands a burst of connections to every process in equal shares', async () => {
    const share = shareConnections({ host: '127.0.0.1', port: 0, onError: (error) => assert.fail(error) })
    const { port } = await share.listen()
    const hereServer = unlistenedServer()
    const servers = [unlistenedServer(), unlistenedServer()]
    const workers = servers.map((server) => fakeWorker(server))
    share.start(servedConnections(hereServer))
    for (const worker of workers) share.add(worker)
    try {
      // Thirty callers, each with a request in flight on a connection of its own.
      const sockets = Array.from({ length: 30 }, () => {
        const socket = connect(port, '127.0.0.1')
        socket.write('POST /burst HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n1')
        return socket
      })
      await new Promise((resolve) => setTimeout(resolve, 200))
      assert.deepEqual(
        workers.map((worker) => worker.handed),
        [10, 10],
      )
      for (const socket of sockets) socket.destroy()
    } finally {
      share.close()
      for (const server of [hereServer, ...servers]) server.closeAllConnections()
    }
  })
})
