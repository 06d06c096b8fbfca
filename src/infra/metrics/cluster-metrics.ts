/**
 * Metrics of a process with workers (docs/adr/0009-workers.md): the supervisor serves the operator listener
 * itself and answers each scrape with every worker's metrics added up, asked over the cluster's IPC channel
 * by prom-client's AggregatorRegistry. A metric declares how its samples combine (`aggregator`): counters
 * and histograms are summed, and each gauge says what its sum would get wrong (src/gateway/metrics,
 * src/node/metrics.ts).
 */
import { AggregatorRegistry, type PrometheusContentType, type Registry } from 'prom-client'
import type { MetricsSource } from './operator-listener.ts'

/**
 * In the supervisor: each call asks every connected worker for its registry and aggregates the answers. A
 * worker that does not answer within prom-client's 5 s fails the scrape rather than leaving its share out.
 */
export function clusterMetricsSource(): MetricsSource {
  const aggregator = new AggregatorRegistry<PrometheusContentType>()
  return { metrics: () => aggregator.clusterMetrics(), contentType: aggregator.contentType }
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
