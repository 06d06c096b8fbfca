/**
 * `node --import tsx bench/micro/egress-fetch.ts [--quick] [--profile]`
 *
 * What the egress node's fetcher costs per fetch by itself: `createFetcher` (address policy, guarded
 * connector, pooled keep-alive connections, body reader, charset, envelope) against a loopback target in a
 * child process, at concurrency 64 and 1. CPU per fetch is this process's only (process.cpuUsage): the
 * target's CPU is not counted. Compare with a bare undici Pool request of the same URL, the floor.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import { Pool } from 'undici'
import { createFetcher } from '../../src/node/fetching/fetcher.ts'
import { timeCalls } from '../lib/calls.ts'

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, child: { type: 'boolean', default: false } },
  strict: true,
})

if (values.child) {
  const { createServer } = await import('node:http')
  const { makeBody } = await import('../lib/bodies.ts')
  const body = makeBody(1024)
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': body.length })
    response.end(body)
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    process.send?.(typeof address === 'object' && address !== null ? address.port : 0)
  })
  process.on('disconnect', () => process.exit(0))
} else {
  const calls = values.quick ? 3_000 : 20_000
  const child = fork(new URL(import.meta.url).pathname, ['--child'], { execArgv: ['--import', 'tsx'] })
  const [port] = (await once(child, 'message')) as [number]
  const url = `http://127.0.0.1:${port}/1k`
  const fetcher = createFetcher({
    deviceId: 'node_useast_0123456789',
    publicIp: '127.0.0.11',
    allowTargets: ['127.0.0.0/8'],
    dnsServers: [],
    maxBodyBytes: 10 * 1024 * 1024,
    timeoutMs: 30_000,
    connectTimeoutMs: 10_000,
    maxRedirects: 10,
    defaultUserAgent: 'Sallyport-Internal-Fetcher/1.0',
  })
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 128 })
  const job = { url, user_agent: null }

  const fetches = { one: 'fetch', many: 'fetches' }
  const run = (label: string, concurrency: number, count: number, call: () => Promise<unknown>) =>
    timeCalls(label, concurrency, count, call, fetches)

  try {
    console.log(`egress fetcher against a loopback target, ${calls} fetches per row (1 KiB body)\n`)
    const fetcher64 = await run('createFetcher().fetch, c=64', 64, calls, async () => {
      const outcome = await fetcher.fetch(job)
      if (outcome.ok !== true) throw new Error('fetch failed')
      return JSON.stringify(outcome.envelope)
    })
    await run('createFetcher().fetch, c=1', 1, calls / 4, () => fetcher.fetch(job))
    const bare64 = await run('undici Pool.request + text(), c=64', 64, calls, async () => {
      const response = await pool.request({ path: '/1k', method: 'GET' })
      return response.body.text()
    })
    console.log(
      `\nthe fetcher adds ~${(fetcher64 - bare64).toFixed(0)} µs of CPU per fetch at c=64 over a bare request`,
    )
  } finally {
    await fetcher.close()
    await pool.close()
    child.disconnect()
  }
}
