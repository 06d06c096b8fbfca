/**
 * The supervisor's stores as workers reach them: every store suite of the embedded twins runs again with
 * each "gateway" a caller of its own, over a transport that does what node:cluster's IPC does to a message
 * (JSON, both ways, answers arriving on a later turn). Passing the suites this way is what makes N workers
 * share windows, leases, trial counts, idempotency records and budgets exactly as one process does.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { runAdmissionStoreSuite } from '../../test/suites/admission-store-suite.ts'
import { memoryTwinContents, runIdempotencyStoreSuite } from '../../test/suites/idempotency-store-suite.ts'
import { runUpstreamBudgetSuite } from '../../test/suites/upstream-budget-suite.ts'
import { createMemoryIdempotencyStore } from '../gateway/idempotency/memory-idempotency-store.ts'
import { createMemoryAdmissionStore } from '../gateway/rate-limits/memory-admission-store.ts'
import type { EmbeddedStores } from '../gateway/rate-limits/limit-stores.ts'
import { createMemoryUpstreamBudget } from '../gateway/social/memory-upstream-budget.ts'
import { storeHandlers, storesOfSupervisor } from './shared-stores.ts'
import { answerCall, createCaller, type CallHandlers, type Caller } from './supervisor-calls.ts'

const overIpc = <T>(message: T): T => JSON.parse(JSON.stringify(message)) as T

/** A worker's caller of `handlers`, through JSON both ways as process.send does. */
function workerOf(handlers: CallHandlers): Caller {
  const caller = createCaller((calls) => {
    for (const call of overIpc(calls)) {
      void answerCall(handlers, call).then((answer) => {
        setImmediate(() => caller.receive(overIpc(answer)))
      })
    }
  })
  return caller.call
}

/** A fresh worker on `stores`: as another gateway would be, with a connection of its own. */
function anotherWorker(stores: EmbeddedStores): EmbeddedStores {
  return storesOfSupervisor(workerOf(storeHandlers(stores)))
}

function embedded(parts: Partial<EmbeddedStores>): EmbeddedStores {
  return {
    admission: parts.admission ?? createMemoryAdmissionStore(),
    idempotency: parts.idempotency ?? createMemoryIdempotencyStore({ sweepIntervalMs: 0 }),
    upstreamBudgets: parts.upstreamBudgets ?? createMemoryUpstreamBudget(),
  }
}

runAdmissionStoreSuite('admission store of a supervisor, asked by workers', async (clock) => {
  const store = createMemoryAdmissionStore({ clock })
  const stores = embedded({ admission: store })
  return {
    open: () => anotherWorker(stores).admission,
    contents: async () => store.keys(),
    dispose: () => store.close(),
  }
})

runIdempotencyStoreSuite('idempotency store of a supervisor, asked by workers', async (setup) => {
  const store = createMemoryIdempotencyStore({ ...setup, sweepIntervalMs: 0 })
  const stores = embedded({ idempotency: store })
  return {
    stores: [
      anotherWorker(stores).idempotency,
      anotherWorker(stores).idempotency,
      anotherWorker(stores).idempotency,
    ],
    ...memoryTwinContents(store),
    close: () => store.close(),
  }
})

runUpstreamBudgetSuite('upstream budget of a supervisor, asked by workers', async () => {
  const store = createMemoryUpstreamBudget()
  const stores = embedded({ upstreamBudgets: store })
  return { open: () => anotherWorker(stores).upstreamBudgets, dispose: () => store.close() }
})

describe('calls to the supervisor', () => {
  it('gives a replayed body back byte for byte, binary included', async () => {
    const stores = embedded({})
    const [first, second] = [anotherWorker(stores), anotherWorker(stores)]
    const body = Buffer.from([0x00, 0xff, 0x80, 0x7f, 0x0a, 0x22, 0x5c])
    const begun = await first.idempotency.begin('acct_a', 'k', 'fp', 1_000)
    assert.equal(begun.kind, 'claimed')
    if (begun.kind !== 'claimed') return
    const headers = { 'content-type': 'application/octet-stream', 'x-dropped': 'yes' }
    assert.equal(
      await first.idempotency.complete('acct_a', 'k', begun.token, { status: 200, headers, body }, 1_001),
      true,
    )
    const replay = await second.idempotency.begin('acct_a', 'k', 'fp', 1_002)
    assert.equal(replay.kind, 'replay')
    if (replay.kind !== 'replay') return
    assert.ok(Buffer.isBuffer(replay.response.body))
    assert.deepEqual(replay.response.body, body)
    assert.deepEqual(replay.response.headers, { 'content-type': 'application/octet-stream' })
  })

  it('rejects with the error the supervisor met, and answers the next call', async () => {
    const stores = embedded({})
    const worker = anotherWorker(stores)
    const refused = await worker.idempotency
      .complete('acct_a', 'k', 'token', { status: 500, headers: {}, body: '' }, 1)
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    assert.ok(refused instanceof RangeError)
    assert.match(refused.message, /only successful answers are stored/)
    assert.equal(await worker.admission.quotaUsed('{acct_a}:trial'), 0)
  })

  it('refuses a name the supervisor does not answer, and one inherited from Object', async () => {
    const call = workerOf({ known: async () => 1 })
    assert.equal(await call('known', []), 1)
    await assert.rejects(call('unknown', []), /no supervisor call named unknown/)
    await assert.rejects(call('toString', []), /no supervisor call named toString/)
  })

  it('rejects every call still waiting when the channel closes', async () => {
    const caller = createCaller(() => {})
    const waiting = caller.call('anything', [])
    caller.fail(new Error('the supervisor is gone'))
    await assert.rejects(waiting, /the supervisor is gone/)
  })
})
