/**
 * The benchmark's target: node:http on 127.0.0.1 in a process of its own, answering `/1k` and `/1m` with
 * precomputed text/plain bodies (identity encoding, Content-Length, keep-alive). Started by bench/run.ts
 * with an IPC channel; says `{type: 'listening', port}` and serves until it is signalled.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { makeBody } from './lib/bodies.ts'
import { bodySizes, type TargetMessage } from './lib/protocol.ts'

const routes = new Map<string, { body: Buffer; headers: Record<string, string> }>()
for (const [name, size] of Object.entries(bodySizes)) {
  const body = makeBody(size)
  routes.set(`/${name}`, {
    body,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(body.length) },
  })
}

const server = createServer((request, response) => {
  const route = request.method === 'GET' ? routes.get(request.url ?? '') : undefined
  if (route === undefined) {
    response.writeHead(404, { 'content-length': '0' })
    response.end()
    return
  }
  response.writeHead(200, route.headers)
  response.end(route.body)
})
// Keep idle keep-alive connections between benchmark cells; never cap requests per socket.
server.keepAliveTimeout = 120_000
server.headersTimeout = 121_000
server.requestTimeout = 0
server.maxRequestsPerSocket = 0

function send(message: TargetMessage): void {
  process.send?.(message)
}

server.once('error', (error) => {
  send({ type: 'failed', message: error.message })
  process.exit(1)
})
server.listen(0, '127.0.0.1', () => send({ type: 'listening', port: (server.address() as AddressInfo).port }))

// The orchestrator going away (IPC closed) ends the target too, so it can never outlive a run.
process.on('disconnect', () => process.exit(0))
process.on('SIGTERM', () => process.exit(0))
