import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
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

  it('are read once per account for five seconds, one read for concurrent requests', async () => {
    const clock = manualClock()
    const stored = new Map<string, LimitOverrides>([['acct_a', { fetchPerMinute: 1000 }]])
    let reads = 0
    const limits = createAccountLimits({
      repo: {
        find: async (accountId) => {
          reads++
          return stored.get(accountId)
        },
      },
      defaults: base,
      clock,
    })
    const [a, b] = await Promise.all([limits.limitsFor('acct_a'), limits.limitsFor('acct_a')])
    assert.equal(reads, 1)
    assert.equal(a, b)
    assert.equal(a.fetchPerWindow, 1000)
    assert.equal(await limits.limitsFor('acct_z'), base, 'no overrides: the shared defaults')

    stored.set('acct_a', { fetchPerMinute: 2000 })
    clock.advance(4_999)
    const cached = limits.limitsFor('acct_a')
    assert.ok(!(cached instanceof Promise), 'answered from memory')
    assert.equal(cached.fetchPerWindow, 1000)
    clock.advance(1)
    assert.equal((await limits.limitsFor('acct_a')).fetchPerWindow, 2000)
    assert.equal(reads, 3)
  })

  it('do not remember a failed read', async () => {
    let fail = true
    const limits = createAccountLimits({
      repo: {
        find: async () => {
          if (fail) throw new Error('database is away')
          return undefined
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
