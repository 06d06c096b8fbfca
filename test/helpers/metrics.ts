/**
 * Reading the Prometheus text format (version 0.0.4) the operator listener serves: enough of it for tests
 * to find a sample by name and labels, and to search every label value.
 */
import type { Registry } from 'prom-client'

export type Sample = { name: string; labels: Record<string, string>; value: number }

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = sampleLine.exec(line)
    if (match === null) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const pair of (match[2] ?? '').matchAll(labelPair)) {
      labels[pair[1]!] = pair[2]!.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c))
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) })
  }
  return samples
}

/** The samples of one metric whose labels include all of `labels`. */
export function samplesOf(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
}

/** The sum of the matching samples' values; 0 when none matches. */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samplesOf(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0)
}

export async function scrape(url: string): Promise<{ text: string; samples: Sample[]; type: string }> {
  const response = await fetch(url)
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
  const text = await response.text()
  return { text, samples: parseMetrics(text), type: response.headers.get('content-type') ?? '' }
}

export async function samplesFrom(registry: Registry): Promise<Sample[]> {
  return parseMetrics(await registry.metrics())
}
