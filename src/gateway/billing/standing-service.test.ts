import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setImmediate } from 'node:timers/promises'
import { AppError } from '../../shared/errors.ts'
import type { AccountBillingRow } from './billing-repository.ts'
import { dayMs, dayOf } from './period.ts'
import { createPlanCatalog } from './plans.ts'
import { createStandingService } from './standing-service.ts'

const verifiedAt = Date.UTC(2026, 2, 2, 9, 0, 0)

/** The standing service over an in-memory account table, written usage and unwritten tally. */
function harness(account: Partial<AccountBillingRow> = {}) {
  const row: AccountBillingRow = {
    id: 'acct_a',
    email: 'ann@example.com',
    plan: 'trial',
    email_verified_at: verifiedAt,
    created_at: verifiedAt - 60_000,
    cap_cents: null,
    ...account,
  }
  const written = new Map<string, number>()
  const unwritten = new Map<string, number>()
  const calls = { findAccount: 0, requestsBetween: 0 }
  const standing = createStandingService({
    repo: {
      findAccounts: async (ids) => {
        calls.findAccount++
        return new Map(ids.includes(row.id) ? [[row.id, { ...row }]] : [])
      },
      requestsFrom: async (firstDays, lastDay) => {
        if (firstDays.size === 0) return new Map()
        calls.requestsBetween++
        const firstDay = firstDays.get(row.id)
        let sum = 0
        for (const [day, requests] of written)
          if (firstDay !== undefined && day >= firstDay && day <= lastDay) sum += requests
        return new Map([[row.id, sum]])
      },
    },
    catalog: createPlanCatalog(),
    usage: { unwritten: (_id, day) => ({ requests: unwritten.get(day) ?? 0, bytes: 0 }) },
    // Times here are given, not waited for: a refresh goes at the turn's end instead of gathering.
    refreshGatherMs: 0,
  })
  return { standing, row, written, unwritten, calls }
}

async function refusal(promise: unknown): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
  return 'admitted'
}

describe('standing on the trial', () => {
  it('is the trial with its quota until 30 days after verification, then trial_expired', async () => {
    const { standing } = harness()
    const ends = verifiedAt + 30 * dayMs
    const onTrial = { plan: 'trial', trialQuota: true, trialUsed: 0 }
    assert.deepEqual(await standing.standingFor('acct_a', verifiedAt), onTrial)
    assert.deepEqual(await standing.standingFor('acct_a', ends - 1), onTrial)
    assert.equal(await refusal(standing.standingFor('acct_a', ends)), 'trial_expired')
    assert.equal(await refusal(standing.standingFor('acct_a', ends + 90 * dayMs)), 'trial_expired')
  })

  it('expires to the millisecond even from the cache, and says when the trial ended', async () => {
    const { standing, calls } = harness()
    const ends = verifiedAt + 30 * dayMs
    await standing.standingFor('acct_a', ends - 1000)
    const error = await Promise.resolve(standing.standingFor('acct_a', ends)).catch((e: unknown) => e)
    assert.ok(error instanceof AppError)
    assert.equal(error.status, 402)
    assert.match(error.message, /ended on 2026-04-01T09:00:00\.000Z/)
    assert.equal(calls.findAccount, 1, 'the second call came from the cache')
  })

  it("carries the ledger's count of trial requests, the floor of admission's trial counter", async () => {
    const { standing, written, calls } = harness()
    written.set(dayOf(verifiedAt - dayMs), 5) // before the trial: not its requests
    written.set(dayOf(verifiedAt), 400)
    written.set(dayOf(verifiedAt + 3 * dayMs), 598)
    const now = verifiedAt + 3 * dayMs + 60_000
    assert.equal((await standing.standingFor('acct_a', now)).trialUsed, 998)
    written.set(dayOf(verifiedAt + 3 * dayMs), 599)
    assert.equal((await standing.standingFor('acct_a', now + 4_999)).trialUsed, 998, 'cached for 5 s')
    assert.equal((await standing.standingFor('acct_a', now + 5_000)).trialUsed, 999)
    assert.equal(calls.requestsBetween, 2)
  })

  it('counts from sign-up when an account has no verification time', async () => {
    const { standing } = harness({ email_verified_at: null, created_at: verifiedAt })
    assert.equal(await refusal(standing.standingFor('acct_a', verifiedAt + 30 * dayMs)), 'trial_expired')
  })

  it('an expired trial moved to a paid plan fetches again (after the cache time, or at once after forget)', async () => {
    const { standing, row } = harness()
    const later = verifiedAt + 40 * dayMs
    assert.equal(await refusal(standing.standingFor('acct_a', later)), 'trial_expired')
    row.plan = 'entry'
    assert.equal(await refusal(standing.standingFor('acct_a', later + 4_999)), 'trial_expired', 'cached')
    assert.deepEqual(await standing.standingFor('acct_a', later + 5_000), {
      plan: 'entry',
      trialQuota: false,
    })
    row.plan = 'trial'
    standing.forget('acct_a')
    assert.equal(await refusal(standing.standingFor('acct_a', later + 5_001)), 'trial_expired')
  })
})

describe('standing on a paid plan', () => {
  const now = Date.UTC(2026, 2, 20, 12)

  it('is the plan without the trial quota, and reads no usage when there is no cap', async () => {
    const { standing, calls } = harness({ plan: 'growth' })
    assert.deepEqual(await standing.standingFor('acct_a', now), { plan: 'growth', trialQuota: false })
    assert.equal(calls.requestsBetween, 0)
  })

  it('refuses with spend_cap_reached exactly when one more request would pass the cap', async () => {
    // Entry: 25.00 + 0.50 per 1,000 beyond 50,000, rounded up per month. A cap of 36.73 USD allows a month
    // of up to 73,460 requests (23,460 × 0.05 = 1173.0 cents); the 73,461st would make it 36.74.
    const { standing, written } = harness({ plan: 'entry', cap_cents: 3673 })
    written.set('2026-03-01', 73_459)
    assert.deepEqual(await standing.standingFor('acct_a', now), { plan: 'entry', trialQuota: false })
    standing.forget('acct_a')
    written.set('2026-03-01', 73_460)
    const error = await Promise.resolve(standing.standingFor('acct_a', now)).catch((e: unknown) => e)
    assert.ok(error instanceof AppError)
    assert.equal(error.code, 'spend_cap_reached')
    assert.equal(error.status, 402)
    assert.match(error.message, /spending cap of 36\.73 USD \(charged so far in 2026-03: 36\.73 USD\)/)
  })

  it('a cap equal to the fee stops at the first request beyond the included ones', async () => {
    const { standing, written } = harness({ plan: 'entry', cap_cents: 2500 })
    written.set('2026-03-05', 49_999)
    assert.equal(await refusal(standing.standingFor('acct_a', now)), 'admitted')
    standing.forget('acct_a')
    written.set('2026-03-05', 50_000)
    assert.equal(await refusal(standing.standingFor('acct_a', now)), 'spend_cap_reached')
  })

  it("counts this month only: last month's requests do not reach the cap", async () => {
    const { standing, written } = harness({ plan: 'entry', cap_cents: 2500 })
    written.set('2026-02-28', 900_000)
    written.set('2026-03-01', 10)
    assert.equal(await refusal(standing.standingFor('acct_a', now)), 'admitted')
  })

  it("adds this gateway's unwritten tally (today and, just after midnight, yesterday) to the written rows", async () => {
    const { standing, written, unwritten, calls } = harness({ plan: 'entry', cap_cents: 2500 })
    const justAfterMidnight = Date.UTC(2026, 2, 21, 0, 0, 0, 300)
    written.set('2026-03-10', 49_990)
    unwritten.set('2026-03-20', 5)
    assert.equal(await refusal(standing.standingFor('acct_a', justAfterMidnight)), 'admitted')
    unwritten.set(dayOf(justAfterMidnight), 5)
    assert.equal(await refusal(standing.standingFor('acct_a', justAfterMidnight + 1)), 'spend_cap_reached')
    assert.equal(calls.requestsBetween, 1, 'the written sum came from the cache the second time')
  })

  it('caches the written sum for 5 s: staleness it accepts, then re-reads', async () => {
    const { standing, written, calls } = harness({ plan: 'entry', cap_cents: 2500 })
    written.set('2026-03-10', 40_000)
    await standing.standingFor('acct_a', now)
    written.set('2026-03-10', 60_000)
    assert.equal(await refusal(standing.standingFor('acct_a', now + 4_999)), 'admitted', 'stale within 5 s')
    assert.equal(await refusal(standing.standingFor('acct_a', now + 5_000)), 'spend_cap_reached')
    assert.equal(calls.requestsBetween, 2)
  })

  it('a new month starts from nothing', async () => {
    const { standing, written } = harness({ plan: 'entry', cap_cents: 2500 })
    written.set('2026-03-31', 60_000)
    assert.equal(
      await refusal(standing.standingFor('acct_a', Date.UTC(2026, 2, 31, 23, 59))),
      'spend_cap_reached',
    )
    assert.equal(await refusal(standing.standingFor('acct_a', Date.UTC(2026, 3, 1, 0, 0, 1))), 'admitted')
  })
})

describe('standing on the hot path', () => {
  it('concurrent calls for one account share one database read', async () => {
    const { standing, calls } = harness({ plan: 'scale' })
    const now = Date.UTC(2026, 2, 20)
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => standing.standingFor('acct_a', now)),
    )
    assert.equal(calls.findAccount, 1)
    assert.ok(answers.every((answer) => answer.plan === 'scale' && !answer.trialQuota))
  })

  it('answers an account it holds at once, without a promise, and a refusal always as a rejection', async () => {
    const trial = harness()
    await trial.standing.standingFor('acct_a', verifiedAt)
    assert.deepEqual(trial.standing.standingFor('acct_a', verifiedAt + 1), {
      plan: 'trial',
      trialQuota: true,
      trialUsed: 0,
    })
    const expired = trial.standing.standingFor('acct_a', verifiedAt + 30 * dayMs)
    assert.ok(expired instanceof Promise, 'an expired trial is a rejection, never a throw')
    assert.equal(await refusal(expired), 'trial_expired')

    const paid = harness({ plan: 'scale' })
    const now = Date.UTC(2026, 2, 20)
    await paid.standing.standingFor('acct_a', now)
    assert.ok(!(paid.standing.standingFor('acct_a', now + 1) instanceof Promise))
  })

  it('an account in use is read again in the background before its time is up', async () => {
    const { standing, row, calls } = harness({ plan: 'entry' })
    const now = Date.UTC(2026, 2, 20)
    await standing.standingFor('acct_a', now)
    row.plan = 'growth'
    assert.equal((await standing.standingFor('acct_a', now + 2_600)).plan, 'entry', 'from memory')
    await setImmediate()
    assert.equal(calls.findAccount, 2, 'read again meanwhile')
    assert.equal((await standing.standingFor('acct_a', now + 5_100)).plan, 'growth')
    assert.equal(calls.findAccount, 2, 'the fetch after 5 s did not wait for a read of its own')
  })

  it('an account that does not exist is a bug, not a refusal', async () => {
    const { standing } = harness()
    await assert.rejects(
      async () => standing.standingFor('acct_missing', verifiedAt),
      /no account acct_missing/,
    )
  })
})
