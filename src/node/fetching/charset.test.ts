import assert from 'node:assert/strict'
import { isUtf8 } from 'node:buffer'
import { test } from 'node:test'
import fc from 'fast-check'
import { cutAt } from '../../../test/helpers/chunks.ts'
import { decodeBody, isTextType, isUtf8Chunks, parseContentType } from './charset.ts'

test('Content-Type parameters: case, quotes, spaces and other parameters', () => {
  assert.deepEqual(parseContentType('Text/HTML; Charset="Shift_JIS"'), {
    essence: 'text/html',
    charset: 'Shift_JIS',
  })
  assert.deepEqual(parseContentType('text/plain;format=flowed; charset=koi8-r '), {
    essence: 'text/plain',
    charset: 'koi8-r',
  })
  assert.deepEqual(parseContentType('application/json'), { essence: 'application/json', charset: undefined })
  assert.deepEqual(parseContentType(''), { essence: '', charset: undefined })
})

test('text types: text/*, JSON, XML, JavaScript, forms and the +json / +xml suffixes', () => {
  for (const type of [
    'text/plain',
    'text/csv',
    'application/json',
    'application/xml',
    'application/javascript',
    'application/ecmascript',
    'application/x-www-form-urlencoded',
    'application/ld+json',
    'application/atom+xml',
    'image/svg+xml',
  ]) {
    assert.equal(isTextType(type), true, type)
  }
  for (const type of [
    'image/png',
    'application/octet-stream',
    'application/pdf',
    'font/woff2',
    'video/mp4',
  ]) {
    assert.equal(isTextType(type), false, type)
  }
})

test('windows-1252 and the labels mapped to it decode 0x80-0x9F per the WHATWG index', () => {
  const bytes = Buffer.from([0x80, 0x82, 0x8a, 0x91, 0x92, 0x99, 0x9f, 0x81, 0xe9])
  const expected = '€‚Š‘’™Ÿ\u0081é'
  for (const label of ['windows-1252', 'ISO-8859-1', 'latin1', 'us-ascii', 'cp1252']) {
    assert.deepEqual(decodeBody(bytes, `text/plain; charset=${label}`), { result: expected }, label)
  }
})

test('other charsets go through TextDecoder: KOI8-R, EUC-JP, GBK', () => {
  assert.equal(decodeBody(Buffer.from([0xf0, 0xd2, 0xc9]), 'text/plain; charset=koi8-r').result, 'При')
  assert.equal(decodeBody(Buffer.from([0xc6, 0xfc, 0xcb, 0xdc]), 'text/plain; charset=euc-jp').result, '日本')
  assert.equal(decodeBody(Buffer.from([0xd6, 0xd0, 0xce, 0xc4]), 'text/plain; charset=gbk').result, '中文')
})

test('a charset label mapped to "replacement", or unknown, gives base64', () => {
  assert.equal(decodeBody(Buffer.from('hi'), 'text/plain; charset=iso-2022-kr').result_encoding, 'base64')
  assert.equal(decodeBody(Buffer.from('hi'), 'text/plain; charset=nonsense').result_encoding, 'base64')
})

test('XML declares its encoding in the prolog', () => {
  const xml = Buffer.concat([
    Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>'),
    Buffer.from([0xe9]),
  ])
  assert.equal(decodeBody(xml, 'application/xml').result, '<?xml version="1.0" encoding="ISO-8859-1"?><a>é')
})

test('an HTML meta claiming UTF-16 means UTF-8', () => {
  const html = Buffer.from('<meta charset="utf-16"><p>naïve</p>')
  assert.equal(decodeBody(html, 'text/html').result, '<meta charset="utf-16"><p>naïve</p>')
})

test('a UTF-16 body with its byte order mark', () => {
  const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo', 'utf16le')])
  assert.deepEqual(decodeBody(body, 'text/plain'), { result: 'héllo' })
})

test('an empty body is an empty string whatever its type', () => {
  assert.deepEqual(decodeBody(Buffer.alloc(0), 'image/png'), { result: '' })
  assert.deepEqual(decodeBody(Buffer.alloc(0), ''), { result: '' })
})

/** Bytes near UTF-8's edges: whole sequences of every length, and the bytes that break them. */
const utf8ish = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 6 }).map((text) => [...Buffer.from(text, 'utf8')]),
      fc.constantFrom([0x80], [0xbf], [0xc0, 0x80], [0xc2], [0xe0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82]),
      fc.constantFrom([0xf0, 0x9f], [0xf4, 0x90, 0x80, 0x80], [0xf8], [0xff], [0xef, 0xbb, 0xbf]),
    ),
    { maxLength: 40 },
  )
  .map((parts) => Buffer.from(parts.flat()))

test('chunks are valid UTF-8 exactly when their join is, wherever they are cut', () => {
  fc.assert(
    fc.property(utf8ish, fc.array(fc.nat(), { maxLength: 8 }), (bytes, cuts) => {
      assert.equal(isUtf8Chunks(cutAt(bytes, cuts)), isUtf8(bytes))
    }),
    { numRuns: 5000 },
  )
})

test('a body in chunks decodes as the same body in one buffer', () => {
  const types = fc.constantFrom(
    '',
    'text/plain',
    'text/plain; charset=utf-8',
    'text/html; charset=windows-1252',
    'text/html',
    'application/json',
    'image/png',
  )
  fc.assert(
    fc.property(utf8ish, fc.array(fc.nat(), { maxLength: 6 }), types, (bytes, cuts, type) => {
      const chunks = cutAt(bytes, cuts)
      assert.deepEqual(JSON.stringify(decodeBody(chunks, type)), JSON.stringify(decodeBody(bytes, type)))
    }),
    { numRuns: 3000 },
  )
})
