import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { errors, Pool } from 'undici'
import { Cancellation } from '../../shared/cancellation.ts'
import { requestTarget } from './target-response.ts'

describe('a request to a target on the dispatcher API', () => {
  let server: Server
  let pool: Pool
  const sockets = new Set<Socket>()
  const routes = new Map<string, (response: ServerResponse) => void>()

  before(async () => {
    server = createServer((request, response) => routes.get(request.url ?? '')?.(response))
    server.on('connection', (socket: Socket) => {
      sockets.add(socket)
      socket.once('close', () => sockets.delete(socket))
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: 4 })
  })
  after(async () => {
    await pool.close()
    server.closeAllConnections()
    server.close()
  })

  function get(path: string, signal = new Cancellation(), onDone = () => {}) {
    return requestTarget(pool, path, { accept: '*/*' }, signal, onDone)
  }

  it('answers the status, the headers as undici parses them, and the whole body', async () => {
    routes.set('/plain', (response) => {
      response.setHeader('set-cookie', ['a=1', 'b=2'])
      response.setHeader('content-type', 'text/plain')
      response.write('hello ')
      response.end('world')
    })
    const signal = new Cancellation()
    let done = 0
    const response = await get('/plain', signal, () => done++)
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'text/plain')
    assert.deepEqual(response.headers['set-cookie'], ['a=1', 'b=2'])
    assert.equal(String(await response.body.collect(1024)), 'hello world')
    assert.equal(done, 1)
    assert.equal(signal.listenerCount(), 0)
  })

  it('skips an informational answer and settles with the final one', async () => {
    routes.set('/hints', (response) => {
      response.writeEarlyHints({ link: '</style.css>; rel=preload' })
      response.statusCode = 404
      response.end('final')
    })
    const response = await get('/hints')
    assert.equal(response.statusCode, 404)
    assert.equal(String(await response.body.collect(1024)), 'final')
  })

  it('holds a body that arrives before its reader, pausing the connection, and loses nothing', async () => {
    const chunk = Buffer.alloc(32 * 1024, 'x')
    routes.set('/large', (response) => {
      for (let i = 0; i < 32; i++) response.write(chunk)
      response.end()
    })
    const response = await get('/large')
    // The reader comes late: by now far more than the held bytes could have arrived.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const body = await response.body.collect(2 * 1024 * 1024)
    assert.equal(body?.length, 32 * chunk.length)
  })

  it('stops reading past the cap and aborts, closing the connection', async () => {
    routes.set('/big', (response) => {
      response.write(Buffer.alloc(4096))
      response.write(Buffer.alloc(4096))
      // Never ends: only the abort closes it.
    })
    const signal = new Cancellation()
    const response = await get('/big', signal)
    const before = sockets.size
    assert.equal(await response.body.collect(5000), undefined)
    while (sockets.size >= before) await new Promise((resolve) => setTimeout(resolve, 5))
    assert.equal(signal.listenerCount(), 0)
  })

  it('streams a body with backpressure', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'y')
    routes.set('/stream', (response) => {
      for (let i = 0; i < 16; i++) response.write(chunk)
      response.end()
    })
    const response = await get('/stream')
    let total = 0
    for await (const piece of response.body.stream()) {
      total += (piece as Buffer).length
      await new Promise((resolve) => setImmediate(resolve))
    }
    assert.equal(total, 16 * chunk.length)
  })

  it('a cancelled signal aborts the body being read; the error reaches its reader', async () => {
    routes.set('/hang', (response) => {
      response.write('partial')
    })
    const signal = new Cancellation()
    const response = await get('/hang', signal)
    const reading = response.body.collect(1024)
    signal.abort()
    await assert.rejects(reading, errors.RequestAbortedError)
    assert.equal(signal.listenerCount(), 0)
  })

  it('a signal cancelled before the headers rejects the request, and one cancelled before it is sent', async () => {
    routes.set('/silent', () => {})
    const signal = new Cancellation()
    const pending = get('/silent', signal)
    setTimeout(() => signal.abort(new Error('deadline')), 20)
    await assert.rejects(pending, /deadline/)
    assert.equal(signal.listenerCount(), 0)

    const cancelled = new Cancellation()
    cancelled.abort()
    let done = 0
    await assert.rejects(
      get('/plain', cancelled, () => done++),
      errors.RequestAbortedError,
    )
    assert.equal(done, 1)
  })

  it('dump keeps the connection for a small body and closes it past the limit', async () => {
    const ports: (number | undefined)[] = []
    routes.set('/small', (response) => {
      ports.push(response.socket?.remotePort)
      response.end('redirect body')
    })
    // One connection: a second would be a new one.
    const single = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: 1 })
    const small = await requestTarget(single, '/small', {}, new Cancellation(), () => {})
    await small.body.dump(1024)
    // undici frees the connection a turn after the body ended.
    await new Promise((resolve) => setImmediate(resolve))
    const again = await requestTarget(single, '/small', {}, new Cancellation(), () => {})
    assert.equal(String(await again.body.collect(1024)), 'redirect body')
    assert.equal(ports.length, 2)
    assert.equal(ports[1], ports[0])
    await single.close()

    let endlessSocket: Socket | undefined
    routes.set('/endless', (response) => {
      endlessSocket = response.socket ?? undefined
      response.write(Buffer.alloc(8192))
    })
    const endless = await get('/endless')
    const closed = once(endlessSocket!, 'close')
    await endless.body.dump(1024)
    await closed
  })

  it('a connection that fails before the headers rejects with undici’s error', async () => {
    routes.set('/reset', (response) => response.socket?.destroy())
    await assert.rejects(get('/reset'), errors.SocketError)
  })

  it('a body is read once', async () => {
    routes.set('/once', (response) => response.end('x'))
    const response = await get('/once')
    await response.body.collect(10)
    assert.throws(() => response.body.stream(), /read once/)
  })
})
