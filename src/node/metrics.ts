/**
 * The egress node's metrics (docs/operations.md): its fleet calls, and each fetch by outcome, bytes and
 * duration. Like the fetcher itself, they know nothing of the target: the labels are an outcome from a
 * fixed vocabulary and the target's status class, never a URL, a host or a body (SPEC 1.5, DESIGN 7).
 */
import { performance } from 'node:perf_hooks'
import { Counter, Gauge, Histogram, type Registry } from 'prom-client'
import type { TargetRefusalCode } from '../shared/fleet-contract.ts'
import {
  countedSeriesBy,
  createHttpMetrics,
  durationBuckets,
  type CountedSeries,
  type HttpMetrics,
} from '../shared/metrics.ts'
import type { Fetcher, FetchOutcome } from './fetching/fetcher.ts'

/** `envelope`, a refusal's code, or `error` for a fetch that threw (a bug: refusals are values). */
type Outcome = 'envelope' | TargetRefusalCode | 'error'

const outcomes: readonly Outcome[] = [
  'envelope',
  'target_not_permitted',
  'too_many_redirects',
  'response_too_large',
  'upstream_unavailable',
  'error',
] satisfies readonly Outcome[]

export type NodeMetrics = {
  http: HttpMetrics
  fetches: Counter<'outcome' | 'target_status'>
  /** The series of `fetches` a fetch counts, by outcome and status class, bound once each. */
  fetchSeries: (outcome: string, targetStatus: string) => CountedSeries
  bytes: Counter
  duration: Histogram<'outcome'>
  inFlight: Gauge
}

/** One set per registry: the three nodes of `sallyport dev` share the process's, and their counts add up. */
export function createNodeMetrics(registry: Registry): NodeMetrics {
  const fetches = new Counter<'outcome' | 'target_status'>({
    name: 'sallyport_node_fetches_total',
    help:
      "Fetch jobs by outcome (envelope, or the refusal's code) and the target's status class " +
      '(2xx...5xx; none without an envelope).',
    labelNames: ['outcome', 'target_status'],
    registers: [registry],
  })
  const metrics: NodeMetrics = {
    http: createHttpMetrics(registry, 'sallyport_node_'),
    fetches,
    fetchSeries: countedSeriesBy(fetches, ['outcome', 'target_status']),
    bytes: new Counter({
      name: 'sallyport_node_fetched_bytes_total',
      help: "Body bytes of the returned envelopes, after content decoding (the envelope's `bytes`).",
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'sallyport_node_fetch_duration_seconds',
      help: 'Time one fetch job took on the node, all hops, by outcome.',
      labelNames: ['outcome'],
      buckets: durationBuckets,
      registers: [registry],
    }),
    inFlight: new Gauge({
      name: 'sallyport_node_fetches_in_flight',
      help: 'Fetch jobs running on the node right now.',
      registers: [registry],
      // Each worker counts its own jobs (docs/adr/0009-workers.md): the node's are their sum.
      aggregator: 'sum',
    }),
  }
  // Every outcome's series exists from the start, at 0.
  for (const outcome of outcomes) metrics.fetchSeries(outcome, outcome === 'envelope' ? '2xx' : 'none')
  return metrics
}

const statusClasses = ['other', '1xx', '2xx', '3xx', '4xx', '5xx'] as const

function statusClass(status: number): string {
  return status >= 100 && status < 600 ? statusClasses[Math.floor(status / 100)]! : 'other'
}

function record(metrics: NodeMetrics, outcome: FetchOutcome | undefined, seconds: number): void {
  if (outcome === undefined) {
    metrics.fetchSeries('error', 'none').inc()
    metrics.duration.observe({ outcome: 'error' }, seconds)
  } else if (outcome.ok === 'redirect') {
    // One hop of a chain the gateway drives: the envelope or refusal of its last hop counts the fetch.
    metrics.duration.observe({ outcome: 'redirect' }, seconds)
  } else if (outcome.ok) {
    metrics.fetchSeries('envelope', statusClass(outcome.envelope.status)).inc()
    metrics.bytes.inc(outcome.envelope.bytes)
    metrics.duration.observe({ outcome: 'envelope' }, seconds)
  } else {
    metrics.fetchSeries(outcome.refusal.code, 'none').inc()
    metrics.duration.observe({ outcome: outcome.refusal.code }, seconds)
  }
}

/** The fetcher, counted: the node's HTTP route and the in-process fetches of `sallyport dev` alike. */
export function meteredFetcher(fetcher: Fetcher, metrics: NodeMetrics): Fetcher {
  return {
    fetch: async (job, signal) => {
      const started = performance.now()
      let outcome: FetchOutcome | undefined
      metrics.inFlight.inc()
      try {
        outcome = await fetcher.fetch(job, signal)
        return outcome
      } finally {
        metrics.inFlight.dec()
        record(metrics, outcome, (performance.now() - started) / 1000)
      }
    },
    close: () => fetcher.close(),
  }
}
