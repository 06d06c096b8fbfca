import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createCookieJar, domainMatches, pathMatches } from './cookie-jar.ts'
import { parseSetCookie } from './set-cookie.ts'

const start = Date.UTC(2026, 0, 1)

function jarAt(time = start) {
  let now = time
  const jar = createCookieJar(() => now)
  return Object.assign(jar, { advance: (ms: number) => (now += ms) })
}

const url = (href: string) => new URL(href)

test('host-only and Domain cookies reach the right hosts', () => {
  const jar = jarAt()
  jar.store(url('https://www.shop.example/'), ['host=1', 'wide=2; Domain=.Shop.Example'])
  assert.equal(jar.cookieHeader(url('https://www.shop.example/')), 'host=1; wide=2')
  assert.equal(jar.cookieHeader(url('https://api.shop.example/')), 'wide=2')
  assert.equal(jar.cookieHeader(url('https://shop.example/')), 'wide=2')
  assert.equal(jar.cookieHeader(url('https://notshop.example/')), '')
  assert.equal(jar.cookieHeader(url('https://example/')), '')
})

test('a Domain the host does not belong to, or a public suffix, is refused', () => {
  const jar = jarAt()
  jar.store(url('https://www.shop.example/'), [
    'a=1; Domain=other.example',
    'b=2; Domain=example',
    'c=3; Domain=hop.example',
    'd=4; Domain=www.shop.example.evil',
  ])
  jar.store(url('https://site.co.uk/'), ['e=5; Domain=co.uk'])
  jar.store(url('https://me.github.io/'), ['f=6; Domain=github.io'])
  for (const host of ['other.example', 'www.shop.example', 'x.co.uk', 'you.github.io', 'example']) {
    assert.equal(jar.cookieHeader(url(`https://${host}/`)), '', host)
  }
})

test('a public suffix that is the host itself gives a host-only cookie', () => {
  const jar = jarAt()
  jar.store(url('http://localhost:8080/'), ['k=1; Domain=localhost'])
  assert.equal(jar.cookieHeader(url('http://localhost:9090/')), 'k=1')
  assert.equal(jar.cookieHeader(url('http://sub.localhost/')), '')
})

test('IP hosts: only host-only cookies, no suffix matching', () => {
  const jar = jarAt()
  jar.store(url('http://127.0.0.1/'), ['ip=1', 'bad=2; Domain=0.0.1', 'same=3; Domain=127.0.0.1'])
  assert.equal(jar.cookieHeader(url('http://127.0.0.1/x')), 'ip=1; same=3')
  assert.equal(jar.cookieHeader(url('http://10.127.0.0.1.example/')), '')
})

test('Secure cookies are set and sent over https only, and http cannot shadow them', () => {
  const jar = jarAt()
  jar.store(url('http://shop.example/'), ['s=1; Secure'])
  assert.equal(jar.cookieHeader(url('https://shop.example/')), '')
  jar.store(url('https://shop.example/'), ['s=2; Secure', 'plain=3'])
  assert.equal(jar.cookieHeader(url('https://shop.example/')), 's=2; plain=3')
  assert.equal(jar.cookieHeader(url('http://shop.example/')), 'plain=3')
  jar.store(url('http://shop.example/'), ['s=evil'])
  assert.equal(jar.cookieHeader(url('https://shop.example/')), 's=2; plain=3')
})

test('paths: default path (also for an invalid Path), prefix boundaries, longest first', () => {
  const jar = jarAt()
  jar.store(url('https://a.example/account/login'), ['dflt=1'])
  jar.store(url('https://a.example/'), ['root=2; Path=/', 'deep=3; Path=/account/settings', 'bad=4; Path=x'])
  assert.equal(jar.cookieHeader(url('https://a.example/account/settings/x')), 'deep=3; dflt=1; root=2; bad=4')
  assert.equal(jar.cookieHeader(url('https://a.example/account')), 'dflt=1; root=2; bad=4')
  assert.equal(jar.cookieHeader(url('https://a.example/accounts')), 'root=2; bad=4')
  assert.ok(pathMatches('/account/x', '/account'))
  assert.ok(pathMatches('/account/x', '/account/'))
  assert.ok(!pathMatches('/accountx', '/account'))
})

test('expiry: Max-Age wins over Expires, zero or past deletes, future keeps', () => {
  const jar = jarAt()
  const future = new Date(start + 86_400_000).toUTCString()
  jar.store(url('https://a.example/'), [
    'keep=1; Max-Age=60',
    'gone=2; Max-Age=0',
    'old=3; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    `later=4; Expires=${future}`,
    'wins=5; Max-Age=-1; Expires=' + future,
  ])
  assert.equal(jar.cookieHeader(url('https://a.example/')), 'keep=1; later=4')
  jar.store(url('https://a.example/'), ['later=x; Max-Age=0'])
  assert.equal(jar.cookieHeader(url('https://a.example/')), 'keep=1')
  jar.advance(61_000)
  assert.equal(jar.cookieHeader(url('https://a.example/')), '')
})

test('a cookie replaced keeps its place; values and names are kept as sent', () => {
  const jar = jarAt()
  jar.store(url('https://a.example/'), ['first=1', 'second=2', 'first=one', 'novalue', ' spaced = a b '])
  assert.equal(jar.cookieHeader(url('https://a.example/')), 'first=one; second=2; novalue; spaced=a b')
})

test('prefixes: __Secure- needs Secure, __Host- needs Secure, no Domain and Path=/', () => {
  const jar = jarAt()
  jar.store(url('https://a.example/'), [
    '__Secure-a=1',
    '__Secure-b=2; Secure',
    '__Host-c=3; Secure; Path=/',
    '__Host-d=4; Secure; Path=/; Domain=a.example',
    '__Host-e=5; Secure; Path=/x',
    '__host-f=6',
  ])
  assert.equal(jar.cookieHeader(url('https://a.example/x')), '__Secure-b=2; __Host-c=3')
})

test('cookies with control characters or oversized are ignored; the jar stays bounded', () => {
  const jar = jarAt()
  jar.store(url('https://a.example/'), ['bad=a\x01b', `big=${'x'.repeat(5000)}`, '=', ''])
  assert.equal(jar.cookieHeader(url('https://a.example/')), '')
  jar.store(
    url('https://a.example/'),
    Array.from({ length: 150 }, (_, i) => `n${i}=v`),
  )
  const sent = jar.cookieHeader(url('https://a.example/')).split('; ')
  assert.equal(sent.length, 100)
  assert.equal(sent[0], 'n50=v')
})

test('Set-Cookie parsing keeps unknown attributes out of the way', () => {
  const parsed = parseSetCookie('id=42; HttpOnly; SameSite=Strict; Partitioned; Path=/p; Secure', start)
  assert.deepEqual(parsed, {
    name: 'id',
    value: '42',
    domain: undefined,
    path: '/p',
    secure: true,
    expiresAt: undefined,
  })
  assert.ok(domainMatches('a.b.example', 'b.example'))
  assert.ok(!domainMatches('ab.example', 'b.example'))
})
