import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import type { CheckedRequest } from './admission-decision.ts'
import { stepFields } from './redis-admission-store.ts'

const ruleNames = ['account_fetch', 'account_general', 'target_host', 'global_host'] as const
const lifeOf = (ms: number) => Math.ceil(ms * 1.5)

/** The fields as the script reads them, built as an array and serialised whole. */
function reference(
  request: CheckedRequest,
  id: string,
  rules: readonly number[],
  flags: readonly number[],
  leases: 0 | 1 | 2,
  quota: boolean,
  key: CheckedRequest['key'],
): string {
  const fields: (string | number)[] = [
    String(request.now),
    id,
    rules.length,
    leases,
    quota ? 1 : 0,
    key ? 1 : 0,
  ]
  rules.forEach((index, i) => {
    const rule = request.rules[index]!
    fields.push(rule.limit, String(lifeOf(rule.windowMs)), String(request.now - rule.windowMs), flags[i]!)
  })
  if (leases !== 0) {
    const { limit, leaseMs } = request.inFlight!
    fields.push(limit, String(lifeOf(leaseMs)), String(request.now + leaseMs))
  }
  if (quota) fields.push(request.quota!.limit, request.quota!.floor ?? 0)
  if (key !== undefined) fields.push(key.keyId, key.epoch)
  return JSON.stringify(fields)
}

const whole = (max: number) => fc.integer({ min: 1, max })
const rule = fc.record({
  name: fc.constantFrom(...ruleNames),
  key: fc.string({ minLength: 1 }),
  limit: fc.oneof(whole(1_000), fc.constant(Number.MAX_SAFE_INTEGER)),
  windowMs: whole(30 * 86_400_000),
})
const request = fc.record(
  {
    now: fc.integer({ min: 40 * 86_400_000, max: 4_102_444_800_000 }),
    // Past the counts kept as text (up to seven rules), and flags past those kept (0 to 3), as well.
    rules: fc.array(rule, { minLength: 1, maxLength: 9 }),
    inFlight: fc.record({
      key: fc.string({ minLength: 1 }),
      limit: whole(10_000),
      leaseMs: whole(3_600_000),
    }),
    quota: fc.record(
      {
        key: fc.string({ minLength: 1 }),
        limit: fc.nat(),
        amount: fc.constant(1 as const),
        floor: fc.nat(),
      },
      { requiredKeys: ['key', 'limit', 'amount'] },
    ),
    // Any text at all: a key's id and epoch come from outside the store, quotes and controls included.
    key: fc.record({
      scope: fc.string({ minLength: 1 }),
      keyId: fc.string(),
      epoch: fc.string({ unit: 'grapheme' }),
    }),
  },
  { requiredKeys: ['now', 'rules'] },
)

describe("an admission step's fields", () => {
  it('are the JSON of the array the script reads, for any request', () => {
    fc.assert(
      fc.property(
        request,
        fc.boolean(),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 9, maxLength: 9 }),
        (checked, account, sequence, flagValues) => {
          const id = `AbC-_12x.${sequence.toString(36)}`
          const rules = checked.rules.map((_, i) => i)
          const flags = rules.map((i) => flagValues[i]!)
          const leases = account && checked.inFlight !== undefined ? (sequence % 2 === 0 ? 1 : 2) : 0
          const quota = account && checked.quota !== undefined
          const key = account ? checked.key : undefined
          const text = stepFields(checked, id, rules, flags, leases, quota, key)
          assert.equal(text, reference(checked, id, rules, flags, leases, quota, key))
          assert.ok(Array.isArray(JSON.parse(text)))
        },
      ),
    )
  })

  it('carry a subset of the rules in the order given, as a Cluster step does', () => {
    const checked: CheckedRequest = {
      now: 1_700_000_000_000,
      rules: [
        { name: 'account_fetch', key: 'a', limit: 5, windowMs: 60_000 },
        { name: 'global_host', key: 'h', limit: 100, windowMs: 1_000 },
      ],
    }
    assert.equal(
      stepFields(checked, 'x.1', [1], [2], 0, false, undefined),
      '["1700000000000","x.1",1,0,0,0,100,"1500","1699999999000",2]',
    )
  })

  it("write a key's id and epoch through the JSON text given them", () => {
    const checked: CheckedRequest = { now: 1_700_000_000_000, rules: [] }
    const seen: string[] = []
    const text = stepFields(
      checked,
      'x.1',
      [],
      [],
      0,
      false,
      { scope: 's', keyId: 'k"1', epoch: 'e\n' },
      (t) => {
        seen.push(t)
        return JSON.stringify(t)
      },
    )
    assert.deepEqual(seen, ['k"1', 'e\n'])
    assert.deepEqual(JSON.parse(text), ['1700000000000', 'x.1', 0, 0, 0, 1, 'k"1', 'e\n'])
  })
})
