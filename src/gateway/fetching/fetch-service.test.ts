import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { fakeMetering } from '../../../test/helpers/fake-metering.ts'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import { createFakeFleet, envelopeFor, fakeNode, type FakeNode } from '../../../test/helpers/test-gateway.ts'
import type { CancelSignal } from '../../shared/cancellation.ts'
import { AppError } from '../../shared/errors.ts'
import type { FetchJob } from '../../shared/fleet-contract.ts'
import type { StandingService } from '../billing/standing.ts'
import { createFetchDispatcher } from '../fleet/fetch-dispatcher.ts'
import type { JobAnswer } from '../fleet/node-client.ts'
import { createMemoryIdempotencyStore } from '../idempotency/memory-idempotency-store.ts'
import { fixedLimits } from '../rate-limits/account-limits.ts'
import { defaultLimits, type AdmissionLimits } from '../rate-limits/admission.ts'
import type { MeteredRequest, MeteringService } from '../metering/metering-service.ts'
import { createMemoryAdmissionStore } from '../rate-limits/memory-admission-store.ts'
import { createRateLimiter } from '../rate-limits/rate-limiter.ts'
import { createFetchService, type FetchOutcome, type FetchRequest } from './fetch-service.ts'
import { joinedEnvelope } from './fetch-outcome.ts'

const quiet = { warn: () => undefined }
const paid: StandingService = { standingFor: async () => ({ plan: 'entry', trialQuota: false }) }

async function setUp(
  t: TestContext,
  options: {
    nodes?: FakeNode[]
    limits?: Partial<AdmissionLimits>
    standing?: StandingService
    fetchDeadlineMs?: number
    metering?: Pick<MeteringService, 'reserve'>
  } = {},
) {
  const clock = manualClock()
  const admissions = createMemoryAdmissionStore({ clock })
  const idempotency = createMemoryIdempotencyStore({ clock, sweepIntervalMs: 0 })
  const fleet = await createFakeFleet(options.nodes ?? [fakeNode('us-east', 'node_east1')])
  t.after(async () => {
    await fleet.close()
    await Promise.all([admissions.close(), idempotency.close()])
  })
  const limits = Object.freeze({ ...defaultLimits, ...options.limits })
  const metering = fakeMetering()
  const metered = metering.billed
  // Every fetch that ends leaves its count billed or refunded, never open.
  t.after(() => assert.equal(metering.open(), 0, 'a metered request was left open'))
  const service = createFetchService({
    dispatcher: createFetchDispatcher(fleet),
    metering: options.metering ?? metering,
    standing: options.standing ?? paid,
    limiter: createRateLimiter(
      { store: admissions, limits: fixedLimits(limits), hostKeySecret: 'unit-test-secret' },
      quiet,
    ),
    idempotency,
    clock,
    fetchDeadlineMs: options.fetchDeadlineMs ?? 40_000,
  })
  const principal = { accountId: 'acct_a', limits }
  const fetch = (request: Partial<FetchRequest> = {}, callerGone?: AbortSignal) =>
    service.fetch(
      {
        url: new URL('https://example.com/page'),
        region: 'us-east',
        userAgent: null,
        idempotencyKey: undefined,
        ...request,
      },
      principal,
      {
        log: quiet,
        onCallerGone: (stop: () => void) => {
          callerGone?.addEventListener('abort', stop, { once: true })
          return () => callerGone?.removeEventListener('abort', stop)
        },
      },
    )
  return { fetch, metered, metering, admissions }
}

function errorCode(outcome: FetchOutcome): string {
  assert.equal(outcome.kind, 'error')
  assert.ok(outcome.error instanceof AppError, `not an AppError: ${String(outcome.error)}`)
  return outcome.error.code
}

/** A target the node refuses to fetch: an error answer that does not mark the node down. */
const refused = async (): Promise<JobAnswer> => ({
  kind: 'refused',
  refusal: {
    code: 'target_not_permitted',
    detail: 'The target resolves to a private address.',
    timed_out: false,
  },
})

/** A node whose job runs until `open()` or until the job's signal aborts. */
function held(): { node: FakeNode; started: Promise<void>; open: () => void } {
  let started!: () => void
  let open!: () => void
  const release = new Promise<void>((resolve) => (open = resolve))
  const node: FakeNode = fakeNode('us-east', 'node_held', {
    onJob: (job: FetchJob, signal?: CancelSignal) =>
      new Promise<JobAnswer>((resolve, reject) => {
        signal?.addEventListener(
          'abort',
          () => reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled')),
          { once: true },
        )
        void release.then(() => resolve({ kind: 'envelope', body: envelopeFor(node, job) }))
        started()
      }),
  })
  return { node, started: new Promise<void>((resolve) => (started = resolve)), open }
}

describe('the fetch use case', () => {
  it("answers the node's envelope with region_used in front, meters it and reports the fetch budgets", async (t) => {
    const { fetch, metered } = await setUp(t)
    const outcome = await fetch({ userAgent: 'probe/1.0' })
    assert.equal(outcome.kind, 'envelope')
    assert.ok(outcome.kind === 'envelope')
    const envelope = JSON.parse(joinedEnvelope(outcome.parts).toString()) as Record<string, unknown>
    assert.equal(envelope.region_used, 'us-east')
    assert.equal(envelope.device_id, 'node_east1')
    assert.equal(envelope.final_url, 'https://example.com/page')
    assert.deepEqual(
      metered.map((m) => m.accountId),
      ['acct_a'],
    )
    const names = outcome.rateLimit?.map((state) => state.name) ?? []
    assert.ok(names.includes('account_fetch') && names.includes('target_host'), names.join(','))
  })

  it("passes the caller's User-Agent to the node, and none when there is none", async (t) => {
    const node = fakeNode('us-east', 'node_east1')
    const { fetch } = await setUp(t, { nodes: [node] })
    await fetch({ userAgent: 'probe/1.0' })
    await fetch({ userAgent: null })
    assert.deepEqual(
      node.jobs.map((job) => job.user_agent),
      ['probe/1.0', null],
    )
  })

  it('refuses a fetch over the budget as a value, with the states to report, and meters nothing', async (t) => {
    const { fetch, metered } = await setUp(t, { limits: { fetchPerWindow: 1 } })
    assert.equal((await fetch()).kind, 'envelope')
    const refused = await fetch()
    assert.equal(errorCode(refused), 'rate_limited')
    assert.equal(refused.rateLimit?.find((s) => s.name === 'account_fetch')?.remaining, 0)
    assert.equal(metered.length, 1)
  })

  it("gives the standing refusal before the fetch's budgets, for one unit of the general budget", async (t) => {
    const standing: StandingService = {
      standingFor: () => Promise.reject(new AppError('spend_cap_reached', 'cap reached')),
    }
    const { fetch } = await setUp(t, { standing })
    const outcome = await fetch()
    assert.equal(errorCode(outcome), 'spend_cap_reached')
    assert.deepEqual(
      outcome.rateLimit?.map((state) => state.name),
      ['account_general'],
    )
  })

  it('counts the request as it is dispatched, and delivers the envelope once that count is committed', async (t) => {
    const events: string[] = []
    let commit!: () => void
    const committed = new Promise<void>((resolve) => (commit = resolve))
    const metering = {
      reserve: (): MeteredRequest => {
        events.push('counted')
        return {
          committed: committed.then(() => void events.push('committed')),
          bill: (bytes) => void events.push(`billed ${bytes > 0 ? 'bytes' : 'nothing'}`),
          refund: async () => void events.push('refunded'),
        }
      },
    }
    const node = fakeNode('us-east', 'node_east1', {
      onJob: async (job) => {
        events.push('dispatched')
        return { kind: 'envelope', body: envelopeFor(node, job) }
      },
    })
    const { fetch } = await setUp(t, { nodes: [node], metering })
    let delivered = false
    const outcome = fetch().then((answer) => {
      delivered = true
      return answer
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.deepEqual(events, ['counted', 'dispatched', 'billed bytes'])
    assert.equal(delivered, false, 'the envelope waits for its count')
    commit()
    assert.equal((await outcome).kind, 'envelope')
    assert.deepEqual(events, ['counted', 'dispatched', 'billed bytes', 'committed'])
  })

  it('takes the count back when nothing billable came of the fetch', async (t) => {
    const node = fakeNode('us-east', 'node_east1', { onJob: refused })
    const { fetch, metering } = await setUp(t, { nodes: [node] })
    assert.equal(errorCode(await fetch()), 'target_not_permitted')
    assert.deepEqual(metering.refunds, ['acct_a'])
    assert.deepEqual(metering.billed, [])
  })

  it('refunds the trial when no envelope came back', async (t) => {
    const trial: StandingService = { standingFor: async () => ({ plan: 'trial', trialQuota: true }) }
    const node = fakeNode('us-east', 'node_east1', { onJob: refused })
    const { fetch } = await setUp(t, { nodes: [node], standing: trial, limits: { trialRequests: 1 } })
    assert.equal(errorCode(await fetch()), 'target_not_permitted')
    node.onJob = async (job) => ({ kind: 'envelope', body: envelopeFor(node, job) })
    // The one trial request the refusal took was given back: this one is served, the next is not.
    assert.equal((await fetch()).kind, 'envelope')
    assert.equal(errorCode(await fetch()), 'trial_exhausted')
  })

  it('replays a keyed fetch byte for byte without a second egress, on the general budget', async (t) => {
    const node = fakeNode('us-east', 'node_east1')
    const { fetch, metered } = await setUp(t, { nodes: [node] })
    const first = await fetch({ idempotencyKey: 'k-1' })
    const second = await fetch({ idempotencyKey: 'k-1' })
    assert.ok(first.kind === 'envelope' && second.kind === 'replay')
    assert.deepEqual(second.response.body, joinedEnvelope(first.parts))
    assert.equal(second.response.headers['content-type'], 'application/json; charset=utf-8')
    assert.deepEqual(
      second.rateLimit?.map((state) => state.name),
      ['account_general'],
    )
    assert.equal(node.jobs.length, 1)
    assert.equal(metered.length, 1)
  })

  it('answers 422 for a key reused with another url, and frees the key after an error', async (t) => {
    const node = fakeNode('us-east', 'node_east1', { onJob: refused })
    const { fetch } = await setUp(t, { nodes: [node] })
    assert.equal(errorCode(await fetch({ idempotencyKey: 'k-2' })), 'target_not_permitted')
    node.onJob = async (job) => ({ kind: 'envelope', body: envelopeFor(node, job) })
    // The error was not stored: the retry runs the fetch.
    assert.equal((await fetch({ idempotencyKey: 'k-2' })).kind, 'envelope')
    assert.equal(node.jobs.length, 2)
    const reused = await fetch({ idempotencyKey: 'k-2', url: new URL('https://example.org/') })
    assert.equal(errorCode(reused), 'idempotency_key_reused')
    assert.deepEqual(
      reused.rateLimit?.map((state) => state.name),
      ['account_general'],
    )
  })

  it('answers 409 while the keyed fetch runs, and replays its answer once it ended', async (t) => {
    const { node, started, open } = held()
    const { fetch } = await setUp(t, { nodes: [node] })
    const running = fetch({ idempotencyKey: 'k-4' })
    await started
    assert.equal(errorCode(await fetch({ idempotencyKey: 'k-4' })), 'idempotency_in_flight')
    open()
    assert.equal((await running).kind, 'envelope')
    assert.equal((await fetch({ idempotencyKey: 'k-4' })).kind, 'replay')
  })

  it('gives up at the deadline with a timed-out upstream_unavailable', async (t) => {
    const { node } = held()
    const { fetch } = await setUp(t, { nodes: [node], fetchDeadlineMs: 1 })
    const outcome = await fetch()
    assert.equal(errorCode(outcome), 'upstream_unavailable')
    assert.ok(outcome.kind === 'error' && outcome.error instanceof AppError)
    assert.equal(outcome.error.status, 504)
  })

  it('stops a fetch without a key when the caller goes away', async (t) => {
    const { node, started } = held()
    const { fetch } = await setUp(t, { nodes: [node] })
    const gone = new AbortController()
    const running = fetch({}, gone.signal)
    await started
    gone.abort()
    const outcome = await running
    assert.equal(errorCode(outcome), 'upstream_unavailable')
    assert.ok(outcome.kind === 'error' && outcome.error instanceof AppError)
    assert.match(outcome.error.message, /caller closed/)
  })
})
