import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { AggregatorRegistry, Counter, Histogram, Registry, type RegistryContentType } from 'prom-client'
import { SeriesCounter, SeriesHistogram } from './metric-series.ts'

const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
type Label = 'route' | 'status'

/** The same metrics twice: prom-client's own in one registry, these in another. */
function pair(openMetrics = false) {
  const theirs = new Registry()
  const ours = new Registry()
  if (openMetrics) {
    for (const registry of [theirs, ours]) {
      ;(registry as Registry<RegistryContentType>).setContentType(Registry.OPENMETRICS_CONTENT_TYPE)
    }
  }
  const options = {
    name: 'requests_total',
    help: 'Requests by route and status.',
    labelNames: ['route', 'status'],
  }
  const timing = {
    name: 'duration_seconds',
    help: 'Time taken, by route and status.',
    labelNames: ['route', 'status'],
  }
  return {
    theirs,
    ours,
    counters: [
      new Counter<Label>({ ...options, labelNames: ['route', 'status'], registers: [theirs] }),
      new SeriesCounter<Label>({ ...options, labelNames: ['route', 'status'], registers: [ours] }),
    ] as const,
    histograms: [
      new Histogram<Label>({ ...timing, labelNames: ['route', 'status'], buckets, registers: [theirs] }),
      new SeriesHistogram<Label>({ ...timing, labelNames: ['route', 'status'], buckets, registers: [ours] }),
    ] as const,
  }
}

const update = fc.record({
  route: fc.constantFrom('/v2/proxy/fetch', '/v2/keys/:id', 'unmatched', 'a "quoted" \\ route\n'),
  status: fc.constantFrom('200', '404', '429'),
  increment: fc.oneof(fc.constant(1), fc.nat({ max: 1000 }), fc.double({ min: 0, max: 1e6, noNaN: true })),
  seconds: fc.oneof(
    fc.constantFrom(...buckets, 0, 100),
    fc.double({ min: -1, max: 100, noNaN: true, noDefaultInfinity: true }),
  ),
})

describe('metric series', () => {
  it('expose exactly what prom-client gives for the same updates, in both formats', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(update, { maxLength: 60 }), async (updates) => {
        const { theirs, ours, counters, histograms } = pair()
        const open = pair(true)
        for (const { route, status, increment, seconds } of updates) {
          counters[0].inc({ route, status }, increment)
          counters[1].inc({ route, status }, increment)
          histograms[0].observe({ route, status }, seconds)
          histograms[1].series({ route, status }).observe(seconds)
          open.counters[0].inc({ route, status }, increment)
          open.counters[1].series({ route, status }).inc(increment)
          open.histograms[0].observe({ route, status }, seconds)
          open.histograms[1].observe({ route, status }, seconds)
        }
        assert.equal(await ours.metrics(), await theirs.metrics())
        assert.equal(await open.ours.metrics(), await open.theirs.metrics())
      }),
      { numRuns: 200 },
    )
  })

  it('add up across workers as prom-client’s do', async () => {
    const workers = [pair(), pair()]
    workers.forEach(({ counters, histograms }, i) => {
      for (const counter of counters) counter.inc({ route: '/a', status: '200' }, i + 1)
      for (const histogram of histograms) histogram.observe({ route: '/a', status: '200' }, 0.02 * (i + 1))
    })
    const theirs = AggregatorRegistry.aggregate(
      await Promise.all(workers.map((w) => w.theirs.getMetricsAsJSON())),
    )
    const ours = AggregatorRegistry.aggregate(
      await Promise.all(workers.map((w) => w.ours.getMetricsAsJSON())),
    )
    assert.equal(await ours.metrics(), await theirs.metrics())
  })

  it('a bound series and the labels it was bound with update the same series; a reset zeroes it', async () => {
    const registry = new Registry()
    const counter = new SeriesCounter<'outcome'>({
      name: 'c_total',
      help: 'c',
      labelNames: ['outcome'],
      registers: [registry],
    })
    const bound = counter.series({ outcome: 'envelope' })
    bound.inc()
    counter.inc({ outcome: 'envelope' }, 2)
    counter.inc({ outcome: 'refused' }, 0)
    assert.match(await registry.metrics(), /c_total\{outcome="envelope"\} 3\nc_total\{outcome="refused"\} 0/)
    registry.resetMetrics()
    bound.inc()
    assert.match(await registry.metrics(), /c_total\{outcome="envelope"\} 1\nc_total\{outcome="refused"\} 0/)
  })

  it('refuse a counter going down and values that are not finite', () => {
    const registry = new Registry()
    const counter = new SeriesCounter({ name: 'c_total', help: 'c', registers: [registry] })
    const histogram = new SeriesHistogram({ name: 'h', help: 'h', buckets: [1], registers: [registry] })
    assert.throws(() => counter.series({}).inc(-1), TypeError)
    assert.throws(() => counter.series({}).inc(Number.NaN), TypeError)
    assert.throws(() => histogram.series({}).observe(Number.POSITIVE_INFINITY), TypeError)
    assert.throws(
      () => new SeriesCounter({ name: 'c_total', help: 'again', registers: [registry] }),
      /already been registered/,
    )
  })
})
