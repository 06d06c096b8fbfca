import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { AggregatorRegistry, Histogram, Registry } from 'prom-client'
import { BoundHistogram } from './bound-histogram.ts'
import { durationBuckets } from './metrics.ts'

type Label = 'route' | 'method' | 'status' | 'code'
const labelNames: Label[] = ['route', 'method', 'status', 'code']
const options = { name: 'test_duration_seconds', help: 'Durations.', labelNames, buckets: durationBuckets }

/** prom-client's own histogram and ours, each in a registry of its own, fed the same observations. */
function pair() {
  const theirs = new Registry()
  const ours = new Registry()
  return {
    theirs,
    ours,
    reference: new Histogram({ ...options, registers: [theirs] }),
    bound: new BoundHistogram({ ...options, registers: [ours] }),
  }
}

const series = fc.record({
  route: fc.constantFrom('/v2/proxy/fetch', '/v2/keys/:id', 'unmatched'),
  method: fc.constantFrom('GET', 'POST'),
  status: fc.constantFrom('200', '429', '503'),
  code: fc.constantFrom('none', 'rate_limited', 'a "quoted"\\ code\n'),
})
const value = fc.oneof(
  fc.double({ min: 0, max: 100, noNaN: true }),
  fc.constantFrom(0, 0.005, 0.01, 60, 61, 2.5),
)

describe('a bound histogram', () => {
  it('serves what prom-client’s Histogram serves for the same observations, text and JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(series, value, fc.boolean()), { maxLength: 60 }),
        async (observations) => {
          const { theirs, ours, reference, bound } = pair()
          for (const [labels, observed, throughSeries] of observations) {
            reference.observe(labels, observed)
            if (throughSeries) bound.series(labels).observe(observed)
            else bound.observe(labels, observed)
          }
          assert.equal(await ours.metrics(), await theirs.metrics())
          assert.deepEqual(await ours.getMetricsAsJSON(), await theirs.getMetricsAsJSON())
        },
      ),
      { numRuns: 200 },
    )
  })

  it('is summed across workers as prom-client sums its histograms', async () => {
    const workers = [pair(), pair()]
    workers[0]!.reference.observe({ route: '/a', method: 'GET', status: '200', code: 'none' }, 0.2)
    workers[0]!.bound.series({ route: '/a', method: 'GET', status: '200', code: 'none' }).observe(0.2)
    workers[1]!.reference.observe({ route: '/a', method: 'GET', status: '200', code: 'none' }, 7)
    workers[1]!.bound.observe({ route: '/a', method: 'GET', status: '200', code: 'none' }, 7)
    const gather = async (side: 'ours' | 'theirs') =>
      AggregatorRegistry.aggregate(
        await Promise.all(workers.map((worker) => worker[side].getMetricsAsJSON())),
      ).metrics()
    assert.equal(await gather('ours'), await gather('theirs'))
  })

  it('shows a bound series before its first observation, and starts again empty after a reset', async () => {
    const { ours, bound } = pair()
    bound.series({ route: '/a', method: 'GET', status: '200', code: 'none' })
    assert.match(
      await ours.metrics(),
      /test_duration_seconds_count\{route="\/a",method="GET",status="200",code="none"\} 0/,
    )
    ours.resetMetrics()
    assert.doesNotMatch(await ours.metrics(), /_count/)
  })

  it('refuses a label it was not made with, and a value that is not a number', () => {
    const { bound } = pair()
    assert.throws(() => bound.series({ route: '/a', region: 'x' } as never), /region/)
    assert.throws(() => bound.observe({ route: '/a' }, Number.NaN), TypeError)
  })
})
