import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { cutAt } from '../../../test/helpers/chunks.ts'
import type { NodeEnvelope } from '../../shared/fleet-contract.ts'
import { decodeBody } from './charset.ts'
import { encodeEnvelope, TextResult } from './envelope-json.ts'

/** The envelope's fields after `result`, as the fetcher assigns them. */
function fields(headers?: Record<string, string>): Omit<NodeEnvelope, 'result'> {
  return {
    status: 200,
    public_ip: '203.0.113.7',
    device_id: 'node_test',
    final_url: 'https://example.test/caf\u00e9?q="x"',
    redirects: 0,
    content_type: 'text/plain; charset=utf-8',
    bytes: 0,
    elapsed_ms: 3,
    ...(headers === undefined ? {} : { headers }),
  }
}

/** What the node sent before: the decoded text, escaped by JSON.stringify, encoded as UTF-8. */
function stringified(text: string, headers?: Record<string, string>): Buffer {
  return Buffer.from(JSON.stringify({ result: text, ...fields(headers) }))
}

function fromBytes(bytes: Buffer, headers?: Record<string, string>): NodeEnvelope {
  return Object.assign(new TextResult(bytes), fields(headers))
}

test('a UTF-8 body is written byte for byte as JSON.stringify writes its text', () => {
  fc.assert(
    fc.property(
      // Any text: controls, quotes, backslashes, every plane (unit 'binary'), lengths across word edges.
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.option(fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ unit: 'binary' }))),
      (text, headers) => {
        const bytes = Buffer.from(text, 'utf8')
        const wanted = stringified(text, headers ?? undefined)
        assert.deepEqual(encodeEnvelope(fromBytes(bytes, headers ?? undefined)), wanted)
      },
    ),
    { numRuns: 2000 },
  )
})

test('a body in chunks is written as the same body in one buffer, wherever it is cut', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.array(fc.nat(), { maxLength: 6 }),
      (text, cuts) => {
        const bytes = Buffer.from(text, 'utf8')
        const envelope = Object.assign(new TextResult(cutAt(bytes, cuts)), fields())
        assert.deepEqual(encodeEnvelope(envelope), stringified(text))
        assert.equal(envelope.result, text)
      },
    ),
    { numRuns: 2000 },
  )
})

test('every field after the body is written as JSON.stringify writes it, whatever it holds', () => {
  const text = fc.string({ unit: 'binary', maxLength: 40 })
  const count = fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER))
  fc.assert(
    fc.property(
      fc.record({
        status: fc.integer({ min: 100, max: 599 }),
        public_ip: text,
        device_id: text,
        final_url: text,
        redirects: count,
        content_type: text,
        bytes: count,
        elapsed_ms: fc.oneof(count, fc.double()),
      }),
      fc.option(fc.dictionary(text, text)),
      text,
      (others, headers, body) => {
        const all: Omit<NodeEnvelope, 'result'> = { ...others, ...(headers === null ? {} : { headers }) }
        const wanted = Buffer.from(JSON.stringify({ result: body, ...all }))
        assert.deepEqual(encodeEnvelope(Object.assign(new TextResult(Buffer.from(body)), all)), wanted)
      },
    ),
    { numRuns: 2000 },
  )
})

test('a body of nothing but escapes grows the output past its first guess', () => {
  for (const text of ['\u0001'.repeat(5000), '"'.repeat(4097), '\\\n'.repeat(3000), 'a\u001f'.repeat(999)]) {
    assert.deepEqual(encodeEnvelope(fromBytes(Buffer.from(text))), stringified(text))
    // In chunks: the room each escape needs counts the bytes of the chunks after its own.
    const bytes = Buffer.from(text)
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 4000), bytes.subarray(4000)]
    assert.deepEqual(encodeEnvelope(Object.assign(new TextResult(chunks), fields())), stringified(text))
  }
})

test('a body larger than one escape block is written whole, escapes on and across the blocks', () => {
  // 64 KiB blocks: escapes at a block's last byte, its first, and a chunk of escapes larger than a block.
  const text =
    'a'.repeat(65_535) + '"' + '\n' + 'b'.repeat(65_534) + '\u0001'.repeat(70_000) + '日本"\\'.repeat(9_000)
  const bytes = Buffer.from(text)
  assert.deepEqual(encodeEnvelope(fromBytes(bytes)), stringified(text))
  const chunks = [bytes.subarray(0, 65_536), bytes.subarray(65_536, 200_001), bytes.subarray(200_001)]
  assert.deepEqual(encodeEnvelope(Object.assign(new TextResult(chunks), fields())), stringified(text))
})

test('a body in a slice of a larger buffer, at any offset, is read from its own bytes only', () => {
  const whole = Buffer.from('xx"hello\tworld\\ 日本"xx')
  for (let start = 0; start < 6; start++) {
    const slice = whole.subarray(start, whole.length - 2)
    assert.deepEqual(encodeEnvelope(fromBytes(slice)), stringified(slice.toString('utf8')))
  }
})

test('the envelope reads as its text, and plain JSON.stringify of it is still the envelope', () => {
  const envelope = fromBytes(Buffer.from('caf\u00e9 "1"\n'), { link: '<a>; rel="next"' })
  assert.equal(envelope.result, 'caf\u00e9 "1"\n')
  assert.equal(
    JSON.stringify(envelope),
    stringified('caf\u00e9 "1"\n', { link: '<a>; rel="next"' }).toString(),
  )
  // A copy has neither the bytes nor `result` (not enumerable): given its text, it is written the same.
  assert.deepEqual(
    encodeEnvelope(Object.assign({ result: envelope.result }, envelope)),
    encodeEnvelope(envelope),
  )
})

test('an envelope of decoded text is written as JSON.stringify writes it', () => {
  const envelope: NodeEnvelope = { result: '日本語 "x"', ...fields() }
  assert.deepEqual(encodeEnvelope(envelope), Buffer.from(JSON.stringify(envelope)))
})

test('decodeBody keeps the bytes where they are the text, and decodes elsewhere', () => {
  const utf8 = Buffer.from('caf\u00e9 \u20ac')
  const kept = (body: unknown) => body instanceof TextResult
  assert.equal(kept(decodeBody(utf8, 'text/plain; charset=utf-8')), true)
  assert.equal(kept(decodeBody(utf8, 'application/json')), true) // undeclared, valid UTF-8
  assert.equal(kept(decodeBody(utf8, '')), true)
  assert.equal(kept(decodeBody(Buffer.from('plain ascii'), 'text/html; charset=iso-8859-1')), true)
  // windows-1252 bytes above 0x7f, invalid UTF-8, ISO-2022-JP (escapes are ASCII bytes): decoded.
  const latin = decodeBody(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'text/plain; charset=iso-8859-1')
  assert.equal(kept(latin), false)
  assert.equal(latin.result, 'caf\u00e9')
  const broken = decodeBody(Buffer.from([0x61, 0xff, 0x62]), 'text/plain; charset=utf-8')
  assert.equal(kept(broken), false)
  assert.equal(broken.result, 'a\ufffdb')
  const jis = decodeBody(Buffer.from('\x1b$BF|K\\\x1b(B', 'latin1'), 'text/plain; charset=iso-2022-jp')
  assert.equal(kept(jis), false)
  assert.equal(jis.result, '日本')
  // A UTF-8 byte order mark is not text: the bytes after it are kept, a second one included.
  const bom = decodeBody(Buffer.from('\ufeff\ufeffhi'), 'text/plain')
  assert.equal(kept(bom), true)
  assert.equal(bom.result, '\ufeffhi')
  const badBom = decodeBody(Buffer.concat([Buffer.from('\ufeff\ufeff'), Buffer.from([0xff])]), 'text/plain')
  assert.equal(badBom.result, '\ufeff\ufffd')
})
