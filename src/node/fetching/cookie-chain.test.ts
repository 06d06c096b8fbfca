// Cookies within one redirect chain, through real loopback targets (HTTP/1.1 and HTTP/2 over TLS), names
// mapped by a fake resolver. Nothing is kept between fetches and nothing comes from the caller.
import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import {
  egressOptions,
  envelope,
  fetchJob,
  mapResolver,
  startH2Target,
  startHttpTarget,
  type Handler,
} from '../../../test/helpers/egress-targets.ts'
import { createTestCa } from '../../../test/helpers/test-ca.ts'
import { createFetcher } from './fetcher.ts'

describe('fetcher: cookies within a redirect chain', async () => {
  const ca = createTestCa(['secure.shop.test'])
  /** The Cookie header each path arrived with, in order ('' when none). */
  const seen: { host: string; path: string; cookie: string }[] = []
  let h2Port = 0
  const links: Record<string, () => string> = {}
  const handler: Handler = (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    const host = String(request.headers.host ?? request.headers[':authority']).replace(/:\d+$/, '')
    const cookie = request.headers.cookie
    seen.push({
      host,
      path: url.pathname,
      cookie: Array.isArray(cookie) ? cookie.join('; ') : (cookie ?? ''),
    })
    const step = steps[`${host}${url.pathname}`]
    if (step === undefined) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen))
      return
    }
    response.writeHead(302, { location: links[step.to]?.() ?? step.to, 'set-cookie': step.set }).end()
  }
  const expires = (offsetMs: number) => new Date(Date.now() + offsetMs).toUTCString()
  const steps: Record<string, { set: string[]; to: string }> = {
    'www.shop.test/start': {
      set: [
        'host=1; Path=/',
        'wide=2; Domain=shop.test; Path=/',
        'secure=3; Secure; Path=/',
        'foreign=4; Domain=elsewhere.test; Path=/',
        'scoped=5; Path=/account',
        'gone=6; Max-Age=0; Path=/',
        'old=7; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
        `later=8; Path=/; Expires=${expires(86_400_000)}`,
      ],
      to: '/account/page',
    },
    'www.shop.test/account/page': { set: ['later=; Max-Age=0; Path=/'], to: 'api' },
    'api.shop.test/check': { set: [], to: 'tls' },
    'secure.shop.test/tls': { set: ['tls=9; Secure; Domain=shop.test; Path=/'], to: 'back' },
    'www.shop.test/back': { set: ['host=one; Path=/'], to: 'foreign' },
  }
  const http = await startHttpTarget('127.0.0.1', handler)
  const h2 = await startH2Target('127.0.0.1', ca, handler)
  h2Port = h2.port
  links.api = () => http.url('api.shop.test', '/check')
  links.tls = () => `https://secure.shop.test:${h2Port}/tls`
  links.back = () => http.url('www.shop.test', '/back')
  links.foreign = () => http.url('elsewhere.test', '/final')
  const resolver = mapResolver({
    'www.shop.test': ['127.0.0.1'],
    'api.shop.test': ['127.0.0.1'],
    'secure.shop.test': ['127.0.0.1'],
    'elsewhere.test': ['127.0.0.1'],
  })
  const fetcher = createFetcher(egressOptions({ resolver, extraCa: ca.caPem }))
  after(async () => {
    await fetcher.close()
    await Promise.all([http.close(), h2.close()])
    ca.remove()
  })

  test('cookies set along the chain are sent on its later hops by domain, path, Secure and expiry', async () => {
    seen.length = 0
    const result = envelope(await fetcher.fetch(fetchJob(http.url('www.shop.test', '/start'))))
    assert.equal(result.redirects, 5)
    assert.deepEqual(seen, [
      { host: 'www.shop.test', path: '/start', cookie: '' },
      // scoped (Path=/account) comes first: longer paths first. secure was set over http: refused.
      // foreign named another domain: refused. gone and old were already expired.
      { host: 'www.shop.test', path: '/account/page', cookie: 'scoped=5; host=1; wide=2; later=8' },
      // A sibling host gets the Domain cookie only; later was deleted by the previous response.
      { host: 'api.shop.test', path: '/check', cookie: 'wide=2' },
      { host: 'secure.shop.test', path: '/tls', cookie: 'wide=2' },
      // tls is Secure: not sent over http.
      { host: 'www.shop.test', path: '/back', cookie: 'host=1; wide=2' },
      { host: 'elsewhere.test', path: '/final', cookie: '' },
    ])
  })

  test('the Secure cookie set over https is sent on a later https hop', async () => {
    seen.length = 0
    const again = `https://secure.shop.test:${h2Port}/tls-again`
    steps['secure.shop.test/start-tls'] = { set: ['tls=9; Secure; Domain=shop.test; Path=/'], to: again }
    envelope(await fetcher.fetch(fetchJob(`https://secure.shop.test:${h2Port}/start-tls`)))
    assert.deepEqual(
      seen.map((s) => s.cookie),
      ['', 'tls=9'],
    )
  })

  test('a hop the gateway drives hands back the jar, and the next hop sends its cookies', async () => {
    seen.length = 0
    const start = { redirects_so_far: 0, elapsed_ms_so_far: 0, cookies: { cookies: [], sequence: 0 } }
    const first = await fetcher.fetch({ ...fetchJob(http.url('www.shop.test', '/start')), hop: start })
    assert.ok(first.ok === 'redirect')
    assert.equal(first.redirect.location, http.url('www.shop.test', '/account/page'))
    assert.equal(first.redirect.hop.redirects_so_far, 1)
    const second = await fetcher.fetch({ ...fetchJob(first.redirect.location), hop: first.redirect.hop })
    assert.ok(second.ok === 'redirect')
    assert.deepEqual(
      seen.map((s) => s.cookie),
      ['', 'scoped=5; host=1; wide=2; later=8'],
    )
  })

  test('a hop redirected without a Set-Cookie hands back the jar it brought', async () => {
    const start = { redirects_so_far: 2, elapsed_ms_so_far: 5, cookies: { cookies: [], sequence: 0 } }
    const outcome = await fetcher.fetch({ ...fetchJob(http.url('api.shop.test', '/check')), hop: start })
    assert.ok(outcome.ok === 'redirect')
    assert.equal(outcome.redirect.hop.redirects_so_far, 3)
    assert.deepEqual(outcome.redirect.hop.cookies, { cookies: [], sequence: 0 })
  })

  test('nothing is kept between fetches, and a Cookie from nowhere is never sent', async () => {
    seen.length = 0
    envelope(await fetcher.fetch(fetchJob(http.url('www.shop.test', '/account/page-after'))))
    envelope(await fetcher.fetch(fetchJob(http.url('api.shop.test', '/after'))))
    assert.deepEqual(
      seen.map((s) => s.cookie),
      ['', ''],
    )
  })
})
