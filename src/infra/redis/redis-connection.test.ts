import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseRedisUrl } from './redis-connection.ts'

test('a redis:// or rediss:// URL is one Redis, handed to ioredis as it is', () => {
  assert.deepEqual(parseRedisUrl('redis://u:p@127.0.0.1:6379/0'), {
    kind: 'single',
    url: 'redis://u:p@127.0.0.1:6379/0',
  })
})

test('redis-cluster:// names the seed nodes, with an ACL user and TLS in rediss-cluster://', () => {
  assert.deepEqual(parseRedisUrl('redis-cluster://127.0.0.1:7000,127.0.0.1:7001,[::1]:7002'), {
    kind: 'cluster',
    nodes: [
      { host: '127.0.0.1', port: 7000 },
      { host: '127.0.0.1', port: 7001 },
      { host: '::1', port: 7002 },
    ],
    tls: false,
  })
  assert.deepEqual(parseRedisUrl('rediss-cluster://gw:s%40cret@redis-a.internal:6380'), {
    kind: 'cluster',
    nodes: [{ host: 'redis-a.internal', port: 6380 }],
    tls: true,
    username: 'gw',
    password: 's@cret',
  })
})

test('a cluster URL without host:port nodes is a configuration error that says the form', () => {
  for (const url of [
    'redis-cluster://',
    'redis-cluster://a',
    'redis-cluster://a:0',
    'redis-cluster://a:1/2',
  ]) {
    assert.throws(() => parseRedisUrl(url), /redis-cluster:\/\//, url)
  }
})
