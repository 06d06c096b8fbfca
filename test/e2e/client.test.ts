/**
 * The typed client (`sallyport/client`, the compiled build as users import it) against the real service:
 * `sallyport dev` as a process, a key made with the operator CLI, targets on 127.0.0.1.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Sallyport, SallyportError } from 'sallyport/client'
import {
  regionServes,
  startCountingTarget,
  startDevService,
  type CountingTarget,
  type DevService,
} from '../helpers/dev-service.ts'

type Sent = {
  method: string
  path: string
  idempotencyKey: string | null
  status?: number
  replayed?: boolean
}

/** The global fetch, recording what the client sent and what came back. */
function recordingFetch(sent: Sent[], loseFirstFetchAnswer = false): typeof fetch {
  let lost = !loseFirstFetchAnswer
  return async (input, init) => {
    const request = new Request(input, init)
    const record: Sent = {
      method: request.method,
      path: new URL(request.url).pathname,
      idempotencyKey: request.headers.get('idempotency-key'),
    }
    sent.push(record)
    const response = await fetch(request)
    record.status = response.status
    record.replayed = response.headers.get('idempotency-replayed') === 'true'
    if (!lost && record.path === '/v2/proxy/fetch') {
      // The service ran the fetch; its answer is lost on the way back, as on a dropped connection.
      lost = true
      await response.arrayBuffer()
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      })
    }
    return response
  }
}

describe('sallyport/client against the running service', { timeout: 600_000 }, () => {
  let service: DevService
  let target: CountingTarget

  before(async () => {
    ;[service, target] = await Promise.all([startDevService(), startCountingTarget()])
  })
  after(async () => {
    await Promise.all([service?.stop(), target?.close()])
  })

  it('fetches through a region and answers every read operation, key from SALLYPORT_API_KEY', async () => {
    const sallyport = new Sallyport({ apiKey: service.apiKey, baseUrl: service.baseUrl })
    const envelope = await sallyport.fetch({ url: `${target.url}/hello`, region: 'europe' })
    assert.equal(envelope.region_used, 'europe')
    assert.equal(envelope.status, 200)
    assert.equal(envelope.result, `${target.marker} /hello`)
    assert.equal(envelope.public_ip, '127.0.0.13')

    const binary = await sallyport.fetch({ url: `${target.url}/bytes` })
    assert.equal(binary.result_encoding, 'base64')
    assert.deepEqual([...Buffer.from(binary.result, 'base64')], [0, 1, 2, 255])

    const [regions, status, usage, plans, agents, health] = await Promise.all([
      sallyport.regions(),
      sallyport.status(),
      sallyport.usage(),
      sallyport.plans(),
      sallyport.userAgents({ limit: '2' }),
      sallyport.health(),
    ])
    assert.deepEqual(
      regions.regions.map((region) => region.region),
      ['us-east', 'us-west', 'europe'],
    )
    assert.equal(status.nodes.length, 3)
    assert.equal(typeof usage.requests.used, 'number')
    assert.ok(plans.plans.some((plan) => plan.id === 'entry'))
    assert.ok(agents.user_agents.length <= 2)
    assert.equal(health.status, 'ok')
    const document = await sallyport.openapi()
    assert.equal(document.openapi, '3.1.0')
  })

  it('throws typed errors with code, status, request id; a client error is not retried', async () => {
    const sent: Sent[] = []
    const badKey = new Sallyport({
      apiKey: 'sp_live_' + '0'.repeat(36),
      baseUrl: service.baseUrl,
      fetch: recordingFetch(sent),
    })
    const refused = await badKey.regions().catch((error: unknown) => error)
    assert.ok(refused instanceof SallyportError)
    assert.equal(refused.code, 'invalid_api_key')
    assert.equal(refused.status, 401)
    assert.match(refused.requestId ?? '', /\S/)
    assert.equal(refused.request_id, refused.requestId)
    assert.equal(refused.attempts, 1)
    assert.equal(sent.length, 1)

    const sallyport = new Sallyport({ apiKey: service.apiKey, baseUrl: service.baseUrl })
    const invalid = await sallyport.fetch({ url: 'ftp://127.0.0.1/' }).catch((error: unknown) => error)
    assert.ok(invalid instanceof SallyportError)
    assert.equal(invalid.code, 'invalid_request')
    assert.equal(invalid.status, 422)
    assert.equal(invalid.transient, false)

    const nowhere = new Sallyport({
      apiKey: service.apiKey,
      baseUrl: 'http://127.0.0.1:1',
      retry: { maxAttempts: 2, baseDelayMs: 1 },
    })
    const unreachable = await nowhere.plans().catch((error: unknown) => error)
    assert.ok(unreachable instanceof SallyportError)
    assert.equal(unreachable.code, 'network_error')
    assert.equal(unreachable.status, 0)
    assert.equal(unreachable.attempts, 2)
  })

  it('retries a region out of service with backoff, one Idempotency-Key on every attempt, until it serves', async () => {
    const drained = await service.sallyport(['admin', 'drain-node', '--region', 'us-west'])
    assert.equal(drained.code, 0, drained.stderr)
    assert.match(drained.stdout, /\(us-west, http:\/\/127\.0\.0\.1:\d+\): drained/)
    await regionServes(service.baseUrl, service.apiKey, 'us-west', false)

    const sent: Sent[] = []
    const sallyport = new Sallyport({
      apiKey: service.apiKey,
      baseUrl: service.baseUrl,
      fetch: recordingFetch(sent),
      retry: { maxAttempts: 1000, baseDelayMs: 20, maxDelayMs: 100 },
    })
    let settled = false
    const fetching = sallyport.fetch({ url: `${target.url}/retried`, region: 'us-west' })
    void fetching.finally(() => (settled = true)).catch(() => undefined)
    // Once a 503 has been seen, the region comes back.
    while (!settled && !sent.some((request) => request.status === 503)) {
      await new Promise((done) => setTimeout(done, 20))
    }
    assert.ok(
      sent.some((request) => request.status === 503),
      `the drained region was refused first: ${JSON.stringify(sent)}`,
    )
    const undone = await service.sallyport(['admin', 'drain-node', '--region', 'us-west', '--undo'])
    assert.equal(undone.code, 0, undone.stderr)
    assert.match(undone.stdout, /back in service/)

    const envelope = await fetching
    assert.equal(envelope.region_used, 'us-west')
    assert.equal(envelope.result, `${target.marker} /retried`)
    assert.ok(sent.length >= 2)
    const keys = new Set(sent.map((request) => request.idempotencyKey))
    assert.equal(keys.size, 1)
    assert.match([...keys][0] ?? '', /^[0-9a-f-]{36}$/)
    assert.equal(target.hits('/retried'), 1)
  })

  it('a retry after a lost answer replays the stored envelope: the target is fetched once', async () => {
    const sent: Sent[] = []
    const sallyport = new Sallyport({
      apiKey: service.apiKey,
      baseUrl: service.baseUrl,
      fetch: recordingFetch(sent, true),
      retry: { baseDelayMs: 10 },
    })
    const envelope = await sallyport.fetch({ url: `${target.url}/once`, region: 'us-east' })
    assert.equal(envelope.result, `${target.marker} /once`)
    assert.equal(sent.length, 2)
    assert.equal(sent[0]!.idempotencyKey, sent[1]!.idempotencyKey)
    assert.equal(sent[1]!.replayed, true)
    assert.equal(target.hits('/once'), 1)
  })

  it('stops at once when the caller aborts, with the caller’s reason', async () => {
    const sallyport = new Sallyport({ apiKey: service.apiKey, baseUrl: service.baseUrl })
    const controller = new AbortController()
    const reason = new Error('caller gave up')
    controller.abort(reason)
    await assert.rejects(sallyport.fetch({ url: `${target.url}/aborted`, signal: controller.signal }), reason)
    assert.equal(target.hits('/aborted'), 0)
  })
})
