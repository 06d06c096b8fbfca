import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { escapeBlock, escapeBlockBytes } from './json-escape.ts'

/** The escape byte by byte, as JSON.stringify writes it for each byte of valid UTF-8. */
function reference(bytes: Uint8Array): Buffer {
  const short: Record<number, string> = { 8: 'b', 9: 't', 10: 'n', 12: 'f', 13: 'r', 34: '"', 92: '\\' }
  const parts: Buffer[] = []
  for (const byte of bytes) {
    if (short[byte] !== undefined) parts.push(Buffer.from(`\\${short[byte]}`))
    else if (byte < 0x20) parts.push(Buffer.from(`\\u00${byte.toString(16).padStart(2, '0')}`))
    else parts.push(Buffer.from([byte]))
  }
  return Buffer.concat(parts)
}

const escaped = (bytes: Uint8Array, start = 0, end = bytes.length) =>
  Buffer.from(escapeBlock(bytes, start, end))

test('escapes every byte as the byte-by-byte reference does, wherever it falls in a 16-byte step', () => {
  fc.assert(
    fc.property(
      // Bytes that need escaping often enough to land on every position of a step, and runs long enough
      // to take several steps between them.
      fc.array(
        fc.oneof(fc.constantFrom(0, 8, 10, 31, 32, 34, 92, 127, 0xe9), fc.integer({ min: 0, max: 255 })),
        {
          maxLength: 200,
        },
      ),
      fc.nat({ max: 40 }),
      (values, offset) => {
        const bytes = Uint8Array.from(values)
        assert.deepEqual(escaped(bytes), reference(bytes))
        // A slice at any offset of a larger buffer: only its own bytes.
        const padded = Buffer.concat([Buffer.alloc(offset, 0x22), bytes, Buffer.alloc(5, 0x0a)])
        assert.deepEqual(escaped(padded, offset, offset + bytes.length), reference(bytes))
      },
    ),
    { numRuns: 3000 },
  )
})

test('escapes valid UTF-8 exactly as JSON.stringify escapes its text', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
      assert.equal(escaped(Buffer.from(text)).toString('utf8'), JSON.stringify(text).slice(1, -1))
    }),
    { numRuns: 2000 },
  )
})

test('takes a whole block, every byte an escape of six bytes, and no more than a block', () => {
  const controls = Buffer.alloc(escapeBlockBytes, 0x01)
  const out = escaped(controls)
  assert.equal(out.length, escapeBlockBytes * 6)
  assert.deepEqual(out.subarray(out.length - 12), Buffer.from('\\u0001\\u0001'))
  // The module's memory is reused: a second call does not see the first one's bytes.
  assert.deepEqual(escaped(Buffer.from('a"b')), Buffer.from('a\\"b'))
  assert.throws(() => escapeBlock(Buffer.alloc(escapeBlockBytes + 1), 0, escapeBlockBytes + 1), RangeError)
})
