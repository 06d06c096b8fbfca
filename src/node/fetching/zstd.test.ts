// zstd content coding against a real node:http server on 127.0.0.1: offered and decoded where the runtime
// has zlib's zstd (Node 22.15+, 24), neither offered nor decoded where it does not (Node 20).
import assert from 'node:assert/strict'
import type { Transform } from 'node:stream'
import { after, describe, test } from 'node:test'
import zlib from 'node:zlib'
import {
  egressOptions,
  envelope,
  fetchJob,
  refusal,
  startHttpTarget,
} from '../../../test/helpers/egress-targets.ts'
import { compressedZeros } from '../../../test/helpers/test-targets.ts'
import { zstdSupported } from './body-reader.ts'
import { createFetcher } from './fetcher.ts'

type ZstdCompress = (options?: { params?: Record<number, number> }) => Transform
const createZstdCompress = (zlib as { createZstdCompress?: ZstdCompress }).createZstdCompress
const constants = zlib.constants as unknown as Record<string, number>

/** `mib` MiB of zeros through a zstd compressor, streamed: the test never holds the decoded body. */
async function zstdOfZeros(mib: number, windowLog?: number): Promise<Buffer> {
  assert.ok(createZstdCompress !== undefined)
  const params = windowLog === undefined ? {} : { [constants.ZSTD_c_windowLog ?? 0]: windowLog }
  const compressor = createZstdCompress({ params })
  return compressedZeros(compressor, mib)
}

/** `zstd raw body` compressed by zstd 1.5 (a single frame with its content size). */
const smallFrame = Buffer.from('28b52ffd200d6900007a7374642072617720626f6479', 'hex')

describe('fetcher: zstd', async () => {
  const bodies = new Map<string, { coding: string; body: Buffer }>()
  const target = await startHttpTarget('127.0.0.1', (request, response) => {
    if (request.url === '/accept-encoding') {
      response.end(String(request.headers['accept-encoding']))
      return
    }
    const entry = bodies.get(request.url ?? '')
    if (entry === undefined) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': entry.coding })
    response.end(entry.body)
  })
  bodies.set('/small', { coding: 'zstd', body: smallFrame })
  const fetcher = createFetcher(egressOptions())
  const capped = createFetcher(egressOptions({ maxBodyBytes: 1024 * 1024 }))
  after(async () => {
    await Promise.all([fetcher.close(), capped.close()])
    await target.close()
  })
  const url = (path: string) => `http://127.0.0.1:${target.port}${path}`

  const unsupported = `zstd needs zlib.createZstdDecompress (Node 22.15+ or 24); ${process.version} lacks it`
  describe('where the runtime decodes zstd', { skip: zstdSupported ? false : unsupported }, () => {
    test('zstd is offered after gzip, deflate and br', async () => {
      const result = envelope(await fetcher.fetch(fetchJob(url('/accept-encoding'))))
      assert.equal(result.result, 'gzip, deflate, br, zstd')
    })

    test('a zstd body, and zstd under gzip, are decoded', async () => {
      assert.equal(envelope(await fetcher.fetch(fetchJob(url('/small')))).result, 'zstd raw body')
      bodies.set('/stacked', { coding: 'zstd, gzip', body: zlib.gzipSync(smallFrame) })
      assert.equal(envelope(await fetcher.fetch(fetchJob(url('/stacked')))).result, 'zstd raw body')
    })

    test('a zstd bomb (200 MiB of zeros) stops at the cap with bounded memory', async () => {
      bodies.set('/bomb', { coding: 'zstd', body: await zstdOfZeros(200) })
      const baseline = process.memoryUsage.rss()
      let peak = baseline
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2)
      try {
        const refused = refusal(await capped.fetch(fetchJob(url('/bomb'))))
        assert.equal(refused.code, 'response_too_large')
        assert.equal(refused.detail, "The target's response is larger than the 1 MiB cap.")
      } finally {
        clearInterval(sampler)
      }
      peak = Math.max(peak, process.memoryUsage.rss())
      const grown = Math.round((peak - baseline) / 1024 / 1024)
      assert.ok(peak - baseline < 64 * 1024 * 1024, `RSS grew by ${grown} MiB`)
    })

    test('a frame asking for a window over 8 MiB is refused as undecodable', async () => {
      bodies.set('/wide-window', { coding: 'zstd', body: await zstdOfZeros(40, 26) })
      const refused = refusal(await fetcher.fetch(fetchJob(url('/wide-window'))))
      assert.equal(refused.code, 'upstream_unavailable')
      assert.equal(refused.detail, 'The target sent a body that could not be decoded.')
    })

    test('a corrupt zstd body is refused as undecodable', async () => {
      bodies.set('/corrupt', { coding: 'zstd', body: Buffer.from('not zstd at all') })
      const refused = refusal(await fetcher.fetch(fetchJob(url('/corrupt'))))
      assert.equal(refused.detail, 'The target sent a body that could not be decoded.')
    })
  })

  const supported = 'this runtime decodes zstd: the fallback is for runtimes without it (Node 20)'
  describe('where the runtime cannot decode zstd', { skip: zstdSupported ? supported : false }, () => {
    test('zstd is not offered, and a zstd body sent anyway comes back raw', async () => {
      const offered = envelope(await fetcher.fetch(fetchJob(url('/accept-encoding'))))
      assert.equal(offered.result, 'gzip, deflate, br')
      const raw = envelope(await fetcher.fetch(fetchJob(url('/small'))))
      assert.equal(Buffer.from(raw.result, 'base64').toString('hex'), smallFrame.toString('hex'))
      assert.equal(raw.result_encoding, 'base64')
    })
  })
})
