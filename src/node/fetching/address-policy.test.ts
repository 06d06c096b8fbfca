import assert from 'node:assert/strict'
import type { Socket } from 'node:net'
import { describe, test } from 'node:test'
import type { buildConnector } from 'undici'
import { checkHost, createAddressPolicy } from './address-policy.ts'
import { TargetNotPermittedError, TargetUnresolvedError } from './fetch-errors.ts'
import { createGuardedConnector } from './guarded-connector.ts'
import type { Resolver } from './resolver.ts'

// Nothing in this file dials: resolvers and the dialler are fakes.
const policy = createAddressPolicy([])

function fakeResolver(answers: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    resolve(hostname) {
      calls.push(hostname)
      const addresses = answers[hostname]
      return addresses === undefined
        ? Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }))
        : Promise.resolve(addresses)
    },
  }
}

const noNames = fakeResolver({})

describe('IPv4 deny rules (DESIGN 5)', () => {
  // Each block: its first and last address and one inside, then the neighbours just outside it.
  const denied: [block: string, addresses: string[], outside: string[]][] = [
    ['0/8', ['0.0.0.0', '0.1.2.3', '0.255.255.255'], ['1.0.0.0']],
    ['10/8', ['10.0.0.0', '10.0.0.1', '10.255.255.255'], ['9.255.255.255', '11.0.0.0']],
    ['100.64/10', ['100.64.0.0', '100.100.100.100', '100.127.255.255'], ['100.63.255.255', '100.128.0.0']],
    ['127/8', ['127.0.0.0', '127.0.0.1', '127.255.255.255'], ['126.255.255.255', '128.0.0.0']],
    ['169.254/16', ['169.254.0.0', '169.254.169.254', '169.254.255.255'], ['169.253.255.255', '169.255.0.0']],
    ['172.16/12', ['172.16.0.0', '172.20.1.1', '172.31.255.255'], ['172.15.255.255', '172.32.0.0']],
    ['192.0.0/24', ['192.0.0.0', '192.0.0.8', '192.0.0.255'], ['191.255.255.255', '192.0.1.0']],
    ['192.0.2/24', ['192.0.2.0', '192.0.2.1', '192.0.2.255'], ['192.0.3.0']],
    ['192.88.99/24', ['192.88.99.0', '192.88.99.1', '192.88.99.255'], ['192.88.98.255', '192.88.100.0']],
    ['192.168/16', ['192.168.0.0', '192.168.1.1', '192.168.255.255'], ['192.167.255.255', '192.169.0.0']],
    ['198.18/15', ['198.18.0.0', '198.19.0.1', '198.19.255.255'], ['198.17.255.255', '198.20.0.0']],
    ['198.51.100/24', ['198.51.100.0', '198.51.100.7', '198.51.100.255'], ['198.51.99.255', '198.51.101.0']],
    ['203.0.113/24', ['203.0.113.0', '203.0.113.9', '203.0.113.255'], ['203.0.112.255', '203.0.114.0']],
    ['224/4', ['224.0.0.0', '239.255.255.250', '239.255.255.255'], ['223.255.255.255']],
    ['240/4', ['240.0.0.0', '250.1.2.3', '255.255.255.254', '255.255.255.255'], []],
  ]
  for (const [block, addresses, outside] of denied) {
    test(`${block} is refused and its neighbours are not`, () => {
      for (const address of addresses) assert.equal(policy.permits(address), false, address)
      for (const address of outside) assert.equal(policy.permits(address), true, address)
    })
  }

  test('public addresses are permitted', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '151.101.1.69']) {
      assert.equal(policy.permits(address), true, address)
    }
  })

  test('non-canonical spellings from a resolver are refused, not guessed at', () => {
    for (const address of [
      '127.1',
      '0x7f.0.0.1',
      '017700000001',
      '2130706433',
      ' 8.8.8.8',
      'localhost',
      '',
    ]) {
      assert.equal(policy.permits(address), false, address)
    }
  })
})

describe('IPv6 rules (DESIGN 5)', () => {
  test('everything outside global unicast, and the excluded parts of it, are refused', () => {
    const refused = [
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '64:ff9b::7f00:1',
      '64:ff9b::808:808',
      '64:ff9b:1::1',
      '::127.0.0.1',
      '2001:db8::1',
      '2001::1',
      '2001:1ff:ffff::1',
      '2002::1',
      '2002:7f00:1::1',
      '3fff::1',
      '3fff:fff::1',
      '4000::1',
    ]
    for (const address of refused) assert.equal(policy.permits(address), false, address)
  })

  test('public global unicast is permitted', () => {
    for (const address of [
      '2606:4700::1111',
      '2a00:1450:4001::200e',
      '2001:200::1',
      '3fff:1000::1',
      '2003::1',
    ]) {
      assert.equal(policy.permits(address), true, address)
    }
  })

  test('IPv4-mapped addresses are judged by the IPv4 inside, in dotted and hex spellings', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '::ffff:0:0',
    ]) {
      assert.equal(policy.permits(address), false, address)
    }
    for (const address of ['::ffff:8.8.8.8', '::ffff:808:808', '0:0:0:0:0:ffff:101:101']) {
      assert.equal(policy.permits(address), true, address)
    }
  })
})

describe('checkHost', () => {
  test('IP literals are judged as the URL parser normalised them, without resolving', async () => {
    const literals = [
      'http://2130706433/',
      'http://017700000001/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://0x7f000001/',
      'http://[::ffff:7f00:1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0/',
      'http://0.0.0.0/',
      'http://[::]/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
    ]
    const resolver = fakeResolver({})
    for (const url of literals) {
      assert.deepEqual(
        await checkHost(new URL(url).hostname, resolver, policy),
        { ok: false, reason: 'not_permitted' },
        url,
      )
    }
    assert.deepEqual(await checkHost(new URL('http://8.8.8.8/').hostname, resolver, policy), {
      ok: true,
      addresses: ['8.8.8.8'],
    })
    assert.deepEqual(await checkHost('[2606:4700::1111]', resolver, policy), {
      ok: true,
      addresses: ['2606:4700::1111'],
    })
    assert.deepEqual(resolver.calls, [])
  })

  test('a name is refused when any one of its addresses is refused', async () => {
    const resolver = fakeResolver({
      'mixed.test': ['93.184.216.34', '10.0.0.1'],
      'mixed6.test': ['2606:4700::1111', 'fd00::1'],
      'public.test': ['93.184.216.34', '2606:4700::1111'],
      'mapped.test': ['::ffff:169.254.169.254'],
    })
    assert.deepEqual(await checkHost('mixed.test', resolver, policy), { ok: false, reason: 'not_permitted' })
    assert.deepEqual(await checkHost('mixed6.test', resolver, policy), { ok: false, reason: 'not_permitted' })
    assert.deepEqual(await checkHost('mapped.test', resolver, policy), { ok: false, reason: 'not_permitted' })
    assert.deepEqual(await checkHost('public.test', resolver, policy), {
      ok: true,
      addresses: ['93.184.216.34', '2606:4700::1111'],
    })
  })

  test('a resolver that answers synchronously is checked all the same', async () => {
    const syncResolver = { resolve: () => ['127.0.0.1'] } as unknown as Resolver
    assert.deepEqual(await checkHost('sync.test', syncResolver, policy), {
      ok: false,
      reason: 'not_permitted',
    })
    const throwing = {
      resolve: () => {
        throw new Error('boom')
      },
    } as unknown as Resolver
    const check = await checkHost('throws.test', throwing, policy)
    assert.equal(check.ok, false)
    assert.equal(!check.ok && check.reason, 'unresolved')
  })

  test('a resolver answering names or nothing is refused or unresolved, never dialled', async () => {
    const odd = fakeResolver({ 'cname.test': ['localhost'], 'empty.test': [] })
    assert.deepEqual(await checkHost('cname.test', odd, policy), { ok: false, reason: 'not_permitted' })
    assert.equal((await checkHost('empty.test', odd, policy)).ok, false)
    const missing = await checkHost('missing.test', odd, policy)
    assert.equal(!missing.ok && missing.reason, 'unresolved')
  })

  test('mapped addresses come back as the IPv4 that was judged', async () => {
    const resolver = fakeResolver({ 'mapped.test': ['::ffff:808:808'] })
    assert.deepEqual(await checkHost('mapped.test', resolver, policy), { ok: true, addresses: ['8.8.8.8'] })
  })

  test('allowTargets exempts its CIDRs and nothing else', async () => {
    const dev = createAddressPolicy(['127.0.0.0/8', 'fd00:1234::/32'])
    assert.equal(dev.permits('127.0.0.1'), true)
    assert.equal(dev.permits('127.255.0.9'), true)
    assert.equal(dev.permits('::ffff:127.0.0.1'), true)
    assert.equal(dev.permits('fd00:1234::5'), true)
    assert.equal(dev.permits('fd00:1235::5'), false)
    assert.equal(dev.permits('0.0.0.0'), false)
    assert.equal(dev.permits('10.0.0.1'), false)
    assert.equal(dev.permits('169.254.169.254'), false)
    assert.equal(dev.permits('::1'), false)
    const narrow = createAddressPolicy(['127.0.0.1/32'])
    assert.equal(narrow.permits('127.0.0.1'), true)
    assert.equal(narrow.permits('127.0.0.2'), false)
    const resolver = fakeResolver({ 'local.test': ['127.0.0.1', '127.0.0.2'] })
    assert.deepEqual(await checkHost('local.test', resolver, narrow), { ok: false, reason: 'not_permitted' })
    assert.deepEqual(await checkHost('local.test', resolver, dev), {
      ok: true,
      addresses: ['127.0.0.1', '127.0.0.2'],
    })
  })

  test('malformed allowTargets are rejected at start-up', () => {
    for (const cidr of ['127.0.0.0/33', '127.0.0/8', 'localhost', '::1/129', '10.0.0.0/-1', '10.0.0.0/']) {
      assert.throws(() => createAddressPolicy([cidr]), /Not a CIDR block/, cidr)
    }
  })
})

type Dialled = buildConnector.Options

/** A dialler that records what it was asked to dial and connects nothing (or pretends to, for `succeedOn`). */
function fakeDial(failWith: Record<string, string> = {}): buildConnector.connector & { dialled: Dialled[] } {
  const dialled: Dialled[] = []
  const dial = (options: Dialled, callback: buildConnector.Callback) => {
    dialled.push(options)
    const code = failWith[options.hostname]
    queueMicrotask(() => {
      if (code !== undefined) callback(Object.assign(new Error('fake dial failure'), { code }), null)
      else callback(null, { fake: options.hostname } as unknown as Socket)
    })
  }
  return Object.assign(dial, { dialled })
}

function connect(
  connector: buildConnector.connector,
  options: Dialled,
): Promise<{ error: Error | null; socket: unknown }> {
  return new Promise((resolve) => connector(options, (error, socket) => resolve({ error, socket })))
}

describe('guarded connector', () => {
  const httpOptions = (hostname: string): Dialled => ({
    hostname,
    host: hostname,
    protocol: 'http:',
    port: '80',
  })

  test('a rebinding resolver: the connector dials exactly the address it checked, and re-checks next time', async () => {
    let calls = 0
    const rebinding: Resolver = {
      resolve: async () => (++calls === 1 ? ['93.184.216.34'] : ['127.0.0.1']),
    }
    const dial = fakeDial()
    const connector = createGuardedConnector({ resolver: rebinding, policy, connectTimeoutMs: 1000, dial })

    const first = await connect(connector, httpOptions('rebind.test'))
    assert.equal(first.error, null)
    assert.deepEqual(first.socket, { fake: '93.184.216.34' })
    assert.equal(calls, 1, 'resolved exactly once for the connection')
    assert.deepEqual(
      dial.dialled.map((d) => d.hostname),
      ['93.184.216.34'],
    )

    const second = await connect(connector, httpOptions('rebind.test'))
    assert.ok(second.error instanceof TargetNotPermittedError)
    assert.equal(dial.dialled.length, 1, 'nothing dialled for the refused answer')
  })

  test('refuses private addresses and literals before dialling', async () => {
    const dial = fakeDial()
    const resolver = fakeResolver({ 'intranet.test': ['10.1.2.3'] })
    const connector = createGuardedConnector({ resolver, policy, connectTimeoutMs: 1000, dial })
    for (const hostname of ['intranet.test', '169.254.169.254', '::', '0.0.0.0', '::ffff:7f00:1']) {
      const { error } = await connect(connector, httpOptions(hostname))
      assert.ok(error instanceof TargetNotPermittedError, hostname)
    }
    const sync = { resolve: () => ['10.0.0.1'] } as unknown as Resolver
    const syncConnector = createGuardedConnector({ resolver: sync, policy, connectTimeoutMs: 1000, dial })
    assert.ok(
      (await connect(syncConnector, httpOptions('sync.test'))).error instanceof TargetNotPermittedError,
    )
    assert.equal(dial.dialled.length, 0)
  })

  test('a name that does not resolve is a distinct error', async () => {
    const connector = createGuardedConnector({
      resolver: noNames,
      policy,
      connectTimeoutMs: 1000,
      dial: fakeDial(),
    })
    assert.ok((await connect(connector, httpOptions('nowhere.test'))).error instanceof TargetUnresolvedError)
  })

  test('TLS gets the name as servername while the checked address is dialled', async () => {
    const dial = fakeDial()
    const resolver = fakeResolver({ 'example.test': ['93.184.216.34'] })
    const connector = createGuardedConnector({ resolver, policy, connectTimeoutMs: 1000, dial })
    await connect(connector, { hostname: 'example.test', host: 'example.test', protocol: 'https:', port: '' })
    assert.equal(dial.dialled[0]?.hostname, '93.184.216.34')
    assert.equal(dial.dialled[0]?.servername, 'example.test')
    await connect(connector, { hostname: '8.8.8.8', host: '8.8.8.8', protocol: 'https:', port: '' })
    assert.equal(dial.dialled[1]?.hostname, '8.8.8.8')
    assert.equal(dial.dialled[1]?.servername, undefined, 'no SNI for an IP literal')
  })

  test('tries the checked addresses in order until one connects, bound to the egress address', async () => {
    const dial = fakeDial({ '93.184.216.34': 'ECONNREFUSED' })
    const resolver = fakeResolver({ 'two.test': ['93.184.216.34', '93.184.216.35', '2606:4700::1111'] })
    const connector = createGuardedConnector({
      resolver,
      policy,
      localAddress: '192.0.2.10',
      connectTimeoutMs: 1000,
      dial,
    })
    const { error, socket } = await connect(connector, httpOptions('two.test'))
    assert.equal(error, null)
    assert.deepEqual(socket, { fake: '93.184.216.35' })
    assert.deepEqual(
      dial.dialled.map((d) => [d.hostname, d.localAddress]),
      [
        ['93.184.216.34', '192.0.2.10'],
        ['93.184.216.35', '192.0.2.10'],
      ],
    )
  })

  test('a TLS failure is not retried on the next address', async () => {
    const dial = fakeDial({ '93.184.216.34': 'ERR_TLS_CERT_ALTNAME_INVALID' })
    const resolver = fakeResolver({ 'two.test': ['93.184.216.34', '93.184.216.35'] })
    const connector = createGuardedConnector({ resolver, policy, connectTimeoutMs: 1000, dial })
    const { error } = await connect(connector, { ...httpOptions('two.test'), protocol: 'https:' })
    assert.equal((error as { code?: string } | null)?.code, 'ERR_TLS_CERT_ALTNAME_INVALID')
    assert.equal(dial.dialled.length, 1)
  })
})
