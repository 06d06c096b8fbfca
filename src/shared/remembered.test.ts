import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { remembered } from './remembered.ts'

describe('remembered', () => {
  it('answers what derive answers, derived once per input while remembered', () => {
    const calls: string[] = []
    const scope = remembered((id: string) => {
      calls.push(id)
      return { scope: `{${id}}` }
    }, 2)
    const first = scope('a')
    assert.deepEqual(first, { scope: '{a}' })
    assert.equal(scope('a'), first, 'the same object for the same input')
    scope('b')
    assert.deepEqual(calls, ['a', 'b'])
    // A third input forgets the oldest.
    scope('c')
    assert.notEqual(scope('a'), first)
    assert.deepEqual(calls, ['a', 'b', 'c', 'a'])
  })

  it('remembers an undefined answer too', () => {
    let calls = 0
    const nothing = remembered(() => {
      calls++
      return undefined
    }, 4)
    nothing('x')
    nothing('x')
    assert.equal(calls, 1)
  })

  it('derives again exactly the inputs it forgot, the oldest first, and answers as derive does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.string({ maxLength: 2 })),
        (capacity, inputs) => {
          const derived: string[] = []
          const upper = remembered((input: string) => {
            derived.push(input)
            return input.toUpperCase()
          }, capacity)
          // The model: the inputs held, oldest first, never more than `capacity`.
          const held: string[] = []
          const expected: string[] = []
          for (const input of inputs) {
            assert.equal(upper(input), input.toUpperCase())
            if (held.includes(input)) continue
            expected.push(input)
            if (held.length === capacity) held.shift()
            held.push(input)
          }
          assert.deepEqual(derived, expected)
        },
      ),
    )
  })

  it('refuses a capacity below one', () => {
    assert.throws(() => remembered((input) => input, 0), RangeError)
  })
})
