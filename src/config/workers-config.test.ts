import assert from 'node:assert/strict'
import { availableParallelism } from 'node:os'
import { test } from 'node:test'
import { ConfigError } from './env-parsing.ts'
import { loadDevWorkers } from './dev-config.ts'
import { loadGatewayWorkers } from './gateway-config.ts'
import { loadNodeWorkers } from './node-config.ts'

const redis = { SALLYPORT_REDIS_URL: 'redis://127.0.0.1:6379' }

test('a node, a gateway (with Redis or without) and dev default to the available cores', () => {
  assert.equal(loadNodeWorkers(undefined, {}), availableParallelism())
  assert.equal(loadGatewayWorkers(undefined, redis), availableParallelism())
  assert.equal(loadGatewayWorkers(undefined, {}), availableParallelism())
  assert.equal(loadDevWorkers(undefined, {}), availableParallelism())
})

test('the flag wins over SALLYPORT_WORKERS, which wins over the default', () => {
  assert.equal(loadNodeWorkers('3', { SALLYPORT_WORKERS: '5' }), 3)
  assert.equal(loadNodeWorkers(undefined, { SALLYPORT_WORKERS: '5' }), 5)
  assert.equal(loadGatewayWorkers(undefined, { ...redis, SALLYPORT_WORKERS: '4' }), 4)
  assert.equal(loadGatewayWorkers('1', {}), 1)
  assert.equal(loadGatewayWorkers('2', {}), 2)
  assert.equal(loadDevWorkers('3', { SALLYPORT_WORKERS: '1' }), 3)
  assert.equal(loadDevWorkers(undefined, { SALLYPORT_WORKERS: '2' }), 2)
})

test('every command refuses a count below 1 or not a whole number, naming where it came from', () => {
  assert.throws(() => loadNodeWorkers('0', {}), ConfigError)
  assert.throws(() => loadGatewayWorkers('-1', redis), /--workers/)
  assert.throws(() => loadDevWorkers(undefined, { SALLYPORT_WORKERS: '1.5' }), /SALLYPORT_WORKERS/)
  assert.throws(() => loadNodeWorkers(undefined, { SALLYPORT_WORKERS: 'many' }), /whole number/)
})
