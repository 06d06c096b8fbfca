import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer, request } from 'node:http'
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import fc from 'fast-check'
import { testNode } from '../../helpers/node-call.ts'
import type { Fetcher, FetchOutcome } from '../../../src/node/fetching/fetcher.ts'
import {
  fleetPaths,
  signFleetCall,
  type FetchJob,
  type NodeEnvelope,
} from '../../../src/shared/fleet-contract.ts'
import {
  answerFrame,
  copiedPayloadBytes,
  createFrameWriter,
  FrameReader,
  frameHeadBytes,
  jobFrame,
  joinPayload,
  linkProtocol,
} from '../../../src/shared/fleet-link.ts'
import { createNodeClient, NodeFailure } from '../../../src/gateway/fleet/node-client.ts'
import { localDrain, type DrainSwitch } from '../../../src/node/app.ts'

const secret = 'fleet-secret-for-link-tests-0123456789'
const clock = { now: () => Date.now(), monotonic: () => performance.now() }

function envelopeOf(result: string): NodeEnvelope {
  return {
    result,
    status: 200,
    public_ip: '127.0.0.11',
    device_id: 'node_test',
    final_url: 'https://example.com/',
    redirects: 0,
    content_type: 'text/plain',
    bytes: Buffer.byteLength(result),
    elapsed_ms: 1,
  }
}

/** A fetcher answering `/<text>?after=<ms>` with `text` after `ms`; every job's cancellation is kept. */
function echoFetcher() {
  const signals: { url: string; aborted: () => boolean; onAbort: Promise<void> }[] = []
  const fetcher: Fetcher = {
    fetch: (job, signal) => {
      const url = new URL(job.url)
      let aborted!: () => void
      const onAbort = new Promise<void>((resolve) => (aborted = resolve))
      signal?.addEventListener('abort', () => aborted(), { once: true })
      signals.push({ url: job.url, aborted: () => signal?.aborted === true, onAbort })
      const after = Number(url.searchParams.get('after') ?? 0)
      const size = Number(url.searchParams.get('size') ?? 0)
      const text = size > 0 ? (url.searchParams.get('fill') ?? 'y').repeat(size) : url.pathname.slice(1)
      return new Promise<FetchOutcome>((resolve) => {
        const answer = () => resolve({ ok: true, envelope: envelopeOf(text) })
        if (after === Infinity || url.searchParams.has('never')) {
          signal?.addEventListener('abort', () =>
            resolve({ ok: false, refusal: { code: 'upstream_unavailable', detail: 'x', timed_out: false } }),
          )
          return
        }
        setTimeout(answer, after)
      })
    },
    close: async () => undefined,
  }
  return { fetcher, signals }
}

async function linkedPair(
  t: TestContext,
  options: { jobTimeoutMs?: number; secret?: string; drain?: DrainSwitch; link?: boolean } = {},
) {
  const { fetcher, signals } = echoFetcher()
  const app = testNode({
    fleetSecret: secret,
    fetcher,
    clock,
    ...(options.drain !== undefined && { drain: options.drain }),
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  const client = createNodeClient({
    url: `http://127.0.0.1:${port}`,
    fleetSecret: options.secret ?? secret,
    clock,
    jobTimeoutMs: options.jobTimeoutMs ?? 5_000,
    ...(options.link !== undefined && { link: options.link }),
  })
  t.after(async () => {
    await client.close()
    await app.close()
  })
  return { app, client, signals, port }
}

const job = (url: string): FetchJob => ({ url, user_agent: null })

/** The first job opens the link (and goes as an HTTP call); resolves once jobs go over the link. */
async function untilLinked(client: ReturnType<typeof createNodeClient>): Promise<void> {
  await client.fetchJob(job('https://example.com/opening'))
  for (let i = 0; i < 200 && !client.linked(); i++) await new Promise((r) => setTimeout(r, 5))
  assert.equal(client.linked(), true, 'the link opened')
}

function resultOf(answer: Awaited<ReturnType<ReturnType<typeof createNodeClient>['fetchJob']>>): string {
  assert.equal(answer.kind, 'envelope')
  return (JSON.parse(answer.kind === 'envelope' ? answer.body.toString('utf8') : '{}') as NodeEnvelope).result
}

describe('the fleet link carries fetch jobs from a gateway to a node', () => {
  it('answers each of many concurrent jobs with its own answer, whatever order they finish in', async (t) => {
    const { client } = await linkedPair(t)
    await untilLinked(client)
    const texts = Array.from({ length: 200 }, (_, i) => `job${i}`)
    const answers = await Promise.all(
      texts.map((text, i) => client.fetchJob(job(`https://example.com/${text}?after=${(i * 7) % 23}`))),
    )
    assert.deepEqual(answers.map(resultOf), texts)
    assert.equal(client.linked(), true)
  })

  it('carries an answer of several MiB in parts, intact, and a small answer past it', async (t) => {
    const { client } = await linkedPair(t)
    await untilLinked(client)
    const size = 3 * 1024 * 1024 + 17
    const [large, small] = await Promise.all([
      client.fetchJob(job(`https://example.com/?size=${size}`)),
      client.fetchJob(job('https://example.com/small?after=5')),
    ])
    assert.equal(resultOf(large), 'y'.repeat(size))
    assert.equal(resultOf(small), 'small')
  })

  it('carries many large answers at once, with one drain listener per link however many wait', async (t) => {
    const { client } = await linkedPair(t)
    await untilLinked(client)
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    t.after(() => process.off('warning', onWarning))
    const size = 3 * 1024 * 1024
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => client.fetchJob(job(`https://example.com/?size=${size}`))),
    )
    for (const answer of answers) assert.equal(resultOf(answer).length, size)
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(
      warnings.map((warning) => warning.name),
      [],
    )
  })

  it('carries large answers at once, each its own, while the node lends their buffers again', async (t) => {
    const { client } = await linkedPair(t)
    await untilLinked(client)
    // A large envelope is written into a pooled buffer (envelope-json.ts), given back once its last part
    // is written: the parts still waiting on the link must not be written over by the next envelope.
    const size = 1536 * 1024
    const fills = [...'abcdefghijkl']
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(
        fills.map((fill, i) =>
          client.fetchJob(job(`https://example.com/?size=${size}&fill=${fill}&after=${(i * 5) % 11}`)),
        ),
      )
      answers.forEach((answer, i) => {
        assert.ok(resultOf(answer) === fills[i]!.repeat(size), `the answer to ${fills[i]} is its own`)
      })
    }
  })

  it("stops the node's fetch when the caller's signal aborts, with the signal's reason", async (t) => {
    const { client, signals } = await linkedPair(t)
    await untilLinked(client)
    const controller = new AbortController()
    const pending = client.fetchJob(job('https://example.com/slow?never'), controller.signal)
    while (!signals.some((s) => s.url.includes('slow'))) await new Promise((r) => setTimeout(r, 2))
    const reason = new Error('the caller left')
    controller.abort(reason)
    await assert.rejects(pending, (error) => error === reason)
    await signals.find((s) => s.url.includes('slow'))!.onAbort
    // The link stays up for the next job.
    assert.equal(resultOf(await client.fetchJob(job('https://example.com/next'))), 'next')
  })

  it('fails the jobs in flight over to another node when the node goes away mid-fetch', async (t) => {
    // A node that takes the link and the jobs, then dies: its sockets close without an answer.
    const sockets: Socket[] = []
    let received = 0
    const server = createServer((_req, res) => res.writeHead(404).end())
    server.on('upgrade', (_req, socket: Socket) => {
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nconnection: Upgrade\r\nupgrade: ${linkProtocol}\r\n\r\n`,
      )
      socket.on('data', (chunk: Buffer) => (received += chunk.length))
      sockets.push(socket)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    t.after(() => new Promise((resolve) => server.close(resolve)))
    const client = createNodeClient({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      fleetSecret: secret,
      clock,
      jobTimeoutMs: 5_000,
    })
    t.after(() => client.close())
    // The first job goes as an HTTP call while the link opens.
    await assert.rejects(client.fetchJob(job('https://example.com/')), /answered 404/)
    for (let i = 0; i < 200 && !client.linked(); i++) await new Promise((r) => setTimeout(r, 5))
    const pending = [1, 2, 3].map((i) => client.fetchJob(job(`https://example.com/${i}`)))
    while (received === 0) await new Promise((r) => setTimeout(r, 2))
    for (const socket of sockets) socket.destroy()
    for (const answer of pending) await assert.rejects(answer, NodeFailure)
    assert.equal(client.linked(), false)
  })

  it('fails a job the node does not answer in time, and tells the node to stop it', async (t) => {
    const { client, signals } = await linkedPair(t, { jobTimeoutMs: 300 })
    await untilLinked(client)
    await assert.rejects(client.fetchJob(job('https://example.com/stuck?never')), /no answer in time/)
    await signals.find((s) => s.url.includes('stuck'))!.onAbort
  })

  it('answers the jobs running at shutdown, then fails over the ones sent after it began', async (t) => {
    const { app, client } = await linkedPair(t)
    await untilLinked(client)
    const running = client.fetchJob(job('https://example.com/last?after=200'))
    await new Promise((r) => setTimeout(r, 30))
    const closing = app.close()
    await new Promise((r) => setTimeout(r, 10))
    const late = assert.rejects(client.fetchJob(job('https://example.com/late')), NodeFailure)
    assert.equal(resultOf(await running), 'last')
    await late
    await closing
  })

  it('a drained node answers `drained` to a new job and fetches nothing, on the link and as an HTTP call', async (t) => {
    for (const link of [true, false]) {
      const drain = localDrain()
      const { client, signals } = await linkedPair(t, { drain, link })
      if (link) await untilLinked(client)
      const running = client.fetchJob(job('https://example.com/running?after=100'))
      await new Promise((r) => setTimeout(r, 20))
      await drain.set(true)
      const before = signals.length
      assert.deepEqual(await client.fetchJob(job('https://example.com/new')), { kind: 'drained' })
      assert.equal(signals.length, before, 'the drained node fetched nothing')
      assert.equal(resultOf(await running), 'running', 'a job running at the drain is answered')
      assert.equal(client.linked(), link, 'the link stays open')
      await drain.set(false)
      assert.equal(resultOf(await client.fetchJob(job('https://example.com/again'))), 'again')
    }
  })

  it('falls back to HTTP calls when the node refuses the upgrade, and nobody unsigned gets a link', async (t) => {
    const { client, port } = await linkedPair(t, { secret: `${secret}-wrong` })
    // A wrong secret: the upgrade is refused, and so is the HTTP call.
    await assert.rejects(client.fetchJob(job('https://example.com/')), NodeFailure)
    await new Promise((r) => setTimeout(r, 50))
    assert.equal(client.linked(), false)
    for (const headers of [
      {},
      signFleetCall(`${secret}-wrong`, 'GET', fleetPaths.link, '', Date.now()),
      signFleetCall(secret, 'GET', fleetPaths.health, '', Date.now()),
    ]) {
      const status = await upgradeStatus(port, headers)
      assert.equal(status, 401)
    }
    const signed = signFleetCall(secret, 'GET', fleetPaths.link, '', Date.now())
    assert.equal(await upgradeStatus(port, signed), 101)
    // The same upgrade sent again is a replay.
    assert.equal(await upgradeStatus(port, signed), 401)
  })

  it('closes a link on which the gateway sends a frame over the size limit', async (t) => {
    const { port } = await linkedPair(t)
    const socket = await rawLink(port)
    const head = Buffer.alloc(frameHeadBytes)
    head.writeUInt32LE(64 * 1024 * 1024, 0)
    head[8] = 1
    socket.write(head)
    await once(socket, 'close')
  })
})

describe('a frame reader', () => {
  it('reads the same frames however the stream is cut', () => {
    const frame = fc.record({
      type: fc.integer({ min: 0, max: 255 }),
      id: fc.integer({ min: 0, max: 0xffff_ffff }),
      payload: fc.uint8Array({ maxLength: 300 }),
    })
    fc.assert(
      fc.property(
        fc.array(frame, { maxLength: 20 }),
        fc.array(fc.integer({ min: 1, max: 64 })),
        (frames, cuts) => {
          const stream = Buffer.concat(
            frames.flatMap((f) => {
              const head = Buffer.alloc(frameHeadBytes)
              head.writeUInt32LE(f.payload.length, 0)
              head.writeUInt32LE(f.id, 4)
              head[8] = f.type
              return [head, Buffer.from(f.payload)]
            }),
          )
          const read: { type: number; id: number; payload: number[] }[] = []
          const reader = new FrameReader(1024, (type, id, views, length) => {
            const payload = joinPayload(views, length)
            assert.equal(payload.length, length)
            read.push({ type, id, payload: [...payload] })
          })
          let at = 0
          for (let i = 0; at < stream.length; i++) {
            const size = cuts.length === 0 ? stream.length : cuts[i % cuts.length]!
            reader.push(stream.subarray(at, at + size))
            at += size
          }
          assert.deepEqual(
            read,
            frames.map((f) => ({ type: f.type, id: f.id, payload: [...f.payload] })),
          )
        },
      ),
    )
  })

  it('refuses a frame over its limit before reading it', () => {
    const reader = new FrameReader(10, () => assert.fail('no frame'))
    const head = Buffer.alloc(frameHeadBytes)
    head.writeUInt32LE(11, 0)
    assert.throws(() => reader.push(head), /over the limit/)
  })
})

/** A connected pair of loopback sockets: what the writer writes on `near` arrives on `far`. */
async function socketPair(t: TestContext): Promise<{ near: Socket; far: Socket }> {
  const server = createNetServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const accepted = once(server, 'connection') as Promise<[Socket]>
  const near = connect((server.address() as AddressInfo).port, '127.0.0.1')
  await once(near, 'connect')
  const [far] = await accepted
  t.after(() => {
    near.destroy()
    far.destroy()
    server.close()
  })
  return { near, far }
}

/** Every frame that arrives on `socket` until it ends, payloads as text. */
async function framesOf(socket: Socket): Promise<{ type: number; id: number; payload: string }[]> {
  const frames: { type: number; id: number; payload: string }[] = []
  const reader = new FrameReader(64 * 1024 * 1024, (type, id, views, length) =>
    frames.push({ type, id, payload: joinPayload(views, length).toString('utf8') }),
  )
  socket.on('data', (chunk: Buffer) => reader.push(chunk))
  await once(socket, 'end')
  return frames
}

describe('a frame writer', () => {
  it("sends a turn's small frames in one socket write, and large ones after them in order", async (t) => {
    const { near, far } = await socketPair(t)
    const arriving = framesOf(far)
    const writes: number[] = []
    const write = near.write.bind(near) as (chunk: Buffer, callback?: () => void) => boolean
    near.write = ((chunk: Buffer, callback?: () => void) => {
      writes.push(chunk.length)
      return write(chunk, callback)
    }) as typeof near.write
    const writer = createFrameWriter(near)
    const large = 'L'.repeat(copiedPayloadBytes + 1)
    const sent = [
      { type: jobFrame.job, id: 1, payload: '{"url":"https://example.com/é"}' },
      { type: jobFrame.cancel, id: 2, payload: '' },
      { type: answerFrame.envelope, id: 3, payload: 'x'.repeat(copiedPayloadBytes) },
    ]
    // Strings as the gateway sends jobs, buffers as the node sends answers; no payload as a cancel.
    for (const { type, id, payload } of sent) {
      writer.write(type, id, payload === '' ? undefined : id === 1 ? payload : Buffer.from(payload))
    }
    assert.deepEqual(writes, [], 'nothing is written before the turn ends')
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(writes.length, 1, 'one write for the turn')
    const heads = sent.length * frameHeadBytes
    assert.equal(writes[0], heads + sent.reduce((sum, f) => sum + Buffer.byteLength(f.payload), 0))

    // A large payload goes as it is, after the small frames queued before it, and before those after it.
    let written = false
    writer.write(jobFrame.job, 4, 'a')
    writer.write(answerFrame.part, 5, Buffer.from(large), () => (written = true))
    writer.write(jobFrame.job, 6, 'b')
    writer.end()
    const frames = await arriving
    assert.deepEqual(
      frames.map((f) => [f.type, f.id, Buffer.byteLength(f.payload)]),
      [
        ...sent.map((f) => [f.type, f.id, Buffer.byteLength(f.payload)]),
        [jobFrame.job, 4, 1],
        [answerFrame.part, 5, large.length],
        [jobFrame.job, 6, 1],
      ],
    )
    assert.equal(frames[0]!.payload, sent[0]!.payload)
    assert.equal(frames[4]!.payload, large)
    assert.ok(written, 'the large payload was written')
  })

  it('writes what a turn queued before the socket ends, and calls back once it is written', async (t) => {
    const { near, far } = await socketPair(t)
    const arriving = framesOf(far)
    const writer = createFrameWriter(near)
    let written = 0
    for (let id = 0; id < 200; id++) {
      writer.write(answerFrame.envelope, id, Buffer.from(`answer ${id} `.repeat(50)), () => written++)
    }
    writer.end()
    const frames = await arriving
    assert.equal(frames.length, 200)
    frames.forEach((frame, id) => assert.equal(frame.payload, `answer ${id} `.repeat(50)))
    assert.equal(written, 200)
  })
})

function upgradeStatus(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: fleetPaths.link,
      headers: { ...headers, connection: 'Upgrade', upgrade: linkProtocol },
    })
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      resolve(res.statusCode ?? 0)
    })
    req.on('response', (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

function rawLink(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: fleetPaths.link,
      headers: {
        ...signFleetCall(secret, 'GET', fleetPaths.link, '', Date.now()),
        connection: 'Upgrade',
        upgrade: linkProtocol,
      },
    })
    req.on('upgrade', (_res, socket: Socket) => resolve(socket))
    req.on('error', reject)
    req.end()
  })
}
