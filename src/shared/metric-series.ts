/**
 * Counters and histograms for the fetch path, scraped through a prom-client Registry like any other metric.
 *
 * prom-client's Counter and Histogram validate and hash the labels of every `inc` and `observe` (about 0.5
 * and 1 µs each on the machines of docs/performance.md, a bound `labels()` child included), and one fetch
 * updates five to seven series across the gateway and its node. Here a series is an object found once by its
 * label values, or bound once by its caller: an update adds to a number. A scrape reads the series in the
 * sample shape prom-client's own metrics give, so the exposition, the OpenMetrics format and the workers'
 * aggregation (AggregatorRegistry, src/infra/metrics/cluster-metrics.ts) are prom-client's.
 *
 * Label values are the caller's to keep to a small fixed set (src/shared/metrics.ts, DESIGN 7): every
 * distinct set of values is a series kept for the life of the process.
 */
import type { Registry } from 'prom-client'

type Labels<L extends string> = Readonly<Record<L, string>>

/** A sample as prom-client's Registry reads it from `get()`. */
type Sample = { labels: Record<string, string | number>; value: number; metricName?: string }

type MetricOptions<L extends string> = {
  name: string
  help: string
  labelNames?: readonly L[]
  registers: readonly Registry[]
}

export type CounterSeries = { inc(value?: number): void }
export type HistogramSeries = { observe(value: number): void }

/** The key of a set of label values: the values in the order of the label names. */
function keyOf<L extends string>(labelNames: readonly L[], labels: Labels<L>): string {
  let key = ''
  for (const name of labelNames) key += `${labels[name]}\u0000`
  return key
}

/** The labels as given, in the order of the label names (the order of the exposition). */
function copyLabels<L extends string>(labelNames: readonly L[], labels: Labels<L>): Labels<L> {
  const copy = {} as Record<L, string>
  for (const name of labelNames) {
    const value = labels[name]
    if (typeof value !== 'string') throw new TypeError(`label ${name} needs a string value`)
    copy[name] = value
  }
  return Object.freeze(copy)
}

function checkIncrement(value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new TypeError(`a counter only goes up by a finite amount, not ${value}`)
  }
}

abstract class SeriesMetric<L extends string, S> {
  readonly name: string
  readonly help: string
  readonly aggregator = 'sum'
  protected readonly labelNames: readonly L[]
  readonly #series = new Map<string, S>()

  constructor(options: MetricOptions<L>) {
    this.name = options.name
    this.help = options.help
    this.labelNames = options.labelNames ?? []
    for (const registry of options.registers) {
      registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0])
    }
  }

  protected abstract create(labels: Labels<L>): S

  /** The series of these label values, made on first use. */
  protected find(labels: Labels<L>): S {
    const key = keyOf(this.labelNames, labels)
    let series = this.#series.get(key)
    if (series === undefined) {
      series = this.create(copyLabels(this.labelNames, labels))
      this.#series.set(key, series)
    }
    return series
  }

  protected all(): IterableIterator<S> {
    return this.#series.values()
  }

  /** Zeroes every series (Registry.resetMetrics). A bound series stays bound, so it is kept, at 0. */
  reset(): void {
    for (const series of this.#series.values()) this.zero(series)
  }

  protected abstract zero(series: S): void
}

class CounterCell implements CounterSeries {
  readonly labels: Readonly<Record<string, string>>
  value = 0

  constructor(labels: Readonly<Record<string, string>>) {
    this.labels = labels
  }

  inc(value = 1): void {
    checkIncrement(value)
    this.value += value
  }
}

export class SeriesCounter<L extends string = never> extends SeriesMetric<L, CounterCell> {
  readonly type = 'counter'

  protected create(labels: Labels<L>): CounterCell {
    return new CounterCell(labels)
  }

  protected zero(cell: CounterCell): void {
    cell.value = 0
  }

  /** The series of these label values, to keep and update directly. */
  series(labels: Labels<L>): CounterSeries {
    return this.find(labels)
  }

  /** Adds `value` (default 1) to the series of `labels`; `inc(labels, 0)` makes it exist at 0. */
  inc(labels: Labels<L>, value = 1): void {
    this.find(labels).inc(value)
  }

  get(): Promise<{ name: string; help: string; type: 'counter'; aggregator: string; values: Sample[] }> {
    const values: Sample[] = []
    for (const cell of this.all()) values.push({ labels: { ...cell.labels }, value: cell.value })
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    })
  }
}

class HistogramCell implements HistogramSeries {
  readonly labels: Readonly<Record<string, string>>
  readonly #bounds: readonly number[]
  /** Observations per bucket, not cumulative; the last slot is above every bound. */
  readonly counts: Float64Array
  sum = 0
  count = 0

  constructor(labels: Readonly<Record<string, string>>, bounds: readonly number[]) {
    this.labels = labels
    this.#bounds = bounds
    this.counts = new Float64Array(bounds.length + 1)
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`a histogram observes finite values, not ${value}`)
    const bounds = this.#bounds
    let slot = 0
    while (slot < bounds.length && value > bounds[slot]!) slot++
    this.counts[slot]! += 1
    this.sum += value
    this.count += 1
  }
}

export class SeriesHistogram<L extends string = never> extends SeriesMetric<L, HistogramCell> {
  readonly type = 'histogram'
  readonly #bounds: readonly number[]

  constructor(options: MetricOptions<L> & { buckets: readonly number[] }) {
    super(options)
    const bounds = [...options.buckets].sort((a, b) => a - b)
    if (bounds.some((bound, i) => !Number.isFinite(bound) || bound === bounds[i - 1])) {
      throw new TypeError('histogram buckets are distinct finite numbers')
    }
    this.#bounds = bounds
  }

  protected create(labels: Labels<L>): HistogramCell {
    return new HistogramCell(labels, this.#bounds)
  }

  protected zero(cell: HistogramCell): void {
    cell.counts.fill(0)
    cell.sum = 0
    cell.count = 0
  }

  /** The series of these label values, to keep and update directly. */
  series(labels: Labels<L>): HistogramSeries {
    return this.find(labels)
  }

  observe(labels: Labels<L>, value: number): void {
    this.find(labels).observe(value)
  }

  /** prom-client's samples: cumulative `le` buckets, `+Inf`, then `_sum` and `_count`, per series. */
  get(): Promise<{ name: string; help: string; type: 'histogram'; aggregator: string; values: Sample[] }> {
    const bucket = `${this.name}_bucket`
    const values: Sample[] = []
    for (const cell of this.all()) {
      let cumulative = 0
      this.#bounds.forEach((bound, i) => {
        cumulative += cell.counts[i]!
        values.push({ labels: { le: bound, ...cell.labels }, value: cumulative, metricName: bucket })
      })
      values.push(
        { labels: { le: '+Inf', ...cell.labels }, value: cell.count, metricName: bucket },
        { labels: { ...cell.labels }, value: cell.sum, metricName: `${this.name}_sum` },
        { labels: { ...cell.labels }, value: cell.count, metricName: `${this.name}_count` },
      )
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    })
  }
}
