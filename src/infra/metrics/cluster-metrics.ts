/**
 * Metrics of a process with workers (docs/adr/0009-workers.md): the supervisor serves the operator listener
 * itself and answers each scrape with every worker's metrics added up, asked over the cluster's IPC channel
 * by prom-client's AggregatorRegistry. A metric declares how its samples combine (`aggregator`): counters
 * and histograms are summed, and each gauge says what its sum would get wrong (src/gateway/metrics,
 * src/node/metrics.ts).
 */
import cluster from 'node:cluster'
import { AggregatorRegistry, Registry } from 'prom-client'
import type { MetricsSource } from './operator-listener.ts'

/** prom-client's messages between a supervisor and its workers (its AggregatorRegistry's protocol). */
const metricsRequest = 'prom-client:getMetricsReq'
const metricsResponse = 'prom-client:getMetricsRes'
/** How long a scrape waits for every worker, as prom-client's own aggregator does. */
const workerAnswerMs = 5_000

type MetricsOfRegistry = Awaited<ReturnType<Registry['getMetricsAsJSON']>>
type MetricsAnswer = { type: string; requestId: number; metrics?: MetricsOfRegistry[]; error?: string }

/**
 * In the supervisor: each call asks every connected worker for its registry and aggregates the answers,
 * with the metrics of `here()`, the registry of what the supervisor serves itself, when it has one
 * (`sallyport dev`). A worker that does not answer within 5 s fails the scrape rather than leaving its share
 * out. The workers answer with prom-client's own handler (`answerSupervisor`); the asking is done here
 * because prom-client's aggregator asks the workers only.
 */
export function clusterMetricsSource(here: () => Registry | undefined = () => undefined): MetricsSource {
  type Asked = {
    left: number
    parts: MetricsOfRegistry[]
    settle: (error: Error | undefined) => void
  }
  const asked = new Map<number, Asked>()
  let nextId = 0
  cluster.on('message', (_worker, message: MetricsAnswer) => {
    if (typeof message !== 'object' || message === null || message.type !== metricsResponse) return
    const request = asked.get(message.requestId)
    if (request === undefined) return
    if (message.error !== undefined) return request.settle(new Error(message.error))
    request.parts.push(...(message.metrics ?? []))
    if (--request.left === 0) request.settle(undefined)
  })
  const fromWorkers = () =>
    new Promise<MetricsOfRegistry[]>((resolve, reject) => {
      const requestId = nextId++
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected())
      if (workers.length === 0) return resolve([])
      const timer = setTimeout(
        () => request.settle(new Error('a worker did not answer for its metrics')),
        workerAnswerMs,
      )
      const request: Asked = {
        left: workers.length,
        parts: [],
        settle: (error) => {
          asked.delete(requestId)
          clearTimeout(timer)
          if (error === undefined) resolve(request.parts)
          else reject(error)
        },
      }
      asked.set(requestId, request)
      for (const worker of workers) {
        // A worker that exits as it is asked fails the scrape, as one that does not answer does.
        worker?.send({ type: metricsRequest, requestId }, (error: Error | null) => {
          if (error !== null) request.settle(error)
        })
      }
    })
  return {
    metrics: async () => {
      const local = here()
      const parts = await fromWorkers()
      if (local !== undefined) parts.push(await local.getMetricsAsJSON())
      return AggregatorRegistry.aggregate(parts).metrics()
    },
    contentType: Registry.PROMETHEUS_CONTENT_TYPE,
  }
}

/**
 * In a worker, as early as it starts: answer the supervisor's requests, with no metrics until
 * `shareWithSupervisor` names the registry (a worker still starting has counted nothing).
 */
export function answerSupervisor(): void {
  AggregatorRegistry.setRegistries([])
  // Its construction installs the worker's handler of the supervisor's requests.
  new AggregatorRegistry()
}

/** In a worker: the registry whose metrics the supervisor adds up from now on. */
export function shareWithSupervisor(registry: Registry): void {
  AggregatorRegistry.setRegistries(registry)
}
