/** Latency summaries from the full sample (every completed request), HdrHistogram-style percentiles. */

export type LatencySummary = {
  count: number
  min: number
  mean: number
  p50: number
  p90: number
  p99: number
  p999: number
  max: number
}

/** The value at or below which `p` percent of the samples fall (nearest rank on the sorted sample). */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1]!
}

export function summarise(samples: Float64Array): LatencySummary {
  const sorted = samples.slice().sort()
  let sum = 0
  for (const value of sorted) sum += value
  return {
    count: sorted.length,
    min: sorted.length === 0 ? Number.NaN : sorted[0]!,
    mean: sorted.length === 0 ? Number.NaN : sum / sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    p999: percentile(sorted, 99.9),
    max: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!,
  }
}

/** A growable Float64Array: no boxing, and ~100k samples per cell stay cheap to sort. */
export class SampleBuffer {
  #data = new Float64Array(1 << 14)
  #length = 0

  push(value: number): void {
    if (this.#length === this.#data.length) {
      const bigger = new Float64Array(this.#data.length * 2)
      bigger.set(this.#data)
      this.#data = bigger
    }
    this.#data[this.#length++] = value
  }

  get length(): number {
    return this.#length
  }

  values(): Float64Array {
    return this.#data.subarray(0, this.#length)
  }
}
