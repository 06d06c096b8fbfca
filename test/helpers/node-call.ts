/**
 * Egress node tests: the app with a stub fetcher, and an inject-style call sent over a real loopback
 * connection: the node's fetch route is served by node:http in front of Fastify
 * (src/node/fleet-fetch-route.ts), so `app.inject` would not reach it. The app is made to listen on
 * 127.0.0.1 on first use; closing it stops the listener.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { request } from 'undici'
import { buildNode, type NodeAppDeps } from '../../src/node/app.ts'
import type { Fetcher } from '../../src/node/fetching/fetcher.ts'
import type { FetchJob } from '../../src/shared/fleet-contract.ts'

export type NodeCall = {
  method: 'GET' | 'POST'
  url: string
  headers?: Record<string, string>
  payload?: string
}

export type NodeAnswer = {
  statusCode: number
  headers: Record<string, string | string[] | undefined>
  rawPayload: Buffer
  body: string
  json<T = Record<string, unknown>>(): T
}

export async function sendToNode(app: FastifyInstance, call: NodeCall): Promise<NodeAnswer> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  const response = await request(`http://127.0.0.1:${port}${call.url}`, {
    method: call.method,
    headers: call.headers ?? {},
    body: call.payload ?? null,
  })
  const rawPayload = Buffer.from(await response.body.arrayBuffer())
  const body = rawPayload.toString('utf8')
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    rawPayload,
    body,
    json: <T>() => JSON.parse(body) as T,
  }
}

/** A fetcher that answers every job with the same small envelope, and the jobs it was given. */
export function envelopeFetcher(): { fetcher: Fetcher; jobs: FetchJob[] } {
  const jobs: FetchJob[] = []
  const fetcher: Fetcher = {
    fetch: async (job) => {
      jobs.push(job)
      return {
        ok: true,
        envelope: {
          result: 'hello',
          status: 200,
          public_ip: '203.0.113.7',
          device_id: 'node_test',
          final_url: job.url,
          redirects: 0,
          content_type: 'text/plain',
          bytes: 5,
          elapsed_ms: 1,
        },
      }
    },
    close: async () => undefined,
  }
  return { fetcher, jobs }
}

/** An egress node's app as the node tests build it: region europe, device `node_test`, no log. */
export function testNode(
  deps: Pick<NodeAppDeps, 'fleetSecret' | 'fetcher' | 'clock'> & Partial<NodeAppDeps>,
) {
  return buildNode({
    region: 'europe',
    deviceId: 'node_test',
    publicIp: '203.0.113.7',
    logger: false,
    ...deps,
  })
}
