import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { createMemoryAdmissionStore } from '../gateway/rate-limits/memory-admission-store.ts'
import {
  fetchAdmission,
  hostKey,
  type Admission,
  type AdmissionRequest,
  type RefusalReason,
} from '../gateway/rate-limits/admission.ts'
import {
  admissionFromWire,
  admissionToWire,
  requestFromWire,
  requestToWire,
  type AdmissionRequestWire,
  type AdmissionWire,
} from './admission-wire.ts'

/** What the IPC channel does to a message: JSON, both ways. */
const overIpc = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

const ruleName = fc.oneof(
  fc.constantFrom('account_fetch', 'account_general', 'target_host', 'global_host'),
  // A malformed name crosses as it is, for the store to refuse.
  fc.string({ maxLength: 12 }),
) as fc.Arbitrary<'account_fetch'>

/** Any number JSON carries as itself: no NaN, no infinity, and no -0 (JSON writes it as 0). */
const number = fc.oneof(
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => (value === 0 ? 0 : value)),
)

const text = fc.string({ maxLength: 40 })

/** Objects as the code builds them: JSON gives back none with a null prototype. */
const plain = { noNullPrototype: true }

const request: fc.Arbitrary<AdmissionRequest> = fc.record(
  {
    rules: fc.array(fc.record({ name: ruleName, key: text, limit: number, windowMs: number }, plain), {
      maxLength: 5,
    }),
    inFlight: fc.record({ key: text, limit: number, leaseMs: number }, plain),
    quota: fc.record(
      { key: text, limit: number, amount: number as fc.Arbitrary<1>, floor: number },
      { requiredKeys: ['key', 'limit', 'amount'], noNullPrototype: true },
    ),
    key: fc.record({ scope: text, keyId: text, epoch: text }, plain),
    now: number,
  },
  { requiredKeys: ['rules'], noNullPrototype: true },
)

const states = fc.array(
  fc.record({ name: ruleName, limit: number, remaining: number, resetMs: number }, plain),
  {
    maxLength: 5,
  },
)

const admission: fc.Arbitrary<Admission> = fc.oneof(
  fc.record(
    { admitted: fc.constant(true as const), states, inFlightToken: text },
    {
      requiredKeys: ['admitted', 'states'],
      noNullPrototype: true,
    },
  ),
  fc.record(
    {
      admitted: fc.constant(false as const),
      reason: fc.constantFrom<RefusalReason>(
        'rate_limited',
        'target_rate_limited',
        'in_flight',
        'quota_exhausted',
        'key_revoked',
        'key_unconfirmed',
      ),
      retryAfterMs: number,
      states,
    },
    plain,
  ),
)

describe('an admission on the IPC channel', () => {
  it('comes back as the request that was sent, absent parts absent', () => {
    fc.assert(
      fc.property(request, (sent) => {
        assert.deepStrictEqual(requestFromWire(overIpc(requestToWire(sent))), sent)
      }),
      { numRuns: 2_000 },
    )
  })

  it('comes back as the answer that was given', () => {
    fc.assert(
      fc.property(admission, (given) => {
        assert.deepStrictEqual(admissionFromWire(overIpc(admissionToWire(given))), given)
      }),
      { numRuns: 2_000 },
    )
  })

  it('gives the store the shape its own gateway gives it, and the gateway the shape of a store answer', async () => {
    // One shape of object wherever a request comes from, so the store's code stays on one hidden class.
    const host = hostKey('secret', 'example.com')
    const key = { scope: '{acct_a}', keyId: 'key_a', epoch: 'e1' }
    for (const sent of [
      fetchAdmission({ accountId: 'acct_a', hostKey: host }),
      fetchAdmission({ accountId: 'acct_a', hostKey: host, trial: true, trialUsed: 3, key, now: 1_000 }),
    ]) {
      const received = requestFromWire(overIpc(requestToWire(sent)))
      assert.deepStrictEqual(Object.keys(received), Object.keys(sent))
      assert.deepStrictEqual(Object.keys(received.quota ?? {}), Object.keys(sent.quota ?? {}))
    }
    const store = createMemoryAdmissionStore()
    const request = fetchAdmission({ accountId: 'acct_a', hostKey: host })
    const answers = [
      await store.admit(request),
      await store.admit({ ...request, rules: [], quota: { key: '{acct_a}', limit: 0, amount: 1 } }),
    ]
    assert.deepStrictEqual(
      answers.map((answer) => answer.admitted),
      [true, false],
    )
    for (const answer of answers) {
      assert.deepStrictEqual(
        Object.keys(admissionFromWire(overIpc(admissionToWire(answer)))),
        Object.keys(answer),
      )
    }
    await store.close()
  })

  it('is a handful of values: the request of a fetch in under 70% of the bytes of its fields by name', () => {
    const sent = fetchAdmission({
      accountId: 'acct_4vOyDNlli1rZf62nYpLg',
      hostKey: hostKey('secret', 'example.com'),
      key: { scope: '{acct_4vOyDNlli1rZf62nYpLg}', keyId: 'key_hHC8duKNL9vozZUPpPrX', epoch: '9gf8VL04tqjM' },
      now: 1_796_531_226_710,
    })
    const wire: AdmissionRequestWire = requestToWire(sent)
    assert.ok(JSON.stringify(wire).length < JSON.stringify(sent).length * 0.7)
    const answer: AdmissionWire = admissionToWire({
      admitted: true,
      states: [{ name: 'account_fetch', limit: 120, remaining: 119, resetMs: 60_000 }],
      inFlightToken: 'lease_1',
    })
    assert.deepStrictEqual(overIpc(answer), [1, ['account_fetch', 120, 119, 60_000], 'lease_1'])
  })
})
