/**
 * An inject-style call to an egress node's app, sent over a real loopback connection: the node's fetch
 * route is served by node:http in front of Fastify (src/node/fleet-fetch-route.ts), so `app.inject` would
 * not reach it. The app is made to listen on 127.0.0.1 on first use; closing it stops the listener.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { request } from 'undici'

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
