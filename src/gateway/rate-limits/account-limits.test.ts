import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setImmediate } from 'node:timers/promises'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import type { LimitOverrides } from './account-limits-repository.ts'
import { createAccountLimits, deploymentLimits, withOverrides } from './account-limits.ts'
import { defaultLimits } from './admission.ts'

const base = deploymentLimits({ globalHostPerMinute: 900, maxInFlight: 30, inFlightLeaseMs: 130_000 })

describe('account limits', () => {
  it("are SPEC 8's figures with the deployment's global ceiling, in-flight cap and lease", () => {
    assert.deepEqual(base, {
      ...defaultLimits,
      globalHostPerWindow: 900,
      inFlight: 30,
      inFlightLeaseMs: 130_000,
    })
    assert.ok(Object.isFrozen(base))
  })

  it("put an account's own overrides on top, field by field", () => {
    assert.equal(withOverrides(base, undefined), base)
    assert.equal(withOverrides(base, {}), base)
    assert.deepEqual(withOverrides(base, { fetchPerMinute: 5, maxInFlight: 2 }), {
      ...base,
      fetchPerWindow: 5,
      inFlight: 2,
    })
    assert.deepEqual(withOverrides(base, { hostPerMinute: 7, generalPerMinute: 9 }), {
      ...base,
      targetHostPerWindow: 7,
      generalPerWindow: 9,
    })
  })

  it('are read for five seconds, one statement for every account asked for at once', async () => {
    const clock = manualClock()
    const stored = new Map<string, LimitOverrides>([['acct_a', { fetchPerMinute: 1000 }]])
    const reads: string[][] = []
    const limits = createAccountLimits({
      repo: {
        findMany: async (accountIds) => {
          reads.push([...accountIds])
          return new Map([...stored].filter(([id]) => accountIds.includes(id)))
        },
      },
      defaults: base,
      clock,
    })
    const [a, b, z] = await Promise.all([
      limits.limitsFor('acct_a'),
      limits.limitsFor('acct_a'),
      limits.limitsFor('acct_z'),
    ])
    assert.deepEqual(reads, [['acct_a', 'acct_z']])
    assert.equal(a, b)
    assert.equal(a.fetchPerWindow, 1000)
    assert.equal(z, base, 'no overrides: the shared defaults')

    stored.set('acct_a', { fetchPerMinute: 2000 })
    clock.advance(4_999)
    const cached = limits.limitsFor('acct_a')
    assert.ok(!(cached instanceof Promise), 'answered from memory')
    assert.equal(cached.fetchPerWindow, 1000)
    clock.advance(1)
    assert.equal((await limits.limitsFor('acct_a')).fetchPerWindow, 2000)
  })

  it('are read again in the background while in use: a request never waits for the database', async () => {
    const clock = manualClock()
    const stored = new Map<string, LimitOverrides>([['acct_a', { fetchPerMinute: 1000 }]])
    let reads = 0
    const limits = createAccountLimits({
      repo: {
        findMany: async () => {
          reads++
          return new Map(stored)
        },
      },
      defaults: base,
      clock,
      // The clock is a manual one: the refresh goes at the turn's end instead of gathering in real time.
      refreshGatherMs: 0,
    })
    await limits.limitsFor('acct_a')
    for (let second = 1; second <= 30; second++) {
      clock.advance(1_000)
      if (second === 10) stored.set('acct_a', { fetchPerMinute: 3000 })
      const answer = limits.limitsFor('acct_a')
      assert.ok(!(answer instanceof Promise), `second ${second}: answered from memory`)
      if (second >= 15) assert.equal(answer.fetchPerWindow, 3000, 'the change is seen within 5 s')
      await setImmediate()
    }
    assert.ok(reads >= 10 && reads <= 16, `read again every few seconds, not on every request (${reads})`)
  })

  it('do not remember a failed read', async () => {
    let fail = true
    const limits = createAccountLimits({
      repo: {
        findMany: async () => {
          if (fail) throw new Error('database is away')
          return new Map()
        },
      },
      defaults: base,
      clock: manualClock(),
    })
    await assert.rejects(async () => limits.limitsFor('acct_a'), /database is away/)
    fail = false
    assert.equal(await limits.limitsFor('acct_a'), base)
  })
})
