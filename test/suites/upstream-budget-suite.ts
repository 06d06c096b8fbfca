/**
 * The behaviour both upstream budget stores must show, run by memory-upstream-budget.test.ts and
 * test/integration/social/redis-upstream-budget.test.ts. `open()` may hand out a new connection to the
 * same state each time, as another gateway would have: the suite then checks that gateways share lanes.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  observationOf,
  type BudgetLane,
  type UpstreamBudgetStore,
} from '../../src/gateway/social/upstream-budget.ts'

export type UpstreamBudgetHarness = {
  /** A store on this harness's state: with Redis, a gateway of its own on a connection of its own. */
  open(): UpstreamBudgetStore
  /** Closes every store opened and deletes the state. */
  dispose(): Promise<void>
}

export type MakeUpstreamBudget = () => Promise<UpstreamBudgetHarness>

const t0 = 1_700_000_000_000
const fiveMinutes = 300_000
const lane = (upstream: string, egress = '198.51.100.1'): BudgetLane => ({ upstream, egress })

export function runUpstreamBudgetSuite(name: string, make: MakeUpstreamBudget): void {
  describe(name, () => {
    async function withStore(run: (open: () => UpstreamBudgetStore) => Promise<void>): Promise<void> {
      const harness = await make()
      try {
        await run(() => harness.open())
      } finally {
        await harness.dispose()
      }
    }

    test('admits at most the published limit in any window, per upstream and egress address', async () => {
      await withStore(async (open) => {
        const budget = open()
        const policy = { limit: 3, windowMs: fiveMinutes }
        const a = lane('mastodon:a.example')
        for (let n = 0; n < 3; n++) assert.deepEqual(await budget.take(a, policy, t0 + n), { ok: true })
        assert.deepEqual(await budget.take(a, policy, t0 + 10), { ok: false, retryAfterMs: 299_990 })
        assert.equal(
          (await budget.take(lane('mastodon:a.example', '198.51.100.2'), policy, t0 + 10)).ok,
          true,
        )
        assert.equal((await budget.take(lane('mastodon:b.example'), policy, t0 + 10)).ok, true)
        assert.equal((await budget.take(a, policy, t0 + fiveMinutes)).ok, true, 'the oldest left the window')
        assert.deepEqual(
          await budget.take(a, policy, t0 + fiveMinutes),
          { ok: false, retryAfterMs: 1 },
          'and only the oldest',
        )
      })
    })

    test('gateways on one store share a lane: a burst split across them admits exactly the limit', async () => {
      await withStore(async (open) => {
        const gateways = [open(), open(), open()]
        const policy = { limit: 25, windowMs: fiveMinutes }
        const answers = await Promise.all(
          Array.from({ length: 90 }, (_, i) =>
            gateways[i % 3]!.take(lane('mastodon:a.example'), policy, t0 + (i % 5)),
          ),
        )
        assert.equal(answers.filter((answer) => answer.ok).length, 25)
      })
    })

    test("follows the upstream's X-RateLimit-Remaining until its reset, on every gateway", async () => {
      await withStore(async (open) => {
        const [first, second] = [open(), open()]
        const policy = { limit: 300, windowMs: fiveMinutes }
        const a = lane('mastodon:a.example')
        const reset = new Date(t0 + 60_000).toISOString()
        await first.observe(
          a,
          observationOf(200, { 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': reset }, t0),
          t0,
        )
        assert.equal((await second.take(a, policy, t0 + 1)).ok, true)
        assert.equal((await first.take(a, policy, t0 + 2)).ok, true)
        assert.deepEqual(await second.take(a, policy, t0 + 3), { ok: false, retryAfterMs: 59_997 })
        assert.equal((await first.take(a, policy, t0 + 60_000)).ok, true, 'after the reset')
      })
    })

    test('within one upstream window the lower remaining wins, whatever order the answers arrive in', async () => {
      await withStore(async (open) => {
        const [first, second] = [open(), open()]
        const policy = { limit: 300, windowMs: fiveMinutes }
        const a = lane('mastodon:a.example')
        const reset = new Date(t0 + 60_000).toISOString()
        const said = (remaining: number, resetAt = reset) =>
          observationOf(200, { 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': resetAt }, t0)
        await first.observe(a, said(1), t0)
        // A slower answer of the same window, sent before the one above, arrives last on another gateway.
        await second.observe(a, said(5), t0)
        assert.equal((await first.take(a, policy, t0 + 1)).ok, true)
        assert.equal((await second.take(a, policy, t0 + 2)).ok, false, 'the lower count held')
        // The next window's figure replaces it.
        await second.observe(a, said(4, new Date(t0 + 360_000).toISOString()), t0 + 3)
        assert.equal((await first.take(a, policy, t0 + 4)).ok, true)
      })
    })

    test("reads Bluesky's RateLimit-Reset in epoch seconds and holds every gateway after a 429", async () => {
      await withStore(async (open) => {
        const [first, second] = [open(), open()]
        const policy = { limit: 3000, windowMs: fiveMinutes }
        const spent = observationOf(
          200,
          { 'ratelimit-remaining': '0', 'ratelimit-reset': String((t0 + 30_000) / 1000) },
          t0,
        )
        await first.observe(lane('bluesky'), spent, t0)
        assert.deepEqual(await second.take(lane('bluesky'), policy, t0), { ok: false, retryAfterMs: 30_000 })
        const other = lane('bluesky', '198.51.100.2')
        await first.observe(other, observationOf(429, { 'retry-after': '12' }, t0), t0)
        assert.deepEqual(await second.take(other, policy, t0 + 2_000), { ok: false, retryAfterMs: 10_000 })
        // An older 429 does not shorten the hold.
        await second.observe(other, observationOf(429, { 'retry-after': '1' }, t0 + 2_000), t0 + 2_000)
        assert.equal((await first.take(other, policy, t0 + 11_000)).ok, false)
        assert.equal((await first.take(other, policy, t0 + 12_000)).ok, true)
      })
    })

    test('a refusal records nothing, and an answer without rate-limit headers changes nothing', async () => {
      await withStore(async (open) => {
        const budget = open()
        const policy = { limit: 2, windowMs: 1_000 }
        const a = lane('hackernews')
        await budget.observe(a, observationOf(200, {}, t0), t0)
        assert.equal((await budget.take(a, policy, t0)).ok, true)
        assert.equal((await budget.take(a, policy, t0 + 500)).ok, true)
        for (let n = 0; n < 5; n++) assert.equal((await budget.take(a, policy, t0 + 600)).ok, false)
        assert.equal((await budget.take(a, policy, t0 + 1_000)).ok, true, 'only the admitted were logged')
      })
    })

    test('an egress address or instance with braces or colons stays one lane of its own', async () => {
      await withStore(async (open) => {
        const budget = open()
        const policy = { limit: 1, windowMs: fiveMinutes }
        const v6 = lane('mastodon:a.example', '2001:db8::7')
        assert.equal((await budget.take(v6, policy, t0)).ok, true)
        assert.equal((await budget.take(v6, policy, t0)).ok, false)
        assert.equal((await budget.take(lane('mastodon:a.example', 'node_{x}'), policy, t0)).ok, true)
        assert.equal((await budget.take(lane('mastodon:a.example', '2001:db8::8'), policy, t0)).ok, true)
      })
    })
  })
}
