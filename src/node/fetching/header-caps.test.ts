// Response header blocks: 64 KiB accepted by default on HTTP/1.1 and HTTP/2, more refused with the code a
// too-large header block has always had. Loopback targets only.
import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import {
  bulkyHeaders,
  egressOptions,
  envelope,
  fetchJob,
  mapResolver,
  refusal,
  startH2Target,
  startHttpTarget,
  type Handler,
} from '../../../test/helpers/egress-targets.ts'
import { createTestCa } from '../../../test/helpers/test-ca.ts'
import { createFetcher } from './fetcher.ts'

const tooLarge = {
  code: 'upstream_unavailable',
  detail: 'The target sent response headers that are too large.',
  timed_out: false,
}

describe('fetcher: response header caps', async () => {
  const ca = createTestCa(['headers.test'])
  // /kb/N answers N headers of about 1000 bytes each; /cookies/N as many Set-Cookie fields.
  const handler: Handler = (request, response) => {
    const [, kind, count] = /^\/(kb|cookies|fields)\/(\d+)/.exec(request.url ?? '') ?? []
    const n = Number(count ?? 0)
    if (kind === 'kb') response.writeHead(200, bulkyHeaders(n))
    else if (kind === 'fields') response.writeHead(200, manyFields(n))
    else response.writeHead(200, { 'set-cookie': cookieList(n) })
    response.end('fine')
  }
  const h1 = await startHttpTarget('127.0.0.1', handler)
  const h2 = await startH2Target('127.0.0.1', ca, handler)
  const resolver = mapResolver({ 'headers.test': ['127.0.0.1'] })
  const fetcher = createFetcher(egressOptions({ resolver, extraCa: ca.caPem }))
  const small = createFetcher(egressOptions({ resolver, extraCa: ca.caPem, maxHeaderBytes: 8 * 1024 }))
  after(async () => {
    await Promise.all([fetcher.close(), small.close()])
    await Promise.all([h1.close(), h2.close()])
    ca.remove()
  })

  for (const [protocol, target] of [
    ['HTTP/1.1', h1],
    ['HTTP/2', h2],
  ] as const) {
    test(`${protocol}: a 20 KB header block is accepted`, async () => {
      const result = envelope(await fetcher.fetch(fetchJob(target.url('headers.test', '/kb/20'))))
      assert.equal(result.status, 200)
      assert.equal(result.result, 'fine')
    })

    test(`${protocol}: 20 KB of Set-Cookie fields are accepted`, async () => {
      const result = envelope(await fetcher.fetch(fetchJob(target.url('headers.test', '/cookies/20'))))
      assert.equal(result.result, 'fine')
    })

    test(`${protocol}: a 70 KB header block is refused as too large`, async () => {
      const refused = refusal(await fetcher.fetch(fetchJob(target.url('headers.test', '/kb/70'))))
      assert.deepEqual(refused, tooLarge)
    })

    test(`${protocol}: the cap is configurable`, async () => {
      const refused = refusal(await small.fetch(fetchJob(target.url('headers.test', '/kb/9'))))
      assert.deepEqual(refused, tooLarge)
      envelope(await small.fetch(fetchJob(target.url('headers.test', '/kb/7'))))
    })

    test(`${protocol}: after a refusal the next fetch of the target works`, async () => {
      refusal(await fetcher.fetch(fetchJob(target.url('headers.test', '/kb/70'))))
      envelope(await fetcher.fetch(fetchJob(target.url('headers.test', '/kb/1'))))
    })
  }

  test('HTTP/1.1 takes 200 small header fields; HTTP/2 refuses them as too large (Node allows 128)', async () => {
    envelope(await fetcher.fetch(fetchJob(h1.url('headers.test', '/fields/200'))))
    envelope(await fetcher.fetch(fetchJob(h2.url('headers.test', '/fields/100'))))
    const refused = refusal(await fetcher.fetch(fetchJob(h2.url('headers.test', '/fields/200'))))
    assert.deepEqual(refused, tooLarge)
  })
})

function manyFields(count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`x-field-${i}`, 'v']))
}

function cookieList(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `c${i}=${'x'.repeat(990)}; Path=/; Secure; HttpOnly`)
}
