import assert from 'node:assert/strict'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import { fleetPaths, signFleetCall, signatureWindowMs } from '../shared/fleet-contract.ts'
import { envelopeFetcher, sendToNode, testNode } from '../../test/helpers/node-call.ts'
import type { Fetcher } from './fetching/fetcher.ts'

const secret = 'fleet-secret-for-node-tests-0123456789'
const now = 1_750_000_000_000

function nodeWithFakeFetcher() {
  const { fetcher, jobs } = envelopeFetcher()
  const app = testNode({ fleetSecret: secret, fetcher, clock: { now: () => now, monotonic: () => 0 } })
  return { app, jobs }
}

const jobBody = JSON.stringify({ url: 'https://example.com/', user_agent: null })

function fetchCall(headers: Record<string, string>, body = jobBody) {
  return {
    method: 'POST' as const,
    url: fleetPaths.fetch,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  }
}

describe('the egress node accepts only calls signed with the fleet secret', () => {
  it('runs a fetch job and answers a probe when the call is signed', async (t) => {
    const { app, jobs } = nodeWithFakeFetcher()
    t.after(() => app.close())
    const fetched = await sendToNode(
      app,
      fetchCall(signFleetCall(secret, 'POST', fleetPaths.fetch, jobBody, now)),
    )
    assert.equal(fetched.statusCode, 200)
    assert.equal(fetched.headers['x-fleet-outcome'], 'envelope')
    assert.equal(jobs.length, 1)
    const probe = await sendToNode(app, {
      method: 'GET',
      url: fleetPaths.health,
      headers: signFleetCall(secret, 'GET', fleetPaths.health, '', now),
    })
    assert.equal(probe.statusCode, 200)
    assert.equal(probe.json().device_id, 'node_test')
  })

  it('refuses unsigned, wrongly signed, expired, replayed-elsewhere and tampered calls, and fetches nothing', async (t) => {
    const { app, jobs } = nodeWithFakeFetcher()
    t.after(() => app.close())
    const signed = signFleetCall(secret, 'POST', fleetPaths.fetch, jobBody, now)
    const refused: [string, ReturnType<typeof fetchCall>][] = [
      ['no signature', fetchCall({})],
      ['another secret', fetchCall(signFleetCall(`${secret}x`, 'POST', fleetPaths.fetch, jobBody, now))],
      [
        'too old',
        fetchCall(signFleetCall(secret, 'POST', fleetPaths.fetch, jobBody, now - signatureWindowMs - 1)),
      ],
      [
        'too far ahead',
        fetchCall(signFleetCall(secret, 'POST', fleetPaths.fetch, jobBody, now + signatureWindowMs + 1)),
      ],
      ['signed for the drain path', fetchCall(signFleetCall(secret, 'POST', fleetPaths.drain, jobBody, now))],
      ['signed for GET', fetchCall(signFleetCall(secret, 'GET', fleetPaths.fetch, jobBody, now))],
      [
        'another body under the signature',
        fetchCall(signed, JSON.stringify({ url: 'http://169.254.169.254/', user_agent: null })),
      ],
      [
        'a truncated signature',
        fetchCall({ ...signed, 'x-fleet-signature': signed['x-fleet-signature']!.slice(0, 20) }),
      ],
      ['a timestamp that is not a number', fetchCall({ ...signed, 'x-fleet-timestamp': `${now}.0` })],
      ['another nonce under the signature', fetchCall({ ...signed, 'x-fleet-nonce': 'A'.repeat(22) })],
      [
        'no nonce',
        fetchCall(Object.fromEntries(Object.entries(signed).filter(([name]) => name !== 'x-fleet-nonce'))),
      ],
    ]
    for (const [name, call] of refused) {
      const response = await sendToNode(app, call)
      assert.equal(response.statusCode, 401, name)
      assert.equal(response.headers['x-fleet-outcome'], undefined, name)
    }
    assert.equal(jobs.length, 0, 'no refused call reached the fetcher')

    const drain = JSON.stringify({ draining: true })
    const unsignedDrain = await sendToNode(app, {
      method: 'POST',
      url: fleetPaths.drain,
      headers: { 'content-type': 'application/json' },
      payload: drain,
    })
    assert.equal(unsignedDrain.statusCode, 401)
    const probe = await sendToNode(app, { method: 'GET', url: fleetPaths.health })
    assert.equal(probe.statusCode, 401, 'an unsigned probe learns nothing')
    const report = await sendToNode(app, {
      method: 'GET',
      url: fleetPaths.health,
      headers: signFleetCall(secret, 'GET', fleetPaths.health, '', now),
    })
    assert.equal(report.json().draining, false, 'the unsigned drain changed nothing')
  })

  it('refuses a signed call sent a second time within its window, and fetches once', async (t) => {
    const { app, jobs } = nodeWithFakeFetcher()
    t.after(() => app.close())
    const captured = fetchCall(signFleetCall(secret, 'POST', fleetPaths.fetch, jobBody, now))
    const first = await sendToNode(app, captured)
    assert.equal(first.statusCode, 200)
    const replayed = await sendToNode(app, captured)
    assert.equal(replayed.statusCode, 401)
    assert.equal(replayed.headers['x-fleet-outcome'], undefined)
    assert.equal(jobs.length, 1, 'the replay reached no fetcher')

    const drain = JSON.stringify({ draining: true })
    const drainCall = {
      method: 'POST' as const,
      url: fleetPaths.drain,
      headers: {
        'content-type': 'application/json',
        ...signFleetCall(secret, 'POST', fleetPaths.drain, drain, now),
      },
      payload: drain,
    }
    assert.equal((await sendToNode(app, drainCall)).statusCode, 200)
    const undrain = JSON.stringify({ draining: false })
    assert.equal(
      (
        await sendToNode(app, {
          ...drainCall,
          headers: {
            'content-type': 'application/json',
            ...signFleetCall(secret, 'POST', fleetPaths.drain, undrain, now),
          },
          payload: undrain,
        })
      ).statusCode,
      200,
    )
    assert.equal((await sendToNode(app, drainCall)).statusCode, 401, 'an old drain call cannot be sent again')
    const report = await sendToNode(app, {
      method: 'GET',
      url: fleetPaths.health,
      headers: signFleetCall(secret, 'GET', fleetPaths.health, '', now),
    })
    assert.equal(report.json().draining, false)

    const fresh = await sendToNode(
      app,
      fetchCall(signFleetCall(secret, 'POST', fleetPaths.fetch, jobBody, now)),
    )
    assert.equal(fresh.statusCode, 200, 'the same job freshly signed is served')
    assert.equal(jobs.length, 2)
  })
})

describe('the egress node stops a job nobody waits for', () => {
  it(
    'cancels the fetch when the gateway closes the connection before the answer',
    { timeout: 10_000 },
    async (t) => {
      let started!: () => void
      const running = new Promise<void>((resolve) => (started = resolve))
      const cancelled = new Promise<void>((resolve) => {
        const fetcher: Fetcher = {
          fetch: (_job, signal) =>
            new Promise((settle) => {
              started()
              const stop = () => {
                resolve()
                settle({
                  ok: false,
                  refusal: { code: 'upstream_unavailable', detail: 'cancelled', timed_out: false },
                })
              }
              signal?.addEventListener('abort', stop, { once: true })
            }),
          close: async () => undefined,
        }
        const app = testNode({
          fleetSecret: secret,
          fetcher,
          // The real clock: the call is signed now, over a real connection.
          clock: { now: () => Date.now(), monotonic: () => performance.now() },
        })
        t.after(() => app.close())
        void app.listen({ host: '127.0.0.1', port: 0 }).then(() => {
          const { port } = app.server.address() as AddressInfo
          const call = request({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: fleetPaths.fetch,
            headers: {
              'content-type': 'application/json',
              ...signFleetCall(secret, 'POST', fleetPaths.fetch, jobBody, Date.now()),
            },
          })
          call.on('error', () => undefined)
          call.end(jobBody)
          void running.then(() => call.destroy())
        })
      })
      await cancelled
    },
  )
})
