import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createMemoryUpstreamBudget } from './memory-upstream-budget.ts'
import { runUpstreamBudgetSuite } from '../../../test/suites/upstream-budget-suite.ts'

// One process: every "gateway" of the suite is the same store.
runUpstreamBudgetSuite('memory upstream budget', async () => {
  const store = createMemoryUpstreamBudget()
  return { open: () => store, dispose: () => store.close() }
})

test('memory upstream budget: one lane per upstream and egress address, and nothing after close', async () => {
  const store = createMemoryUpstreamBudget()
  const policy = { limit: 5, windowMs: 1_000 }
  await store.take({ upstream: 'mastodon:a.example', egress: '198.51.100.1' }, policy, 0)
  await store.take({ upstream: 'bluesky', egress: '198.51.100.1' }, policy, 0)
  assert.deepEqual(store.lanes().sort(), ['bluesky@198.51.100.1', 'mastodon:a.example@198.51.100.1'])
  await store.close()
  await assert.rejects(store.take({ upstream: 'bluesky', egress: 'x' }, policy, 0), /closed/)
})
