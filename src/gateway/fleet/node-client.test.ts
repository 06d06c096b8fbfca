import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import fc from 'fast-check'
import {
  firstHop,
  fleetHeaders,
  fleetPaths,
  verifyFleetCall,
  type FetchJob,
} from '../../shared/fleet-contract.ts'
import { createNodeClient, jobJson, NodeFailure } from './node-client.ts'

const secret = 'fleet-secret-for-client-tests-0123456789'
const job: FetchJob = { url: 'https://example.com/', user_agent: null }

/** A node on loopback answering each call with `answer`; `calls` sees each request and whether it was signed. */
async function fakeNode(
  t: TestContext,
  answer: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void,
  log?: { warn: (fields: object, message: string) => void },
) {
  const calls: { signed: boolean; closed: Promise<unknown> }[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      // A node without the fleet link (ADR 0016): the client falls back to HTTP calls.
      if (req.url === fleetPaths.link) return void res.writeHead(404).end()
      const body = Buffer.concat(chunks)
      const check = verifyFleetCall(secret, req.method!, req.url!, body, req.headers, Date.now())
      calls.push({ signed: check.ok, closed: once(res, 'close') })
      answer(req, res, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.after(() => {
    server.closeAllConnections()
    return new Promise((resolve) => server.close(resolve))
  })
  const { port } = server.address() as AddressInfo
  const client = createNodeClient({
    url: `http://127.0.0.1:${port}`,
    fleetSecret: secret,
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    jobTimeoutMs: 300,
    log: log as never,
  })
  t.after(() => client.close())
  return { client, calls, port }
}

describe('the gateway calls a node', () => {
  it('sends a signed job and takes an envelope that comes in several chunks', async (t) => {
    const envelope = JSON.stringify({ result: 'x'.repeat(200_000), status: 200 })
    const { client, calls } = await fakeNode(t, (_req, res) => {
      res.writeHead(200, { [fleetHeaders.outcome]: 'envelope', 'content-type': 'application/json' })
      res.write(envelope.slice(0, 1000))
      setTimeout(() => res.end(envelope.slice(1000)), 20)
    })
    const answer = await client.fetchJob(job)
    assert.equal(answer.kind, 'envelope')
    assert.equal(answer.kind === 'envelope' && answer.body.toString('utf8'), envelope)
    assert.equal(calls[0]?.signed, true)
  })

  it('fails over on a node that does not answer in time, or answers anything but a known outcome', async (t) => {
    const { client } = await fakeNode(t, (req, res) => {
      if (req.headers['x-test'] === undefined) return // never answers
      res.end()
    })
    await assert.rejects(client.fetchJob(job), NodeFailure)
    const { client: odd } = await fakeNode(t, (_req, res) => res.writeHead(503).end('{}'))
    await assert.rejects(odd.fetchJob(job), /node answered 503/)
  })

  it("stops the call at once when the caller's signal aborts, with the signal's reason", async (t) => {
    const { client, calls } = await fakeNode(t, () => undefined)
    const controller = new AbortController()
    const pending = client.fetchJob(job, controller.signal)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const reason = new Error('the caller left')
    controller.abort(reason)
    await assert.rejects(pending, (error) => error === reason)
    // The node sees its connection closed: it stops fetching for nobody.
    await calls[0]!.closed
    const before = new AbortController()
    before.abort(reason)
    await assert.rejects(client.fetchJob(job, before.signal), (error) => error === reason)
  })

  it('sends jobs as HTTP calls to a node that refuses the fleet link, and says so once', async (t) => {
    const warnings: { fields: object; message: string }[] = []
    const envelope = JSON.stringify({ result: 'ok', status: 200 })
    const { client, calls, port } = await fakeNode(
      t,
      (_req, res) => {
        res.writeHead(200, { [fleetHeaders.outcome]: 'envelope', 'content-type': 'application/json' })
        res.end(envelope)
      },
      { warn: (fields, message) => warnings.push({ fields, message }) },
    )
    for (let i = 0; i < 5; i++) {
      const answer = await client.fetchJob(job)
      assert.equal(answer.kind === 'envelope' && answer.body.toString('utf8'), envelope)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    assert.equal(calls.length, 5, 'every job went as an HTTP call')
    assert.equal(client.linked(), false)
    // The next attempt is a minute away: one warning, naming the node and what it answered.
    assert.equal(warnings.length, 1)
    assert.match(warnings[0]!.message, /refused the fleet link/)
    assert.deepEqual(warnings[0]!.fields, {
      node_url: `http://127.0.0.1:${port}`,
      status: 404,
      retry_in_ms: 60_000,
    })
  })
})

describe("a job's JSON", () => {
  it('is what JSON.stringify writes, for any URL and User-Agent, on the first hop and after', () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }))
    const hop = fc.record({
      redirects_so_far: fc.nat(),
      elapsed_ms_so_far: fc.nat(),
      cookies: fc.jsonValue(),
    })
    fc.assert(
      fc.property(text, fc.option(text), fc.option(hop), (url, userAgent, later) => {
        const job: FetchJob = { url, user_agent: userAgent, hop: later ?? firstHop }
        assert.equal(jobJson(job), JSON.stringify(job))
      }),
    )
    const social: FetchJob = { url: 'https://example.com/', user_agent: null, accept: 'application/json' }
    assert.equal(jobJson(social), JSON.stringify(social))
    assert.equal(jobJson({ ...job, hop: firstHop }), JSON.stringify({ ...job, hop: firstHop }))
  })
})
