/**
 * Live SSRF tests (DESIGN 5): real fetches at forbidden addresses. They only run inside a sealed network
 * namespace (`unshare -n`, started by sealed.test.ts) where loopback is the only interface, so if the
 * policy were wrong a dial to 10.0.0.1 would fail with ENETUNREACH instead of leaving the machine, and a
 * dial to 0.0.0.0 or :: would show up on the loopback listeners below.
 */
import assert from 'node:assert/strict'
import { createServer as createHttpServer } from 'node:http'
import { connect, createServer, type AddressInfo, type Server } from 'node:net'
import { networkInterfaces } from 'node:os'
import { after, before, describe, test } from 'node:test'
import { createFetcher, type FetcherOptions, type FetchOutcome } from '../../src/node/fetching/fetcher.ts'
import { startH2Target } from '../helpers/egress-targets.ts'
import { startFakeDnsServer } from '../helpers/fake-dns-server.ts'
import { createTestCa } from '../helpers/test-ca.ts'

const interfaces = Object.keys(networkInterfaces())
if (interfaces.some((name) => name !== 'lo')) {
  // Refuse to run anywhere a wrong dial could leave the machine.
  throw new Error(
    `live-policy.sealed.ts must run inside \`unshare -n\`; interfaces here: ${interfaces.join(', ')}`,
  )
}

function options(allowTargets: string[], dnsServers: string[] = []): FetcherOptions {
  return {
    deviceId: 'node_sealed',
    publicIp: '203.0.113.7',
    allowTargets,
    dnsServers,
    maxBodyBytes: 1024 * 1024,
    timeoutMs: 3_000,
    connectTimeoutMs: 1_000,
    maxRedirects: 10,
    defaultUserAgent: 'Sallyport-Internal-Fetcher/1.0',
  }
}

function assertRefused(outcome: FetchOutcome, what: string): void {
  assert.ok(!outcome.ok, `${what}: expected a refusal, got an envelope`)
  assert.equal(outcome.refusal.code, 'target_not_permitted', `${what}: ${JSON.stringify(outcome.refusal)}`)
}

/** A plain TCP listener that counts connections: any dial that reaches it is a policy failure. */
async function listen(server: Server, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  return (server.address() as AddressInfo).port
}

function close(server: { close(callback: () => void): unknown }): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}

describe('live address policy in a sealed namespace', () => {
  let connections = 0
  const sink4 = createServer((socket) => {
    connections++
    socket.destroy()
  })
  const sink6 = createServer((socket) => {
    connections++
    socket.destroy()
  })
  let port = 0
  // Redirects to `?to=` from an allowed loopback target.
  const redirector = createHttpServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to') ?? '/'
    response.writeHead(302, { location: to }).end()
  })
  let redirectorUrl = ''
  const strict = createFetcher(options([]))
  const loopbackOne = createFetcher(options(['127.0.0.1/32']))

  before(async () => {
    port = await listen(sink4, '127.0.0.1', 0)
    await listen(sink6, '::1', port)
    redirectorUrl = `http://127.0.0.1:${await listen(redirector, '127.0.0.1', 0)}/`
    // Canary: 0.0.0.0 and :: really do reach these loopback listeners, so the tests below would notice.
    for (const host of ['0.0.0.0', '::']) {
      await new Promise<void>((resolve, reject) =>
        connect({ host, port }).on('connect', resolve).on('error', reject),
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(connections, 2, 'the canary dials to 0.0.0.0 and :: reached the listeners')
    connections = 0
  })
  after(async () => {
    await Promise.all([strict.close(), loopbackOne.close()])
    await Promise.all([close(sink4), close(sink6), close(redirector)])
  })

  test('private, link-local metadata and unique-local targets are refused', async () => {
    for (const url of [
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
    ]) {
      assertRefused(await strict.fetch({ url, user_agent: null }), url)
    }
  })

  test('0.0.0.0 and [::] are refused and nothing reaches the loopback listeners', async () => {
    for (const url of [`http://0.0.0.0:${port}/`, `http://[::]:${port}/`, `http://0:${port}/`]) {
      assertRefused(await strict.fetch({ url, user_agent: null }), url)
    }
    // allowTargets 127.0.0.1/32 does not open 0.0.0.0 or ::, which reach it by another name.
    assertRefused(
      await loopbackOne.fetch({ url: `http://0.0.0.0:${port}/`, user_agent: null }),
      '0.0.0.0 allowed',
    )
    assertRefused(await loopbackOne.fetch({ url: `http://[::]:${port}/`, user_agent: null }), ':: allowed')
    assert.equal(connections, 0)
  })

  test('a redirect from an allowed loopback target to 10.0.0.1 or 0.0.0.0 is refused', async () => {
    for (const to of ['http://10.0.0.1/', `http://0.0.0.0:${port}/`, `http://[::ffff:0.0.0.0]:${port}/`]) {
      const url = `${redirectorUrl}?to=${encodeURIComponent(to)}`
      assertRefused(await loopbackOne.fetch({ url, user_agent: null }), `redirect to ${to}`)
    }
    assert.equal(connections, 0)
  })

  test('an http to https redirect onto a forbidden address is refused', async () => {
    for (const to of [
      'https://10.0.0.1/',
      'https://169.254.169.254/',
      `https://0.0.0.0:${port}/`,
      `https://[::]:${port}/`,
    ]) {
      const url = `${redirectorUrl}?to=${encodeURIComponent(to)}`
      assertRefused(await loopbackOne.fetch({ url, user_agent: null }), `redirect to ${to}`)
    }
    assert.equal(connections, 0)
  })

  test('a name that resolves to a forbidden address is refused, first hop or redirect', async () => {
    const dns = await startFakeDnsServer({
      'metadata.test': ['169.254.169.254'],
      'intranet.test': ['10.0.0.1'],
    })
    const fetcher = createFetcher(options(['127.0.0.1/32'], [dns.address]))
    try {
      assertRefused(
        await fetcher.fetch({ url: 'http://metadata.test/latest/meta-data/', user_agent: null }),
        'name',
      )
      const url = `${redirectorUrl}?to=${encodeURIComponent('https://intranet.test/')}`
      assertRefused(await fetcher.fetch({ url, user_agent: null }), 'redirect to a name')
      assert.ok(dns.queries.includes('A intranet.test'), 'the redirect target was resolved and checked')
    } finally {
      await fetcher.close()
      await dns.close()
    }
  })
})

describe('live address policy over HTTP/2 in a sealed namespace', () => {
  const ca = createTestCa(['h2.sealed.test', '127.0.0.1', '0.0.0.0'])
  const dial = { count: 0 }
  const sink = createServer((socket) => {
    dial.count++
    socket.destroy()
  })
  let sinkPort = 0
  let h2: Awaited<ReturnType<typeof startH2Target>> | undefined
  const fetcher = createFetcher({ ...options(['127.0.0.1/32']), extraCa: ca.caPem })

  before(async () => {
    sinkPort = await listen(sink, '127.0.0.1', 0)
    h2 = await startH2Target('127.0.0.1', ca, (request, response) => {
      const to = new URL(request.url ?? '/', 'https://x').searchParams.get('to')
      if (to === null) response.end(`h2 ${request.httpVersion}`)
      else response.writeHead(302, { location: to }).end()
    })
  })
  after(async () => {
    await fetcher.close()
    await Promise.all([close(sink), h2?.close()])
    ca.remove()
  })

  test('redirects from an HTTP/2 target onto forbidden addresses are refused, its session never reused', async () => {
    assert.ok(h2 !== undefined)
    const warm = await fetcher.fetch({ url: `https://127.0.0.1:${h2.port}/`, user_agent: null })
    assert.ok(warm.ok === true && warm.envelope.result === 'h2 2.0', JSON.stringify(warm))
    for (const to of [
      'https://10.0.0.1/',
      'https://169.254.169.254/',
      // 0.0.0.0 and :: on the HTTP/2 target's own port would reach it, and its warm session is at hand.
      `https://0.0.0.0:${h2.port}/`,
      `https://[::ffff:0.0.0.0]:${h2.port}/`,
      `https://0.0.0.0:${sinkPort}/`,
      `http://[::]:${sinkPort}/`,
    ]) {
      const url = `https://127.0.0.1:${h2.port}/?to=${encodeURIComponent(to)}`
      assertRefused(await fetcher.fetch({ url, user_agent: null }), `h2 redirect to ${to}`)
    }
    assert.equal(dial.count, 0)
    assert.equal(h2.connections(), 1, 'one session: the warm one, for 127.0.0.1 only')
  })
})
