/**
 * Prometheus metrics (docs/operations.md). Each process keeps a registry of its own, never prom-client's
 * global one, and serves it on its operator listener only, never on the public port.
 *
 * Privacy (DESIGN 7): every label value comes from a small fixed set (a route pattern, a method, a status,
 * an error code, a region, a node id). Nothing a caller sends can become a label: never a URL, a host, an
 * e-mail address, a key or a request id.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { collectDefaultMetrics, Counter, Registry, type LabelValues } from 'prom-client'
import { BoundHistogram } from './bound-histogram.ts'

export const metricPrefix = 'sallyport_'

/** The route label of a request no route matched (404, 405, a body refused before routing...). */
export const unmatchedRoute = 'unmatched'

/** The `code` label of an answer that is not a problem (DESIGN 3). */
export const noCode = 'none'

/** Seconds: from a cached answer to the 30 s whole-fetch time-out and its fail-over margin. */
export const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 60]

/** A registry of its own, with the default process metrics (CPU, memory, event loop, GC) as `sallyport_*`. */
export function createMetricsRegistry(): Registry {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: metricPrefix })
  return registry
}

/** Fastify's route pattern (`/v2/keys/:id`), never the URL the caller sent. */
export function routeLabel(request: Pick<FastifyRequest, 'routeOptions'>): string {
  return request.routeOptions.url ?? unmatchedRoute
}

type HttpLabel = 'route' | 'method' | 'status' | 'code'

export type HttpMetrics = {
  requests: Counter<HttpLabel>
  duration: BoundHistogram<HttpLabel>
}

/** `<prefix>http_requests_total` and `<prefix>http_request_duration_seconds`, by route, method, status, code. */
export function createHttpMetrics(registry: Registry, prefix: string): HttpMetrics {
  const labelNames: HttpLabel[] = ['route', 'method', 'status', 'code']
  return {
    requests: new Counter({
      name: `${prefix}http_requests_total`,
      help: 'Answered HTTP requests by route pattern, method, status and problem code.',
      labelNames,
      registers: [registry],
    }),
    duration: new BoundHistogram({
      name: `${prefix}http_request_duration_seconds`,
      help: 'Time from the request arriving to the answer sent, by route pattern, method, status and code.',
      labelNames,
      buckets: durationBuckets,
      registers: [registry],
    }),
  }
}

/**
 * Counts every answer of the app once it is sent. `codeOf` names the problem code an answer carried
 * (the gateway's error formatter records it); without one, or for a success, the code is `none`.
 */
export function registerHttpMetrics(
  app: FastifyInstance,
  metrics: HttpMetrics,
  codeOf: (request: FastifyRequest) => string | undefined = () => undefined,
): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      route: routeLabel(request),
      method: request.method,
      status: String(reply.statusCode),
      code: codeOf(request) ?? noCode,
    }
    metrics.requests.inc(labels)
    metrics.duration.observe(labels, reply.elapsedTime / 1000)
    done()
  })
}

/** One series of a counter, counted in a plain number (`countedSeries`). */
export type CountedSeries = { inc(value?: number): void }

/** Every counter's series counted in this process, handed to prom-client when the counter is read. */
const countedSeriesOf = new WeakMap<Counter<string>, { labels: LabelValues<string>; count: number }[]>()

/**
 * A series of `counter` (its labels checked now, the series made at 0) whose increments are added up in a
 * plain number and handed to prom-client each time the counter is read: a scrape, or a supervisor
 * gathering its workers' metrics (cluster-metrics.ts), so every reading holds every count. prom-client
 * builds, interns and checks a string of the labels on every `inc()`, through `.labels()` too: some
 * thousands of instructions a call, several calls per fetch on a gateway and on a node
 * (docs/performance.md). For the series a fetch counts; bind it once, not per request.
 */
export function countedSeries<L extends string>(counter: Counter<L>, labels: LabelValues<L>): CountedSeries {
  const plain = counter as unknown as Counter<string>
  let series = countedSeriesOf.get(plain)
  if (series === undefined) {
    const counted: { labels: LabelValues<string>; count: number }[] = []
    series = counted
    countedSeriesOf.set(plain, counted)
    // prom-client calls a metric's `collect` (a config option, kept as a field) before each reading.
    const readable = plain as unknown as { collect?: (this: Counter<string>) => unknown }
    const collect = readable.collect
    readable.collect = function (this: Counter<string>) {
      for (const entry of counted) {
        if (entry.count === 0) continue
        const count = entry.count
        entry.count = 0
        plain.inc(entry.labels, count)
      }
      return collect?.call(this)
    }
  }
  counter.inc(labels, 0)
  const entry = { labels: { ...labels }, count: 0 }
  series.push(entry)
  return {
    inc: (value = 1) => {
      entry.count += value
    },
  }
}

/**
 * The counted series of `counter` by its label values in `labelNames`' order, each bound (`countedSeries`)
 * the first time it is asked for and found again through a map per label, without building a string.
 */
export function countedSeriesBy<L extends string>(
  counter: Counter<L>,
  labelNames: readonly L[],
): (...values: string[]) => CountedSeries {
  type Level = Map<string, Level | CountedSeries>
  const root: Level = new Map()
  return (...values) => {
    let level = root
    for (let i = 0; i < values.length - 1; i++) {
      let next = level.get(values[i]!) as Level | undefined
      if (next === undefined) level.set(values[i]!, (next = new Map()))
      level = next
    }
    const last = values[values.length - 1]!
    let series = level.get(last) as CountedSeries | undefined
    if (series === undefined) {
      const labels = Object.fromEntries(labelNames.map((name, i) => [name, values[i]])) as LabelValues<L>
      series = countedSeries(counter, labels)
      level.set(last, series)
    }
    return series
  }
}

/**
 * Counts the answers of a route served outside Fastify (a node:http handler in front of it), as
 * registerHttpMetrics counts Fastify's: the success series is bound once, any other answer is found by its
 * labels.
 */
export function countRouteAnswers(
  metrics: HttpMetrics,
  route: string,
  method: string,
): (status: number, seconds: number, code?: string) => void {
  const requests = countedSeries(metrics.requests, { route, method, status: '200', code: noCode })
  const duration = metrics.duration.series({ route, method, status: '200', code: noCode })
  return (status, seconds, code = noCode) => {
    if (status === 200 && code === noCode) {
      requests.inc()
      duration.observe(seconds)
      return
    }
    const labels = { route, method, status: String(status), code }
    metrics.requests.inc(labels)
    metrics.duration.observe(labels, seconds)
  }
}
