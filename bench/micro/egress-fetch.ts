/**
 * `node --import tsx bench/micro/egress-fetch.ts [--quick] [--profile]`
 *
 * What the egress node's fetcher costs per fetch by itself: `createFetcher` (address policy, guarded
 * connector, pooled keep-alive connections, body reader, charset, envelope) against a loopback target in a
 * child process, at concurrency 64 and 1, then of a 1 MiB body at concurrency 8. CPU per fetch is this
 * process's only (process.cpuUsage): the target's CPU is not counted. Compare with a bare undici Pool
 * request of the same URL, the floor. `--profile` runs only the fetcher's 1 KiB row at c=64, for longer, so
 * that a `node --cpu-prof` profile of this process shows the fetcher alone.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import { Pool } from 'undici'
import { createFetcher } from '../../src/node/fetching/fetcher.ts'
import { timeCalls } from '../lib/calls.ts'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    child: { type: 'boolean', default: false },
  },
  strict: true,
})

if (values.child) {
  const { createServer } = await import('node:http')
  const { makeBody } = await import('../lib/bodies.ts')
  const bodies: Record<string, Buffer> = { '/1k': makeBody(1024), '/1m': makeBody(1024 * 1024) }
  const server = createServer((request, response) => {
    const body = bodies[request.url ?? ''] ?? Buffer.alloc(0)
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
  const calls = values.profile ? 100_000 : values.quick ? 3_000 : 20_000
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
  const bigJob = { url: `http://127.0.0.1:${port}/1m`, user_agent: null }

  const fetches = { one: 'fetch', many: 'fetches' }
  const run = (label: string, concurrency: number, count: number, call: () => Promise<unknown>) =>
    timeCalls(label, concurrency, count, call, fetches)

  const fetchOne = async () => {
    const outcome = await fetcher.fetch(job)
    if (outcome.ok !== true) throw new Error('fetch failed')
    return JSON.stringify(outcome.envelope)
  }

  async function compare(): Promise<void> {
    console.log(`egress fetcher against a loopback target, ${calls} fetches per row (1 KiB body)\n`)
    const fetcher64 = await run('createFetcher().fetch, c=64', 64, calls, fetchOne)
    await run('createFetcher().fetch, c=1', 1, calls / 4, () => fetcher.fetch(job))
    const bare64 = await run('undici Pool.request + text(), c=64', 64, calls, async () => {
      const response = await pool.request({ path: '/1k', method: 'GET' })
      return response.body.text()
    })
    console.log(
      `\nthe fetcher adds ~${(fetcher64 - bare64).toFixed(0)} µs of CPU per fetch at c=64 over a bare request`,
    )
    const bigCalls = calls / 20
    console.log(`\n1 MiB body, ${bigCalls} fetches per row\n`)
    const fetcherBig = await run('createFetcher().fetch 1 MiB, c=8', 8, bigCalls, async () => {
      const outcome = await fetcher.fetch(bigJob)
      if (outcome.ok !== true) throw new Error('fetch failed')
      return outcome.envelope.result.length
    })
    const bareBig = await run('undici Pool.request + text() 1 MiB, c=8', 8, bigCalls, async () => {
      const response = await pool.request({ path: '/1m', method: 'GET' })
      return (await response.body.text()).length
    })
    console.log(`\nthe fetcher adds ~${(fetcherBig - bareBig).toFixed(0)} µs of CPU per 1 MiB fetch`)
  }

  try {
    if (values.profile) await run('createFetcher().fetch, c=64', 64, calls, fetchOne)
    else await compare()
  } finally {
    await fetcher.close()
    await pool.close()
    child.disconnect()
  }
}
