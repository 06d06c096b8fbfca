/**
 * `node --import tsx bench/micro/supervisor-calls.ts [--quick] [--rounds N]`
 *
 * What a `dev` worker's admission costs on the way to its supervisor's store and back, beyond the store's
 * own step: the repo's two ends (`storesOfSupervisor` over `createCaller`, `storeHandlers` over
 * `answerCall`, src/bin/) and a memory admission store in ONE process, each message carried the way
 * node:cluster's IPC channel carries it (JSON and a newline, UTF-8 bytes, a string decoder, split at the
 * newlines, `JSON.parse`), answers on a later turn. CPU per admission (process.cpuUsage) at 64 admissions in
 * flight, a fetch's admission with the release that follows it, against asking the store directly. The
 * channel's system calls are left out: one write and one read per message each way, in a real `dev`.
 */
import { StringDecoder } from 'node:string_decoder'
import { parseArgs } from 'node:util'
import { storeHandlers, storesOfSupervisor } from '../../src/bin/shared-stores.ts'
import { answerCall, createCaller, type SupervisorCall } from '../../src/bin/supervisor-calls.ts'
import { createMemoryIdempotencyStore } from '../../src/gateway/idempotency/memory-idempotency-store.ts'
import {
  fetchAdmission,
  hostKey,
  type AdmissionLimits,
  type AdmissionStore,
} from '../../src/gateway/rate-limits/admission.ts'
import { createMemoryAdmissionStore } from '../../src/gateway/rate-limits/memory-admission-store.ts'
import { createMemoryUpstreamBudget } from '../../src/gateway/social/memory-upstream-budget.ts'
import { timeCalls } from '../lib/calls.ts'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
  },
  strict: true,
})
const calls = values.quick ? 20_000 : 200_000
const rounds = Number(values.rounds)

/** One direction of the channel: what `process.send` writes and what the other end parses from it. */
function channel<T>(deliver: (message: T) => void): (message: T) => void {
  const decoder = new StringDecoder('utf8')
  let pending = ''
  return (message) => {
    const bytes = Buffer.from(`${JSON.stringify(message)}\n`, 'utf8')
    setImmediate(() => {
      const lines = (pending + decoder.write(bytes)).split('\n')
      pending = lines.pop()!
      for (const line of lines) deliver(JSON.parse(line) as T)
    })
  }
}

const store = createMemoryAdmissionStore()
const handlers = storeHandlers({
  admission: store,
  idempotency: createMemoryIdempotencyStore({ sweepIntervalMs: 0 }),
  upstreamBudgets: createMemoryUpstreamBudget(),
})
const toWorker = channel<{ id: number; value?: unknown; error?: { message: string; name: string } }[]>(
  (answers) => {
    for (const answer of answers) caller.receive(answer as Parameters<typeof caller.receive>[0])
  },
)
const toSupervisor = channel<SupervisorCall[]>((batch) => {
  const answers: Awaited<ReturnType<typeof answerCall>>[] = []
  let waiting = 0
  for (const call of batch) {
    if (call.id === 0) {
      void answerCall(handlers, call)
      continue
    }
    waiting++
    void answerCall(handlers, call).then((answer) => {
      answers.push(answer)
      if (--waiting === 0) toWorker(answers)
    })
  }
})
const caller = createCaller(toSupervisor)
const ofSupervisor = storesOfSupervisor(caller.call).admission

// The limits lifted, as the benchmark's account has them: every admission admitted.
const limits: AdmissionLimits = {
  fetchPerWindow: 1_000_000_000,
  generalPerWindow: 1_000_000_000,
  targetHostPerWindow: 1_000_000_000,
  globalHostPerWindow: 1_000_000_000,
  windowMs: 60_000,
  inFlight: 1_000,
  inFlightLeaseMs: 120_000,
  trialRequests: 1_000_000_000,
}
const key = { scope: '{acct_4vOyDNlli1rZf62nYpLg}', keyId: 'key_hHC8duKNL9vozZUPpPrX', epoch: '9gf8VL04tqjM' }
const host = hostKey('bench-secret', '127.0.0.1:8080')
await store.keyEpoch(key.scope)
const epoch = await store.keyEpoch(key.scope)

function admitOnce(admission: AdmissionStore): () => Promise<unknown> {
  return async () => {
    const request = fetchAdmission({
      accountId: 'acct_4vOyDNlli1rZf62nYpLg',
      hostKey: host,
      limits,
      key: { ...key, epoch },
    })
    const answer = await admission.admit(request)
    if (!answer.admitted) throw new Error(`refused: ${answer.reason}`)
    await admission.release(request.inFlight!.key, answer.inFlightToken!)
  }
}

for (let round = 1; round <= rounds; round++) {
  await timeCalls(`round ${round}: the store in this process`, 64, calls, admitOnce(store), {
    one: 'admission',
    many: 'admissions',
  })
  await timeCalls(
    `round ${round}: the supervisor's store, over the channel`,
    64,
    calls,
    admitOnce(ofSupervisor),
    {
      one: 'admission',
      many: 'admissions',
    },
  )
}
await store.close()
