/**
 * The load generator, in a process of its own (never inside anything measured). It receives one LoadSpec
 * over IPC and runs a closed loop: `concurrency` workers on an undici Pool with as many keep-alive
 * connections, each sending its next request as soon as the previous one's body is fully read. When the
 * spec lists several requests (several gateways and regions), each request takes the next one in turn.
 *
 * Timeline: warm-up (connections opened, JIT warm, results discarded), then the measured window. A request
 * counts for the window in which it COMPLETES; requests still running when the window closes are waited
 * for (bounded by the request time-out) but not counted. Errors (transport failures, a status other than
 * 200, a wrong body) are counted apart and never enter the latency sample.
 */
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { Pool } from 'undici'
import { SampleBuffer, summarise } from './lib/stats.ts'
import type { BodyCheck, LoadMessage, LoadResult, LoadSpec } from './lib/protocol.ts'

type Judged = { ok: true; bytes: number } | { ok: false; reason: string }

const tailBytes = 1024

/** Reads the whole body and judges it without copying it: a byte count, the head and the tail only. */
async function readAndJudge(
  statusCode: number,
  body: AsyncIterable<Buffer>,
  check: BodyCheck,
  envelopeHead: string,
): Promise<Judged> {
  let bytes = 0
  let head: Buffer | undefined
  let tail: Buffer = Buffer.alloc(0)
  for await (const chunk of body) {
    bytes += chunk.length
    if (check.kind === 'envelope' || statusCode !== 200) {
      head ??= chunk.subarray(0, 256)
      tail =
        chunk.length >= tailBytes
          ? chunk.subarray(-tailBytes)
          : Buffer.concat([tail, chunk]).subarray(-tailBytes)
    }
  }
  if (statusCode !== 200) {
    const code = /"code":"([a-z_]+)"/.exec(head?.toString('utf8') ?? '')?.[1]
    return { ok: false, reason: `status ${statusCode}${code === undefined ? '' : ` ${code}`}` }
  }
  if (check.kind === 'raw') {
    return bytes === check.length ? { ok: true, bytes } : { ok: false, reason: `body length ${bytes}` }
  }
  const tailText = tail.toString('utf8')
  const good =
    bytes > check.length &&
    head !== undefined &&
    head.toString('utf8').startsWith(envelopeHead) &&
    tailText.includes('"status":200,') &&
    tailText.includes(`"bytes":${check.length},`)
  return good ? { ok: true, bytes } : { ok: false, reason: 'bad envelope' }
}

async function run(spec: LoadSpec, send: (message: LoadMessage) => void): Promise<LoadResult> {
  const pools = new Map<string, Pool>()
  for (const { origin } of spec.requests) {
    if (pools.has(origin)) continue
    pools.set(
      origin,
      new Pool(origin, {
        connections: spec.concurrency,
        pipelining: 1,
        keepAliveTimeout: 60_000,
        keepAliveMaxTimeout: 120_000,
        connectTimeout: 5_000,
      }),
    )
  }
  const plans = spec.requests.map((entry) => ({
    ...entry,
    pool: pools.get(entry.origin)!,
    envelopeHead:
      entry.check.kind === 'envelope'
        ? `{"region_used":${JSON.stringify(entry.check.region)},"result":"`
        : '',
  }))
  let turn = 0
  const started = performance.now()
  const measureFrom = started + spec.warmupMs
  const measureTo = measureFrom + spec.durationMs
  const samples = new SampleBuffer()
  const errorKinds: Record<string, number> = {}
  let completed = 0
  let errors = 0
  let bytes = 0
  let inFlight = 0
  let unfinished = 0
  let cpuAtStart: NodeJS.CpuUsage | undefined

  const windowTimer = setTimeout(() => {
    cpuAtStart = process.cpuUsage()
    send({ type: 'measuring' })
  }, spec.warmupMs)
  let cpuAtEnd: NodeJS.CpuUsage | undefined
  const endTimer = setTimeout(() => {
    cpuAtEnd = process.cpuUsage(cpuAtStart)
    unfinished = inFlight
  }, spec.warmupMs + spec.durationMs)

  function fail(reason: string, at: number) {
    if (at < measureFrom || at > measureTo) return
    errors++
    errorKinds[reason] = (errorKinds[reason] ?? 0) + 1
  }

  async function worker(): Promise<void> {
    for (;;) {
      const t0 = performance.now()
      if (t0 >= measureTo) return
      inFlight++
      const plan = plans[turn++ % plans.length]!
      try {
        const response = await plan.pool.request({
          method: plan.method,
          path: plan.path,
          headers: plan.headers,
          body: plan.body,
          headersTimeout: spec.requestTimeoutMs,
          bodyTimeout: spec.requestTimeoutMs,
        })
        const judged = await readAndJudge(response.statusCode, response.body, plan.check, plan.envelopeHead)
        const t1 = performance.now()
        if (!judged.ok) fail(judged.reason, t1)
        else if (t1 >= measureFrom && t1 <= measureTo) {
          completed++
          bytes += judged.bytes
          samples.push(t1 - t0)
        }
      } catch (error) {
        const t1 = performance.now()
        fail((error as { code?: string }).code ?? (error as Error).name, t1)
        // A refused or reset connection fails at once: do not spin on it.
        await sleep(5)
      } finally {
        inFlight--
      }
    }
  }

  const workers = Promise.all(Array.from({ length: spec.concurrency }, () => worker()))
  // Bounded: every request has its own time-out; this is the backstop if one of them never settles.
  const backstop = spec.warmupMs + spec.durationMs + spec.requestTimeoutMs + 5_000
  let backstopTimer: NodeJS.Timeout | undefined
  const finished = await Promise.race([
    workers.then(() => true),
    new Promise<false>((resolve) => (backstopTimer = setTimeout(() => resolve(false), backstop))),
  ])
  clearTimeout(backstopTimer)
  clearTimeout(windowTimer)
  clearTimeout(endTimer)
  if (!finished) errorKinds['load generator backstop'] = 1
  for (const pool of pools.values()) void pool.destroy().catch(() => undefined)
  const cpu = cpuAtEnd ?? process.cpuUsage(cpuAtStart)
  return {
    completed,
    errors,
    errorKinds,
    bytes,
    windowMs: spec.durationMs,
    latency: summarise(samples.values()),
    cpu: { userMs: cpu.user / 1000, systemMs: cpu.system / 1000 },
    unfinished,
  }
}

function send(message: LoadMessage): void {
  process.send?.(message)
}

process.once('message', (raw) => {
  run(raw as LoadSpec, send).then(
    (result) => process.send?.({ type: 'result', result } satisfies LoadMessage, () => process.exit(0)),
    (error: unknown) =>
      process.send?.({ type: 'failed', message: String(error) } satisfies LoadMessage, () => process.exit(1)),
  )
})
process.on('disconnect', () => process.exit(0))
