// HTTP/2 and TLS with a private CA: loopback targets only (127.0.0.0/8), names mapped by a fake resolver.
// Policy refusals are checked before anything is dialled, so no forbidden address is ever reached.
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { after, describe, test } from 'node:test'
import {
  egressOptions,
  envelope,
  fetchJob,
  mapResolver,
  refusal,
  startH2Target,
  startHttpTarget,
} from '../../../test/helpers/egress-targets.ts'
import { createTestCa } from '../../../test/helpers/test-ca.ts'
import { createFetcher } from './fetcher.ts'

describe('fetcher: HTTP/2 targets and a private CA', async () => {
  const ca = createTestCa(['a.h2.test', 'b.h2.test', 'two.h2.test', 'h1.tls.test', '127.0.0.1'])
  const h2 = await startH2Target('127.0.0.1', ca, (request, response) => {
    const url = new URL(request.url ?? '/', 'https://x')
    const to = url.searchParams.get('to')
    if (to !== null) {
      response.writeHead(302, { location: to }).end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
    response.end(`h2 ${request.httpVersion} ${String(request.headers[':authority'])} ${url.pathname}`)
  })
  const elsewhere = await startH2Target('127.0.0.2', ca, (_request, response) => response.end('never'))
  const plain = await startHttpTarget('127.0.0.1', (request, response) => {
    const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to')
    if (to !== null) response.writeHead(302, { location: to }).end()
    else response.end('plain')
  })
  const h1Versions: string[] = []
  const offered: string[][] = []
  // This target answers ALPN with http/1.1 whatever is offered, and records the offer.
  const alpnCallback = ({ protocols }: { protocols: string[] }) => {
    offered.push(protocols)
    return 'http/1.1'
  }
  const h1Tls = createHttpsServer(
    { cert: ca.cert, key: ca.key, ALPNCallback: alpnCallback },
    (request, response) => {
      h1Versions.push(request.httpVersion)
      response.end(`h1 ${request.httpVersion}`)
    },
  )
  await new Promise<void>((resolve) => h1Tls.listen(0, '127.0.0.1', resolve))
  const h1Port = (h1Tls.address() as AddressInfo).port

  const resolver = mapResolver({
    'a.h2.test': ['127.0.0.1'],
    'b.h2.test': ['127.0.0.1'],
    'h1.tls.test': ['127.0.0.1'],
    'plain.test': ['127.0.0.1'],
    'two.h2.test': ['127.0.0.2'],
    'mixed.h2.test': ['127.0.0.1', '10.0.0.5'],
  })
  const trusting = createFetcher(egressOptions({ resolver, extraCa: ca.caPem }))
  const onlyOne = createFetcher(
    egressOptions({ resolver, extraCa: ca.caPem, allowTargets: ['127.0.0.1/32'] }),
  )
  const untrusting = createFetcher(egressOptions({ resolver }))
  after(async () => {
    await Promise.all([trusting.close(), onlyOne.close(), untrusting.close()])
    h1Tls.closeAllConnections()
    await Promise.all([h2.close(), elsewhere.close(), plain.close(), new Promise((r) => h1Tls.close(r))])
    ca.remove()
  })

  test('an HTTP/2-only target is fetched over h2 when its CA is trusted through the setting', async () => {
    const result = envelope(await trusting.fetch(fetchJob(h2.url('a.h2.test', '/hello'))))
    assert.equal(result.status, 200)
    assert.equal(result.result, `h2 2.0 a.h2.test:${h2.port} /hello`)
    assert.equal(result.final_url, h2.url('a.h2.test', '/hello'))
    const last = h2.requests.at(-1)
    assert.equal(last?.headers['user-agent'], 'Sallyport-Internal-Fetcher/1.0')
    assert.equal(last?.headers[':scheme'], 'https')
  })

  test('without the private CA the same target fails as a TLS failure', async () => {
    const refused = refusal(await untrusting.fetch(fetchJob(h2.url('a.h2.test', '/'))))
    assert.equal(refused.code, 'upstream_unavailable')
    assert.equal(refused.detail, 'The target could not be reached: the TLS handshake failed.')
  })

  test('ALPN offers h2 then http/1.1; a target that picks http/1.1 is fetched over HTTP/1.1', async () => {
    const result = envelope(await trusting.fetch(fetchJob(`https://h1.tls.test:${h1Port}/`)))
    assert.equal(result.result, 'h1 1.1')
    assert.deepEqual(h1Versions, ['1.1'])
    assert.deepEqual(offered, [['h2', 'http/1.1']])
  })

  test('five fetches of one HTTP/2 origin share one session', async () => {
    const fetcher = createFetcher(egressOptions({ resolver, extraCa: ca.caPem }))
    const before = h2.connections()
    for (let i = 0; i < 5; i++) {
      const result = envelope(await fetcher.fetch(fetchJob(h2.url('a.h2.test', `/n/${i}`))))
      assert.equal(result.status, 200)
    }
    assert.equal(h2.connections() - before, 1)
    await fetcher.close()
  })

  test('concurrent fetches share the established session as streams', async () => {
    const fetcher = createFetcher(egressOptions({ resolver, extraCa: ca.caPem }))
    const before = h2.connections()
    envelope(await fetcher.fetch(fetchJob(h2.url('a.h2.test', '/warm'))))
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => fetcher.fetch(fetchJob(h2.url('a.h2.test', `/c/${i}`)))),
    )
    for (const result of results) assert.equal(envelope(result).status, 200)
    assert.equal(h2.connections() - before, 1)
    await fetcher.close()
  })

  test('a redirect chain across origins and protocols: http -> h2 -> h2 on another name', async () => {
    const third = h2.url('b.h2.test', '/end')
    const second = h2.url('a.h2.test', `/?to=${encodeURIComponent(third)}`)
    const first = plain.url('plain.test', `/?to=${encodeURIComponent(second)}`)
    const result = envelope(await trusting.fetch(fetchJob(first)))
    assert.equal(result.redirects, 2)
    assert.equal(result.result, `h2 2.0 b.h2.test:${h2.port} /end`)
    assert.equal(result.final_url, third)
  })

  test('a session is never shared between two names, even on one address with one certificate', async () => {
    const fetcher = createFetcher(egressOptions({ resolver, extraCa: ca.caPem }))
    const before = h2.connections()
    envelope(await fetcher.fetch(fetchJob(h2.url('a.h2.test', '/'))))
    envelope(await fetcher.fetch(fetchJob(h2.url('b.h2.test', '/'))))
    envelope(await fetcher.fetch(fetchJob(h2.url('a.h2.test', '/again'))))
    assert.equal(h2.connections() - before, 2)
    const names = h2.sessions.slice(before).map((s) => (s.socket as { servername?: string }).servername)
    assert.deepEqual(names, ['a.h2.test', 'b.h2.test'])
    await fetcher.close()
  })

  test('the policy is applied on every h2 hop: a forbidden address is refused before any dial', async () => {
    // mixed.h2.test has one address outside the policy; two.h2.test is outside allowTargets here.
    for (const next of [h2.url('mixed.h2.test', '/'), elsewhere.url('two.h2.test', '/')]) {
      const chain = h2.url('a.h2.test', `/?to=${encodeURIComponent(next)}`)
      const refused = refusal(await onlyOne.fetch(fetchJob(chain)))
      assert.equal(refused.code, 'target_not_permitted', next)
      assert.doesNotMatch(refused.detail, /127\.0\.0|h2\.test/)
    }
    assert.equal(elsewhere.connections(), 0)
  })

  test('reuse does not outlive the check: an allowed session is not used for a refused name', async () => {
    // a.h2.test has a live session on 127.0.0.1; two.h2.test is refused although the same server
    // certificate covers it, because its own address was checked and refused.
    envelope(await onlyOne.fetch(fetchJob(h2.url('a.h2.test', '/warm'))))
    const refused = refusal(await onlyOne.fetch(fetchJob(h2.url('two.h2.test', '/'))))
    assert.equal(refused.code, 'target_not_permitted')
  })

  test('idle sessions beyond the cap are closed, least recently used first', async () => {
    const fetcher = createFetcher(egressOptions({ resolver, extraCa: ca.caPem, maxIdleConnections: 1 }))
    const before = h2.connections()
    envelope(await fetcher.fetch(fetchJob(h2.url('a.h2.test', '/'))))
    const first = h2.sessions[before]
    assert.ok(first !== undefined)
    const closed = once(first, 'close')
    envelope(await fetcher.fetch(fetchJob(h2.url('b.h2.test', '/'))))
    await closed
    const second = h2.sessions[before + 1]
    assert.equal(second?.closed, false)
    await fetcher.close()
  })
})
