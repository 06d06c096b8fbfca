/**
 * Worker processes for `sallyport gateway` and `sallyport node` (docs/adr/0009-workers.md): with a count
 * above 1 the first process is a supervisor that forks the workers with node:cluster; they share the
 * listening port, and everything a gateway must agree on lives in PostgreSQL and Redis exactly as it does
 * between separate gateways. The supervisor serves no request itself (`sallyport dev`'s does, through
 * `workerServing` and `stopping`: docs/adr/0024-dev-supervisor-serves-connections.md). It restarts a worker
 * that dies, and on SIGINT/SIGTERM asks every worker to drain (each runs the shutdown of `closeOnSignals`),
 * then exits 0 if every worker did. With an operator listener configured it is the supervisor that opens
 * it, and each scrape reads every worker's metrics, aggregated (src/infra/metrics/cluster-metrics.ts); the
 * workers open none.
 */
import cluster, { type Worker } from 'node:cluster'
import process from 'node:process'
import type { Registry } from 'prom-client'
import type { OperatorListenerConfig } from '../config/operator-config.ts'
import { answerSupervisor, clusterMetricsSource } from '../infra/metrics/cluster-metrics.ts'
import { startOperatorListener } from '../infra/metrics/operator-listener.ts'
import { assertCanListen } from './listen-error.ts'
import type { ShutdownLog } from './servers.ts'
import { answerWorkerCalls, sendToWorker, type CallHandlers } from './supervisor-calls.ts'

/** The message a supervisor sends a worker instead of a signal: a worker that already got one ignores it. */
export const shutdownMessage = 'sallyport:shutdown'

/** A worker that dies this soon after starting waits this long before its replacement starts. */
const restartBackoffMs = 1_000

export type WorkerPlan = {
  /** `gateway` or `node`: in the supervisor's log lines. */
  kind: string
  /** The processes that serve: the workers, and the supervisor too when it serves (`supervisorServes`). */
  count: number
  /**
   * The supervisor serves connections itself (`sallyport dev`, ADR 0024): it is one of the `count`
   * processes, and forks one worker fewer (docs/adr/0025-dev-worker-count.md).
   */
  supervisorServes?: boolean
  /** The workers' own shutdown deadline (SALLYPORT_SHUTDOWN_TIMEOUT_MS); the supervisor waits a second more. */
  shutdownTimeoutMs: number
  /** The supervisor's logger, made only when there is a supervisor (a count above 1). */
  log: () => ShutdownLog
  /** Where the workers will listen: checked by the supervisor before anything starts. */
  listensOn?: { host: string; port: number }[]
  /** SALLYPORT_OPERATOR_PORT/HOST: with workers, the supervisor's listener serving all their metrics. */
  operator?: OperatorListenerConfig
  /** The registry of what the supervisor serves itself, once it does: added to the workers' metrics. */
  metricsHere?: () => Registry | undefined
  /**
   * Run once by the supervisor before any worker starts (the gateway brings the schema up to date). What it
   * returns: the calls the supervisor answers for its workers (the stores a process without Redis keeps,
   * src/bin/supervisor-calls.ts) and what the workers' environment adds (secrets they must share).
   */
  prepare?: () => Promise<SupervisorDuty | void>
  /** What one worker runs: the single-process command itself. What it resolves with goes to `listening`. */
  serve: () => Promise<WorkerReady | void>
  /**
   * In the supervisor, once every worker serves: what the first of them reported, and where the
   * supervisor's operator listener is (`http://host:port`), when there is one.
   */
  listening?: (ready: WorkerReady | undefined, operatorUrl: string | undefined) => void
  /** In the supervisor, once a worker serves (after `listening` for the first ones), and once it exited. */
  workerServing?: (worker: Worker) => void
  workerGone?: (worker: Worker) => void
  /**
   * In the supervisor, as it is asked to stop, while its workers drain: what it serves itself (`sallyport
   * dev`, src/bin/connection-hand-off.ts). It exits once this and every worker are done.
   */
  stopping?: () => Promise<void>
  /** In the supervisor, after the last worker stopped and before it exits. */
  stopped?: () => Promise<void>
}

/**
 * `answer`: the calls the supervisor answers; `env`: what the workers' environment adds; `args`: what their
 * command line adds (the same option again overrides the first).
 */
export type SupervisorDuty = { answer?: CallHandlers; env?: Record<string, string>; args?: string[] }

/** What a worker tells its supervisor once it serves (JSON). */
export type WorkerReady = Record<string, unknown>

type ReadyMessage = { sallyport: 'ready'; ready: WorkerReady | null }

function isReady(message: unknown): message is ReadyMessage {
  return typeof message === 'object' && message !== null && (message as ReadyMessage).sallyport === 'ready'
}

/** Whether this process is a worker forked by a supervisor (and so takes its shutdown from it). */
export function isWorker(): boolean {
  return cluster.isWorker
}

export async function runWorkers(plan: WorkerPlan): Promise<void> {
  if (plan.count === 1) {
    await plan.serve()
    return
  }
  if (cluster.isWorker) {
    // Before anything slow: a scrape that reaches a worker still starting is answered, not left to time out.
    if (plan.operator !== undefined) answerSupervisor()
    const ready = await plan.serve()
    process.send?.({ sallyport: 'ready', ready: ready ?? null } satisfies ReadyMessage)
    return
  }
  for (const { host, port } of plan.listensOn ?? []) await assertCanListen(host, port)
  const duty = (await plan.prepare?.()) ?? {}
  if (duty.answer !== undefined) answerWorkerCalls(duty.answer)
  // Before any worker starts: a port in use stops the command as it stops a single process.
  const operator =
    plan.operator === undefined
      ? undefined
      : await startOperatorListener({ ...plan.operator, registry: clusterMetricsSource(plan.metricsHere) })
  if (duty.args !== undefined && duty.args.length > 0) {
    cluster.setupPrimary({ args: [...process.argv.slice(2), ...duty.args] })
  }
  supervise(plan, duty.env ?? {}, operator?.url)
}

function supervise(
  {
    kind,
    count,
    supervisorServes = false,
    shutdownTimeoutMs,
    log: makeLog,
    listening,
    workerServing,
    workerGone,
    stopping: stopHere,
    stopped,
  }: WorkerPlan,
  env: Record<string, string>,
  /** Where the supervisor serves the workers' metrics, for its "listening" line. */
  operatorUrl: string | undefined,
): void {
  const log = makeLog()
  const live = new Map<Worker, { startedAt: number; listening: boolean }>()
  let starting = true
  let stopping = false
  let failed = false

  const fork = () => {
    const worker = cluster.fork(env)
    live.set(worker, { startedAt: Date.now(), listening: false })
    log.info({ worker_pid: worker.process.pid }, `${kind} worker started`)
  }
  const killAll = () => {
    for (const worker of live.keys()) worker.process.kill('SIGKILL')
  }

  // Serving, not merely listening: a worker of `dev` listens on its nodes' ports before its gateway's.
  let first: WorkerReady | undefined
  cluster.on('message', (worker, message) => {
    if (!isReady(message)) return
    const state = live.get(worker)
    if (state === undefined || state.listening) return
    state.listening = true
    // Asked to stop while it was starting, before it listened for the request: asked again now.
    if (stopping) sendToWorker(worker, shutdownMessage)
    first ??= message.ready ?? undefined
    if (starting && [...live.values()].every((each) => each.listening)) {
      starting = false
      const metrics = operatorUrl === undefined ? {} : { metrics_url: `${operatorUrl}/metrics` }
      log.info({ workers: live.size, ...metrics }, `${kind} workers listening`)
      // Asked to stop meanwhile: nothing more starts.
      if (!stopping) listening?.(first, operatorUrl)
      for (const [each, state] of live) if (state.listening && !stopping) workerServing?.(each)
    } else if (!starting && !stopping) {
      workerServing?.(worker)
    }
  })
  let stoppedHere: Promise<void> = Promise.resolve()
  const exit = (code: number) => {
    const cleanUp = stoppedHere.then(() => stopped?.())
    void cleanUp.finally(() => process.exit(failed ? 1 : code))
  }

  cluster.on('exit', (worker, code, signal) => {
    const state = live.get(worker)
    live.delete(worker)
    workerGone?.(worker)
    const fields = { worker_pid: worker.process.pid, code, signal }
    if (stopping) {
      if (code !== 0) failed = true
      log.info(fields, `${kind} worker stopped`)
      if (live.size === 0) exit(failed ? 1 : 0)
      return
    }
    if (starting && state?.listening !== true) {
      // As the single process would: a start-up failure (a database that does not answer, a port taken)
      // stops the command rather than being retried for ever.
      log.error(fields, `a ${kind} worker failed to start: stopping`)
      stopping = true
      killAll()
      if (live.size === 0) exit(1)
      failed = true
      return
    }
    const lived = Date.now() - (state?.startedAt ?? 0)
    log.error({ ...fields, lived_ms: lived }, `a ${kind} worker exited: starting another`)
    setTimeout(
      () => {
        if (!stopping) fork()
      },
      lived < restartBackoffMs ? restartBackoffMs : 0,
    )
  })

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'a second signal during shutdown: stopping the workers now')
      killAll()
      process.exit(1)
    }
    stopping = true
    log.info(
      { signal, workers: live.size, deadline_ms: shutdownTimeoutMs },
      'shutting down: every worker lets its requests in flight finish',
    )
    stoppedHere =
      stopHere?.().catch((error: unknown) => {
        failed = true
        log.error({ err: error }, 'shutdown of what the supervisor serves failed')
      }) ?? Promise.resolve()
    // Each worker enforces the deadline itself; this only catches a worker that cannot.
    setTimeout(() => {
      log.error({ deadline_ms: shutdownTimeoutMs }, 'workers still running after the deadline: killing them')
      killAll()
      process.exit(1)
    }, shutdownTimeoutMs + 1_000).unref()
    for (const worker of live.keys()) {
      sendToWorker(worker, shutdownMessage, () => worker.process.kill('SIGTERM'))
    }
    if (live.size === 0) exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  for (let i = supervisorServes ? 1 : 0; i < count; i++) fork()
}
