/**
 * A histogram served as prom-client serves its own (the same samples, labels and order, in the text format
 * and in the JSON a supervisor gathers from its workers), whose series can be bound once: `series(labels)`
 * checks the labels and finds the series then, so that each observation is a bucket's search and three
 * additions. prom-client's Histogram builds, interns and checks a string of the labels on every
 * `observe()`, through `.labels()` too: about 2% of a gateway's instructions per fetch for the one
 * observation of its answer (docs/performance.md). Exemplars and timers are not offered.
 */
import type { LabelValues, Registry } from 'prom-client'

/** One sample as prom-client's metrics give theirs to the registry (`metricName` the sample's own name). */
type Sample = {
  labels: LabelValues<string>
  value: number
  metricName: string
  /** prom-client's samples carry one, null for a bucket and undefined for the sum and the count. */
  exemplar: null | undefined
  sharedLabels?: LabelValues<string>
}

/** A metric's samples as prom-client's `get()` gives them. */
export type Samples = { name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: Sample[] }

type Series<L extends string> = {
  labels: LabelValues<L>
  /** Observations per bucket (not cumulative), the last one above every bound. */
  counts: number[]
  sum: number
  count: number
}

export type BoundObserver = { observe(value: number): void }

export type BoundHistogramOptions<L extends string> = {
  name: string
  help: string
  labelNames: readonly L[]
  buckets: readonly number[]
  registers: Registry[]
}

export class BoundHistogram<L extends string> {
  readonly name: string
  readonly help: string
  readonly type = 'histogram'
  readonly aggregator = 'sum'
  private readonly labelNames: readonly L[]
  private readonly bounds: readonly number[]
  private readonly byKey = new Map<string, Series<L>>()

  constructor(options: BoundHistogramOptions<L>) {
    this.name = options.name
    this.help = options.help
    this.labelNames = options.labelNames
    this.bounds = [...options.buckets].sort((a, b) => a - b)
    for (const registry of options.registers) registry.registerMetric(this as never)
  }

  /** The series of these label values, made (empty) when new; every label of the histogram is needed. */
  series(labels: LabelValues<L>): BoundObserver {
    const found = this.find(labels)
    return { observe: (value) => this.add(found, value) }
  }

  /** Observes `value` in the series of `labels`: finds it each time, as prom-client does. */
  observe(labels: LabelValues<L>, value: number): void {
    this.add(this.find(labels), value)
  }

  reset(): void {
    this.byKey.clear()
  }

  private find(labels: LabelValues<L>): Series<L> {
    const names = Object.keys(labels)
    for (const name of names) {
      if (!this.labelNames.includes(name as L)) {
        throw new Error(
          `Added label "${name}" is not included in initial labelset: ${this.labelNames.join(', ')}`,
        )
      }
    }
    // The key is the values in the histogram's label order, as prom-client's hash is.
    const key = this.labelNames.map((name) => String(labels[name] ?? '')).join('\u0000')
    let found = this.byKey.get(key)
    if (found === undefined) {
      found = {
        labels: { ...labels },
        counts: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      }
      this.byKey.set(key, found)
    }
    return found
  }

  private add(series: Series<L>, value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`)
    const { bounds } = this
    let i = 0
    while (i < bounds.length && value > bounds[i]!) i++
    series.counts[i]!++
    series.sum += value
    series.count++
  }

  /** As prom-client's Histogram: each series' buckets (cumulative, then `+Inf`), its sum and its count. */
  getForPromString(): Promise<Samples> {
    const values: Sample[] = []
    const bucket = `${this.name}_bucket`
    for (const series of this.byKey.values()) {
      let cumulative = 0
      this.bounds.forEach((bound, i) => {
        cumulative += series.counts[i]!
        values.push({
          labels: { le: bound },
          value: cumulative,
          metricName: bucket,
          exemplar: null,
          sharedLabels: series.labels,
        })
      })
      values.push(
        {
          labels: { le: '+Inf' },
          value: series.count,
          metricName: bucket,
          exemplar: null,
          sharedLabels: series.labels,
        },
        {
          labels: {},
          value: series.sum,
          metricName: `${this.name}_sum`,
          exemplar: undefined,
          sharedLabels: series.labels,
        },
        {
          labels: {},
          value: series.count,
          metricName: `${this.name}_count`,
          exemplar: undefined,
          sharedLabels: series.labels,
        },
      )
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: 'histogram' as never,
      values,
      aggregator: 'sum',
    })
  }

  /** As prom-client's Histogram: the same samples with each series' labels after `le`. */
  async get(): Promise<Samples> {
    const data = await this.getForPromString()
    data.values = data.values.map((value) => {
      const { sharedLabels, labels, ...rest } = value
      return { ...rest, labels: { ...labels, ...sharedLabels } }
    })
    return data
  }
}
