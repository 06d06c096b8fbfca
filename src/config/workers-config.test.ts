import assert from 'node:assert/strict'
import { availableParallelism } from 'node:os'
import { test } from 'node:test'
import { ConfigError } from './env-parsing.ts'
import { loadGatewayWorkers } from './gateway-config.ts'
import { loadNodeWorkers } from './node-config.ts'

const redis = { SALLYPORT_REDIS_URL: 'redis://127.0.0.1:6379' }

test('a node and a gateway on Redis default to the available cores; a gateway without Redis to one', () => {
  assert.equal(loadNodeWorkers(undefined, {}), availableParallelism())
  assert.equal(loadGatewayWorkers(undefined, redis), availableParallelism())
  assert.equal(loadGatewayWorkers(undefined, {}), 1)
})

test('the flag wins over SALLYPORT_WORKERS, which wins over the default', () => {
  assert.equal(loadNodeWorkers('3', { SALLYPORT_WORKERS: '5' }), 3)
  assert.equal(loadNodeWorkers(undefined, { SALLYPORT_WORKERS: '5' }), 5)
  assert.equal(loadGatewayWorkers(undefined, { ...redis, SALLYPORT_WORKERS: '4' }), 4)
  assert.equal(loadGatewayWorkers('1', {}), 1)
})

test('a gateway refuses workers without Redis, and any count below 1 or not a number', () => {
  assert.throws(() => loadGatewayWorkers('2', {}), /--workers above 1 needs SALLYPORT_REDIS_URL/)
  assert.throws(
    () => loadGatewayWorkers(undefined, { SALLYPORT_WORKERS: '2' }),
    /SALLYPORT_WORKERS above 1 needs SALLYPORT_REDIS_URL/,
  )
  assert.throws(() => loadNodeWorkers('0', {}), ConfigError)
  assert.throws(() => loadNodeWorkers(undefined, { SALLYPORT_WORKERS: 'many' }), /whole number/)
})
