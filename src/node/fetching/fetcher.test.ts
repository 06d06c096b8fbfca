// Egress tests: undici against real node:http servers on loopback addresses only (127.0.0.0/8). Anything
// that could reach a forbidden address if the code were wrong lives in test/sealed/ instead.
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, describe, test } from 'node:test'
import { createServer as createTlsServer } from 'node:tls'
import { startFakeDnsServer } from '../../../test/helpers/fake-dns-server.ts'
import { zstdSupported } from './body-reader.ts'
import { Cancellation } from '../../shared/cancellation.ts'
import { createFetcher } from './fetcher.ts'
import {
  envelopeOf,
  fetcherOptions,
  job,
  refusalOf,
  startTarget,
} from '../../../test/helpers/test-targets.ts'

describe('fetcher: redirects, policy and failures', async () => {
  // Redirects: /chain/N answers 302 to /chain/N-1 until /chain/0 answers 200.
  const target = await startTarget('127.0.0.1', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname)
    if (chain !== null) {
      const n = Number(chain[1])
      if (n === 0) {
        response.setHeader('content-type', 'text/plain; charset=utf-8')
        response.end('arrived')
      } else {
        response.writeHead(n % 2 === 0 ? 301 : 302, { location: `/chain/${n - 1}` }).end('moved')
      }
      return
    }
    const to = url.searchParams.get('to')
    if (url.pathname === '/redirect' && to !== null) {
      response.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to }).end()
      return
    }
    if (url.pathname === '/headers') {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(request.headers))
      return
    }
    if (url.pathname === '/whoami') {
      response.end(request.socket.remoteAddress)
      return
    }
    if (url.pathname === '/blocked') {
      response.writeHead(403, { 'content-type': 'text/html; charset=utf-8' })
      response.end('<html><body><h1>Access denied</h1>Request blocked by WAF.</body></html>')
      return
    }
    if (url.pathname === '/no-content') {
      response.writeHead(204).end()
      return
    }
    if (url.pathname === '/slow') return // headers never sent
    if (url.pathname === '/drip') {
      // Headers at once, then a byte every 50 ms for ever: no single read waits long.
      response.writeHead(200, { 'content-type': 'text/plain' })
      const drip = setInterval(() => response.write('.'), 50)
      response.on('close', () => clearInterval(drip))
      return
    }
    response.writeHead(404).end('not here')
  })
  const forbidden = await startTarget('127.0.0.2', (_request, response) =>
    response.end('must never be reached'),
  )
  const fetcher = createFetcher(fetcherOptions())
  const loopbackOnlyOne = createFetcher(fetcherOptions({ allowTargets: ['127.0.0.1/32'] }))
  after(async () => {
    await Promise.all([fetcher.close(), loopbackOnlyOne.close()])
    await Promise.all([target.close(), forbidden.close()])
  })

  test('follows a redirect chain and reports the final URL and the hop count', async () => {
    const envelope = envelopeOf(await fetcher.fetch(job(target.url('/chain/3'))))
    assert.equal(envelope.status, 200)
    assert.equal(envelope.result, 'arrived')
    assert.equal(envelope.final_url, target.url('/chain/0'))
    assert.equal(envelope.redirects, 3)
    assert.equal(envelope.device_id, 'node_test')
    assert.equal(envelope.public_ip, '203.0.113.7')
    assert.equal(envelope.content_type, 'text/plain; charset=utf-8')
    assert.equal(envelope.bytes, 7)
    assert.ok(Number.isInteger(envelope.elapsed_ms) && envelope.elapsed_ms >= 0)
    assert.equal(envelope.result_encoding, undefined)
  })

  test('every redirect status (301, 302, 303, 307, 308) is followed with a GET', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      const url = `${target.url('/redirect')}?status=${status}&to=/chain/0`
      const envelope = envelopeOf(await fetcher.fetch(job(url)))
      assert.equal(envelope.redirects, 1, String(status))
      assert.equal(envelope.result, 'arrived')
    }
    assert.ok(target.requests.every((request) => request.method === 'GET'))
  })

  test('10 hops are followed, the 11th is too many', async () => {
    assert.equal(envelopeOf(await fetcher.fetch(job(target.url('/chain/10')))).redirects, 10)
    const refusal = refusalOf(await fetcher.fetch(job(target.url('/chain/11'))))
    assert.equal(refusal.code, 'too_many_redirects')
    assert.equal(refusal.timed_out, false)
  })

  test('a redirect to a forbidden address at hop 3 is refused before anything reaches it', async () => {
    const third = encodeURIComponent(forbidden.url('/'))
    const second = encodeURIComponent(`/redirect?to=${third}`)
    const refusal = refusalOf(await loopbackOnlyOne.fetch(job(target.url(`/redirect?to=${second}`))))
    assert.equal(refusal.code, 'target_not_permitted')
    assert.equal(forbidden.connections(), 0)
    assert.doesNotMatch(refusal.detail, /127\.0\.0|localhost/)
  })

  test('a redirect to file: or ftp: is refused', async () => {
    for (const to of [
      'file:///etc/passwd',
      'ftp://127.0.0.1/',
      'gopher://127.0.0.1:70/',
      'data:text/plain,hi',
    ]) {
      const refusal = refusalOf(
        await fetcher.fetch(job(`${target.url('/redirect')}?to=${encodeURIComponent(to)}`)),
      )
      assert.equal(refusal.code, 'target_not_permitted', to)
    }
  })

  test('a redirect to a URL with credentials is refused', async () => {
    const to = encodeURIComponent(`http://user:secret@127.0.0.1:${target.port}/chain/0`)
    assert.equal(
      refusalOf(await fetcher.fetch(job(`${target.url('/redirect')}?to=${to}`))).code,
      'target_not_permitted',
    )
  })

  test('a target that never sends headers times out as upstream_unavailable', async () => {
    const quick = createFetcher(fetcherOptions({ timeoutMs: 200 }))
    after(() => quick.close())
    const refusal = refusalOf(await quick.fetch(job(target.url('/slow'))))
    assert.deepEqual(refusal, {
      code: 'upstream_unavailable',
      detail: 'The target did not answer in time.',
      timed_out: true,
    })
  })

  test('a body that keeps dripping is cut off at the whole-fetch time-out', async () => {
    const quick = createFetcher(fetcherOptions({ timeoutMs: 300 }))
    after(() => quick.close())
    const refusal = refusalOf(await quick.fetch(job(target.url('/drip'))))
    assert.deepEqual(refusal, {
      code: 'upstream_unavailable',
      detail: 'The target did not answer in time.',
      timed_out: true,
    })
  })

  test('a closed port is upstream_unavailable without naming the target', async () => {
    const closed = await startTarget('127.0.0.1', () => {})
    await closed.close()
    const refusal = refusalOf(await fetcher.fetch(job(closed.url('/'))))
    assert.equal(refusal.code, 'upstream_unavailable')
    assert.equal(refusal.timed_out, false)
    assert.equal(refusal.detail, 'The target could not be reached: connection refused.')
  })

  test('a TLS handshake with a server that does not speak TLS is upstream_unavailable', async () => {
    const refusal = refusalOf(await fetcher.fetch(job(`https://127.0.0.1:${target.port}/`)))
    assert.equal(refusal.code, 'upstream_unavailable')
    assert.match(refusal.detail, /TLS/)
  })

  test('https sends the name as SNI while dialling the checked address, and no SNI for an IP literal', async () => {
    // A TLS server without certificates: it records the ClientHello's server name, then fails the handshake.
    const serverNames: string[] = []
    const tls = createTlsServer({
      SNICallback: (name, callback) => {
        serverNames.push(name)
        callback(new Error('no certificate here'))
      },
    })
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve))
    const { port } = tls.address() as AddressInfo
    const named = createFetcher(
      fetcherOptions({ resolver: { resolve: () => Promise.resolve(['127.0.0.1']) } }),
    )
    after(async () => {
      await named.close()
      await new Promise((resolve) => tls.close(resolve))
    })
    assert.equal(refusalOf(await named.fetch(job(`https://sni.test:${port}/`))).code, 'upstream_unavailable')
    assert.equal(refusalOf(await named.fetch(job(`https://127.0.0.1:${port}/`))).code, 'upstream_unavailable')
    assert.deepEqual(serverNames, ['sni.test'])
  })

  test("the caller's signal cancels the fetch", async () => {
    const controller = new AbortController()
    const pending = fetcher.fetch(job(target.url('/slow')), controller.signal)
    setTimeout(() => controller.abort(), 50)
    const refusal = refusalOf(await pending)
    assert.equal(refusal.code, 'upstream_unavailable')
    assert.equal(refusal.timed_out, false)
  })

  test("a Cancellation as the caller's signal cancels the fetch, and is let go after it", async () => {
    const cancel = new Cancellation()
    const pending = fetcher.fetch(job(target.url('/slow')), cancel)
    setTimeout(() => cancel.abort(), 50)
    const refusal = refusalOf(await pending)
    assert.equal(refusal.detail, 'The fetch was cancelled.')
    assert.equal(refusal.timed_out, false)
    assert.equal(cancel.listenerCount(), 0)
    const done = new Cancellation()
    envelopeOf(await fetcher.fetch(job(target.url('/chain/1')), done))
    assert.equal(done.listenerCount(), 0)
  })

  test("the caller's signal cancels a fetch while its body is arriving", async () => {
    const cancel = new Cancellation()
    const pending = fetcher.fetch(job(target.url('/drip')), cancel)
    setTimeout(() => cancel.abort(), 120)
    const refusal = refusalOf(await pending)
    assert.equal(refusal.detail, 'The fetch was cancelled.')
    assert.equal(refusal.timed_out, false)
  })

  test('a signal aborted before the fetch cancels it before any request', async () => {
    const cancel = new Cancellation()
    cancel.abort()
    const controller = new AbortController()
    controller.abort()
    for (const signal of [cancel, controller.signal]) {
      const refusal = refusalOf(await fetcher.fetch(job(target.url('/chain/0')), signal))
      assert.equal(refusal.detail, 'The fetch was cancelled.')
    }
  })

  test('a target 403 with a block page is an envelope, not an error', async () => {
    const envelope = envelopeOf(await fetcher.fetch(job(target.url('/blocked'))))
    assert.equal(envelope.status, 403)
    assert.match(envelope.result, /Request blocked by WAF/)
    assert.equal(envelope.content_type, 'text/html; charset=utf-8')
  })

  test('a 204 has an empty result', async () => {
    const envelope = envelopeOf(await fetcher.fetch(job(target.url('/no-content'))))
    assert.equal(envelope.status, 204)
    assert.equal(envelope.result, '')
    assert.equal(envelope.bytes, 0)
    assert.equal(envelope.content_type, '')
  })

  test("the caller's User-Agent is sent, the internal one when there is none", async () => {
    const withAgent = JSON.parse(
      envelopeOf(await fetcher.fetch(job(target.url('/headers'), 'Mozilla/5.0 (Test)'))).result,
    )
    assert.equal(withAgent['user-agent'], 'Mozilla/5.0 (Test)')
    // zstd is offered where the runtime decodes it (zstd.test.ts).
    const codings = zstdSupported ? 'gzip, deflate, br, zstd' : 'gzip, deflate, br'
    assert.equal(withAgent['accept-encoding'], codings)
    assert.equal(withAgent.accept, '*/*')
    const withoutAgent = JSON.parse(envelopeOf(await fetcher.fetch(job(target.url('/headers')))).result)
    assert.equal(withoutAgent['user-agent'], 'Sallyport-Internal-Fetcher/1.0')
  })

  test('connections leave from the egress address', async () => {
    const egress = createFetcher(fetcherOptions({ egressAddress: '127.0.0.11' }))
    after(() => egress.close())
    assert.equal(envelopeOf(await egress.fetch(job(target.url('/whoami')))).result, '127.0.0.11')
  })

  test('the initial URL is checked like every hop', async () => {
    assert.equal(refusalOf(await fetcher.fetch(job('ftp://127.0.0.1/'))).code, 'target_not_permitted')
    assert.equal(refusalOf(await fetcher.fetch(job('not a url'))).code, 'target_not_permitted')
    const strict = createFetcher(fetcherOptions({ allowTargets: [] }))
    after(() => strict.close())
    assert.equal(refusalOf(await strict.fetch(job(target.url('/chain/0')))).code, 'target_not_permitted')
    assert.equal(
      refusalOf(await strict.fetch(job(`http://2130706433:${target.port}/`))).code,
      'target_not_permitted',
    )
  })
})

describe('fetcher: DNS through dnsServers', async () => {
  const target = await startTarget('127.0.0.1', (request, response) =>
    response.end(`host=${request.headers.host}`),
  )
  const dns = await startFakeDnsServer({
    'target.test': ['127.0.0.1'],
    'mixed.test': ['127.0.0.1', '127.0.0.2'],
  })
  const open = createFetcher(fetcherOptions({ dnsServers: [dns.address] }))
  const strict = createFetcher(fetcherOptions({ dnsServers: [dns.address], allowTargets: [] }))
  const narrow = createFetcher(fetcherOptions({ dnsServers: [dns.address], allowTargets: ['127.0.0.1/32'] }))
  after(async () => {
    await Promise.all([open.close(), strict.close(), narrow.close()])
    await Promise.all([target.close(), dns.close()])
  })

  test('a name is resolved through the configured server and fetched by name', async () => {
    const envelope = envelopeOf(await open.fetch(job(`http://target.test:${target.port}/`)))
    assert.equal(envelope.result, `host=target.test:${target.port}`)
    assert.equal(envelope.final_url, `http://target.test:${target.port}/`)
    assert.ok(dns.queries.includes('A target.test'))
  })

  test('a name resolving to loopback is refused without allowTargets', async () => {
    const before = target.requests.length
    const refusal = refusalOf(await strict.fetch(job(`http://target.test:${target.port}/`)))
    assert.equal(refusal.code, 'target_not_permitted')
    assert.equal(target.requests.length, before)
  })

  test('a name with one address outside allowTargets is refused', async () => {
    assert.equal(
      refusalOf(await narrow.fetch(job(`http://mixed.test:${target.port}/`))).code,
      'target_not_permitted',
    )
  })

  test('an unknown name is upstream_unavailable', async () => {
    const refusal = refusalOf(await open.fetch(job('http://nowhere.test/')))
    assert.equal(refusal.code, 'upstream_unavailable')
    assert.equal(refusal.detail, 'The target could not be reached: its name could not be resolved.')
    assert.doesNotMatch(refusal.detail, /nowhere/)
  })
})
