// Egress tests of the body: content codings, the size cap (bombs included) and charsets, against a real
// node:http server on 127.0.0.1.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import zlib from 'node:zlib'
import { encodeEnvelope } from './envelope-json.ts'
import { createFetcher } from './fetcher.ts'
import {
  compressedZeros,
  envelopeOf,
  fetcherOptions,
  job,
  refusalOf,
  startTarget,
} from '../../../test/helpers/test-targets.ts'

const text = 'Sallyport body: '.repeat(64)
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')

type Route = { headers: Record<string, string>; body: Buffer | string }
const routes = new Map<string, Route>([
  ['/gzip', { headers: { 'content-encoding': 'gzip' }, body: zlib.gzipSync(text) }],
  ['/deflate-zlib', { headers: { 'content-encoding': 'deflate' }, body: zlib.deflateSync(text) }],
  ['/deflate-raw', { headers: { 'content-encoding': 'Deflate' }, body: zlib.deflateRawSync(text) }],
  ['/br', { headers: { 'content-encoding': 'br' }, body: zlib.brotliCompressSync(text) }],
  ['/identity', { headers: { 'content-encoding': 'identity' }, body: text }],
  // Applied in order: deflate first, then gzip (RFC 9110 8.4), so gzip is undone first.
  [
    '/stacked',
    { headers: { 'content-encoding': 'deflate, GZIP' }, body: zlib.gzipSync(zlib.deflateSync(text)) },
  ],
  [
    '/unknown-coding',
    { headers: { 'content-encoding': 'x-custom', 'content-type': 'text/plain' }, body: 'raw as sent' },
  ],
  [
    '/corrupt-gzip',
    { headers: { 'content-encoding': 'gzip' }, body: Buffer.from('this is not gzip at all') },
  ],
  ['/large', { headers: { 'content-type': 'text/plain' }, body: Buffer.alloc(4096, 'a') }],
  [
    '/iso-8859-1',
    {
      headers: { 'content-type': 'text/plain; charset=ISO-8859-1' },
      body: Buffer.from([0x63, 0x61, 0x66, 0xe9]),
    },
  ],
  [
    '/windows-1252',
    {
      headers: { 'content-type': 'text/html; charset="windows-1252"' },
      body: Buffer.from([0x93, 0x80, 0x35, 0x94]),
    },
  ],
  [
    '/shift-jis',
    {
      headers: { 'content-type': 'text/plain;charset=Shift_JIS' },
      body: Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]),
    },
  ],
  [
    '/meta-charset',
    {
      headers: { 'content-type': 'text/html' },
      body: Buffer.concat([
        Buffer.from('<html><head><meta charset="windows-1252"></head><body>caf'),
        Buffer.from([0xe9, 0x20, 0x80]),
      ]),
    },
  ],
  [
    '/meta-http-equiv',
    {
      headers: { 'content-type': 'text/html' },
      body: Buffer.concat([
        Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><p>'),
        Buffer.from([0x93, 0xfa, 0x96, 0x7b]),
      ]),
    },
  ],
  [
    '/bom',
    {
      headers: { 'content-type': 'text/plain; charset=iso-8859-1' },
      body: Buffer.from('\ufeffcafé', 'utf8'),
    },
  ],
  [
    '/undeclared-latin1',
    { headers: { 'content-type': 'text/plain' }, body: Buffer.from([0x63, 0x61, 0x66, 0xe9]) },
  ],
  ['/unknown-charset', { headers: { 'content-type': 'text/plain; charset=x-martian' }, body: 'hello' }],
  ['/json', { headers: { 'content-type': 'application/problem+json' }, body: '{"ok":"ü"}' }],
  ['/png', { headers: { 'content-type': 'image/png' }, body: png }],
  ['/untyped-text', { headers: {}, body: 'plain words' }],
  ['/untyped-binary', { headers: {}, body: png }],
])

describe('fetcher: bodies', async () => {
  let gzipBomb: Buffer = Buffer.alloc(0)
  let brotliBomb: Buffer = Buffer.alloc(0)
  before(async () => {
    gzipBomb = await compressedZeros(zlib.createGzip({ level: 9 }), 200)
    brotliBomb = await compressedZeros(
      zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      200,
    )
  })
  const target = await startTarget('127.0.0.1', (request, response) => {
    const path = request.url ?? '/'
    if (path === '/gzip-bomb' || path === '/br-bomb') {
      response.writeHead(200, {
        'content-type': 'text/plain',
        'content-encoding': path === '/br-bomb' ? 'br' : 'gzip',
      })
      response.end(path === '/br-bomb' ? brotliBomb : gzipBomb)
      return
    }
    if (path === '/chunked' || path === '/chunked-large') {
      // No Content-Length: chunked, in pieces written a turn apart.
      response.writeHead(200, { 'content-type': 'text/plain' })
      const pieces = path === '/chunked' ? ['one ', 'two ', 'three'] : ['a'.repeat(2048), 'b'.repeat(2049)]
      const next = () => {
        const piece = pieces.shift()
        if (piece === undefined) response.end()
        else response.write(piece, () => setImmediate(next))
      }
      next()
      return
    }
    if (path === '/cut') {
      // Promises 1000 bytes, sends 100, then drops the connection.
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' })
      response.write('x'.repeat(100), () => setTimeout(() => response.socket?.destroy(), 20))
      return
    }
    const route = routes.get(path)
    if (route === undefined) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, route.headers)
    response.end(route.body)
  })
  const fetcher = createFetcher(fetcherOptions())
  const capped = createFetcher(fetcherOptions({ maxBodyBytes: 1024 * 1024 }))
  after(async () => {
    await Promise.all([fetcher.close(), capped.close()])
    await target.close()
  })

  const get = async (path: string) => envelopeOf(await fetcher.fetch(job(target.url(path))))

  test('gzip, zlib deflate, raw deflate, br, identity and stacked codings are decoded', async () => {
    for (const path of ['/gzip', '/deflate-zlib', '/deflate-raw', '/br', '/identity', '/stacked']) {
      const envelope = await get(path)
      assert.equal(envelope.result, text, path)
      assert.equal(envelope.bytes, Buffer.byteLength(text), `${path}: bytes counts the decoded body`)
    }
  })

  test('an unknown coding is returned raw, undecoded', async () => {
    assert.equal((await get('/unknown-coding')).result, 'raw as sent')
  })

  test('a body that does not decode is upstream_unavailable', async () => {
    const refusal = refusalOf(await fetcher.fetch(job(target.url('/corrupt-gzip'))))
    assert.equal(refusal.code, 'upstream_unavailable')
    assert.equal(refusal.detail, 'The target sent a body that could not be decoded.')
  })

  for (const path of ['/gzip-bomb', '/br-bomb']) {
    test(`${path} (200 MiB decoded) stops at the cap with bounded memory`, async () => {
      const baseline = process.memoryUsage.rss()
      let peak = baseline
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2)
      try {
        const refusal = refusalOf(await capped.fetch(job(target.url(path))))
        assert.equal(refusal.code, 'response_too_large')
        assert.equal(refusal.detail, "The target's response is larger than the 1 MiB cap.")
      } finally {
        clearInterval(sampler)
      }
      peak = Math.max(peak, process.memoryUsage.rss())
      assert.ok(
        peak - baseline < 64 * 1024 * 1024,
        `RSS grew by ${Math.round((peak - baseline) / 1024 / 1024)} MiB`,
      )
    })
  }

  test('the cap counts decoded bytes: exactly at the cap passes, one byte over fails', async () => {
    const exact = createFetcher(fetcherOptions({ maxBodyBytes: 4096 }))
    const under = createFetcher(fetcherOptions({ maxBodyBytes: 4095 }))
    after(() => Promise.all([exact.close(), under.close()]))
    assert.equal(envelopeOf(await exact.fetch(job(target.url('/large')))).bytes, 4096)
    assert.equal(refusalOf(await under.fetch(job(target.url('/large')))).code, 'response_too_large')
  })

  test('an identity body without a length is read whole, and capped the same way', async () => {
    assert.equal((await get('/chunked')).result, 'one two three')
    const exact = createFetcher(fetcherOptions({ maxBodyBytes: 4097 }))
    const under = createFetcher(fetcherOptions({ maxBodyBytes: 4096 }))
    after(() => Promise.all([exact.close(), under.close()]))
    assert.equal(envelopeOf(await exact.fetch(job(target.url('/chunked-large')))).bytes, 4097)
    const refusal = refusalOf(await under.fetch(job(target.url('/chunked-large'))))
    assert.equal(refusal.code, 'response_too_large')
  })

  test('an identity body cut short by the target is upstream_unavailable', async () => {
    const refusal = refusalOf(await fetcher.fetch(job(target.url('/cut'))))
    assert.equal(refusal.code, 'upstream_unavailable')
    assert.equal(
      refusal.detail,
      'The target could not be reached: connection closed before the response was complete.',
    )
  })

  test('declared charsets are decoded: ISO-8859-1, windows-1252, Shift_JIS', async () => {
    assert.equal((await get('/iso-8859-1')).result, 'café')
    assert.equal((await get('/windows-1252')).result, '\u201c€5\u201d')
    const sjis = await get('/shift-jis')
    assert.equal(sjis.result, '日本語')
    assert.equal(sjis.bytes, 6)
    assert.equal(sjis.content_type, 'text/plain;charset=Shift_JIS')
  })

  test('HTML without a declared charset uses its meta charset', async () => {
    assert.match((await get('/meta-charset')).result, /café €$/)
    assert.match((await get('/meta-http-equiv')).result, /<p>日本$/)
  })

  test('a byte order mark wins over the declared charset', async () => {
    assert.equal((await get('/bom')).result, 'café')
  })

  test('text that is not valid UTF-8 and declares no charset, or an unknown one, is base64', async () => {
    const latin1 = await get('/undeclared-latin1')
    assert.equal(latin1.result_encoding, 'base64')
    assert.deepEqual(Buffer.from(latin1.result, 'base64'), Buffer.from([0x63, 0x61, 0x66, 0xe9]))
    const martian = await get('/unknown-charset')
    assert.equal(martian.result_encoding, 'base64')
    assert.equal(Buffer.from(martian.result, 'base64').toString(), 'hello')
  })

  test('JSON types are text', async () => {
    const envelope = await get('/json')
    assert.equal(envelope.result, '{"ok":"ü"}')
    assert.equal(envelope.result_encoding, undefined)
  })

  test('binary bodies are base64 with result_encoding', async () => {
    const envelope = await get('/png')
    assert.equal(envelope.result_encoding, 'base64')
    assert.deepEqual(Buffer.from(envelope.result, 'base64'), png)
    assert.equal(envelope.bytes, png.length)
    assert.equal(envelope.content_type, 'image/png')
  })

  test("the envelope's fields keep their order on the wire, result_encoding only for base64", async () => {
    const fields = ['status', 'public_ip', 'device_id', 'final_url', 'redirects', 'content_type']
    const tail = [...fields, 'bytes', 'elapsed_ms']
    const keysOnTheWire = async (path: string) =>
      Object.keys(JSON.parse(encodeEnvelope(await get(path)).toString('utf8')) as object)
    assert.deepEqual(await keysOnTheWire('/json'), ['result', ...tail])
    assert.deepEqual(await keysOnTheWire('/png'), ['result', 'result_encoding', ...tail])
  })

  test('the bytes on the wire are those of JSON.stringify of the envelope, headers picked or not', async () => {
    const picked = envelopeOf(
      await fetcher.fetch({ ...job(target.url('/json')), response_headers: ['content-type'] }),
    )
    assert.ok(picked.headers !== undefined)
    for (const envelope of [await get('/json'), await get('/png'), picked]) {
      assert.equal(encodeEnvelope(envelope).toString('utf8'), JSON.stringify(envelope))
    }
  })

  test('without a Content-Type, valid UTF-8 is text and anything else base64', async () => {
    const plain = await get('/untyped-text')
    assert.equal(plain.result, 'plain words')
    assert.equal(plain.content_type, '')
    assert.equal(plain.result_encoding, undefined)
    assert.equal((await get('/untyped-binary')).result_encoding, 'base64')
  })
})
