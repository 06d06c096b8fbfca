import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { AggregatorRegistry, Counter, Registry } from 'prom-client'
import { parseMetrics, samplesFrom, valueOf } from '../../test/helpers/metrics.ts'
import { countedSeries } from './metrics.ts'

function counter(registry: Registry, collect?: () => void) {
  return new Counter<'route' | 'status'>({
    name: 'test_answers_total',
    help: 'Answers.',
    labelNames: ['route', 'status'],
    registers: [registry],
    ...(collect !== undefined && { collect }),
  })
}

describe('a counted series', () => {
  it('exists at 0 once bound, and every reading holds every count since', async () => {
    const registry = new Registry()
    const answers = counter(registry)
    const ok = countedSeries(answers, { route: '/a', status: '200' })
    const name = 'test_answers_total'
    assert.equal(valueOf(await samplesFrom(registry), name, { route: '/a', status: '200' }), 0)
    ok.inc()
    ok.inc(2)
    assert.equal(valueOf(await samplesFrom(registry), name, { route: '/a', status: '200' }), 3)
    ok.inc()
    assert.equal(valueOf(await samplesFrom(registry), name, { route: '/a', status: '200' }), 4)
    const json = await registry.getMetricsAsJSON()
    const values = json.find((metric) => metric.name === name)?.values ?? []
    assert.deepEqual(
      values.map((value) => [value.labels, value.value]),
      [[{ route: '/a', status: '200' }, 4]],
    )
  })

  it('adds up with the counter’s own increments and with its other series', async () => {
    const registry = new Registry()
    const answers = counter(registry)
    const ok = countedSeries(answers, { route: '/a', status: '200' })
    const failed = countedSeries(answers, { route: '/a', status: '503' })
    const again = countedSeries(answers, { route: '/a', status: '200' })
    ok.inc()
    again.inc()
    failed.inc(5)
    answers.inc({ route: '/a', status: '200' })
    const samples = await samplesFrom(registry)
    assert.equal(valueOf(samples, 'test_answers_total', { status: '200' }), 3)
    assert.equal(valueOf(samples, 'test_answers_total', { status: '503' }), 5)
  })

  it('keeps a collect the counter already had', async () => {
    const registry = new Registry()
    let collected = 0
    const answers = counter(registry, () => {
      collected++
    })
    countedSeries(answers, { route: '/a', status: '200' }).inc()
    await registry.metrics()
    assert.equal(collected, 1)
    assert.equal(valueOf(await samplesFrom(registry), 'test_answers_total'), 1)
    assert.equal(collected, 2)
  })

  it('refuses labels the counter does not have when it is bound, not when it is read', () => {
    const answers = counter(new Registry())
    assert.throws(() => countedSeries(answers, { route: '/a', status: '200', region: 'x' } as never))
  })

  it('is summed across workers as prom-client sums their counters', async () => {
    const workers = [new Registry(), new Registry()]
    const series = workers.map((registry) => countedSeries(counter(registry), { route: '/a', status: '200' }))
    series[0]!.inc(2)
    series[1]!.inc(3)
    const gathered = AggregatorRegistry.aggregate(
      await Promise.all(workers.map((registry) => registry.getMetricsAsJSON())),
    )
    assert.equal(valueOf(parseMetrics(await gathered.metrics()), 'test_answers_total', { status: '200' }), 5)
  })
})
