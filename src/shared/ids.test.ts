import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createRequestIds } from './ids.ts'

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** The counter's digits, one at a time, as the id's definition has them. */
function counterDigits(n: number, width: number): string {
  let digits = ''
  for (let i = 0, rest = n; i < width; i++, rest = Math.floor(rest / 62))
    digits = alphabet[rest % 62]! + digits
  return digits
}

test('request ids are the prefix and the counter in twelve base62 digits, across the pairs table', () => {
  const next = createRequestIds()
  const first = next()
  assert.match(first, /^req_[0-9A-Za-z]{20}$/)
  const prefix = first.slice(0, 12)
  assert.equal(first, prefix + counterDigits(0, 12))
  // Past two turns of the last two digits' table (62 * 62), where the digits before them change.
  for (let n = 1; n < 2 * 62 * 62 + 10; n++) assert.equal(next(), prefix + counterDigits(n, 12), `id ${n}`)
})

test('two sequences differ in their prefix, and a short counter keeps its width', () => {
  const a = createRequestIds()
  const b = createRequestIds()
  assert.notEqual(a().slice(0, 12), b().slice(0, 12))
  const short = createRequestIds(4, 3)
  const ids = Array.from({ length: 200 }, () => short())
  assert.ok(ids.every((id) => /^req_[0-9A-Za-z]{7}$/.test(id)))
  assert.equal(new Set(ids).size, ids.length)
  assert.throws(() => createRequestIds(8, 1), RangeError)
})
