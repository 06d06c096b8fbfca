import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { integerText } from './integer-text.ts'

describe('integerText', () => {
  it('writes what String() writes, for any number', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.maxSafeInteger(),
          // Times in milliseconds since 1970, where it is used.
          fc.integer({ min: 0, max: 4_102_444_800_000 }),
          // Around the boundaries: 2^30, a million's multiples, the safe range's ends.
          fc.integer({ min: -3, max: 3 }).map((d) => 2 ** 30 + d),
          fc.integer({ min: -3, max: 3 }).map((d) => -(2 ** 30) + d),
          fc
            .tuple(fc.integer({ min: 1_074, max: 9_007_199_254 }), fc.integer({ min: -1, max: 1 }))
            .map(([m, d]) => m * 1_000_000 + d),
          fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, -0),
          fc.double(),
        ),
        (n) => assert.equal(integerText(n), String(n)),
      ),
      { numRuns: 20_000 },
    )
  })

  it('keeps the zeros inside the number', () => {
    assert.equal(integerText(1_700_000_000_000), '1700000000000')
    assert.equal(integerText(1_700_000_001_010), '1700000001010')
    assert.equal(integerText(-5_000_000_009), '-5000000009')
  })
})
