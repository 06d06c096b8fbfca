/**
 * Revocation with key records held in each gateway's memory (ADR 0011, DESIGN 6): two gateways on one
 * PostgreSQL and a private redis-server that the test flushes, restarts empty and stops. A key revoked on
 * gateway A is refused at the very next request on gateway B, whose cache still holds the key, whatever
 * Redis lost meanwhile; and a revocation whose marker cannot be written changes nothing.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it, test } from 'node:test'
import { Redis } from 'ioredis'
import { eventually } from '../../helpers/cli.ts'
import { postgresAvailable } from '../../helpers/databases.ts'
import { redisServerInstalled, startRedisServer, type RedisServer } from '../../helpers/topology.ts'
import { fetchVia, startFaultGateway, startTarget, type FaultGateway, type Target } from './fault-harness.ts'

const missing = [
  postgresAvailable ? undefined : 'no PostgreSQL answers',
  redisServerInstalled() ? undefined : 'no redis-server binary',
].filter((reason) => reason !== undefined)

if (missing.length > 0) {
  if (process.env.CI === 'true')
    test('the stores for the revocation tests', () => assert.fail(missing.join('; ')))
  else test('key revocation faults', { skip: missing.join('; ') }, () => {})
} else {
  describe('a revoked key and a Redis that lost its data', { timeout: 120_000 }, () => {
    let target: Target
    let redis: RedisServer
    let gatewayA: FaultGateway
    let gatewayB: FaultGateway
    before(async () => {
      target = await startTarget()
      redis = await startRedisServer()
      gatewayA = await startFaultGateway({ redisServerUrl: redis.url })
      gatewayB = await startFaultGateway({ redisServerUrl: redis.url, peer: gatewayA })
    })
    after(async () => {
      await gatewayB.close()
      await gatewayA.close()
      await redis.stop()
      await target.close()
    })

    /** A new key of the account, used once on each gateway so both hold it in memory. */
    async function cachedKey(name: string) {
      const key = await gatewayA.keys.mint(gatewayA.accountId, { name, scopes: ['proxy', 'read'] })
      for (const gateway of [gatewayA, gatewayB]) {
        const answer = await fetchVia({ base: gateway.base, apiKey: key.key }, `${target.url}/${name}`)
        assert.equal(answer.status, 200, JSON.stringify(answer))
      }
      return key
    }

    /** B's answer once it reaches Redis again (503 store_unavailable until then): never an envelope. */
    async function answerOnB(apiKey: string, path: string) {
      return eventually(async () => {
        const answer = await fetchVia({ base: gatewayB.base, apiKey }, `${target.url}/${path}`)
        return answer.status === 503 ? undefined : answer
      }, 20_000)
    }

    async function flushAll(): Promise<void> {
      const admin = new Redis(redis.url, { maxRetriesPerRequest: 1 })
      try {
        await admin.flushall()
      } finally {
        await admin.quit()
      }
    }

    it('refuses on gateway B, at the very next request, a key revoked on gateway A', async () => {
      const key = await cachedKey('revoked-on-a')
      await gatewayA.keys.revoke(gatewayA.accountId, key.id)
      const answer = await fetchVia({ base: gatewayB.base, apiKey: key.key }, `${target.url}/after`)
      assert.equal(answer.status, 401)
      assert.equal(answer.code, 'invalid_api_key')
    })

    it('still refuses it on gateway B after a FLUSHALL took the marker away', async () => {
      const key = await cachedKey('revoked-then-flushed')
      await gatewayA.keys.revoke(gatewayA.accountId, key.id)
      await flushAll()
      const answer = await answerOnB(key.key, 'after-flush')
      assert.equal(answer.status, 401, JSON.stringify(answer))
      assert.equal(answer.code, 'invalid_api_key')
      // The account's other key is confirmed in the database and served again.
      assert.equal((await answerOnB(gatewayA.apiKey, 'other-key')).status, 200)
    })

    it('still refuses it on gateway B after redis-server restarted empty', async () => {
      const key = await cachedKey('revoked-then-restarted')
      await gatewayA.keys.revoke(gatewayA.accountId, key.id)
      await redis.stop()
      await redis.start()
      const answer = await answerOnB(key.key, 'after-restart')
      assert.equal(answer.status, 401, JSON.stringify(answer))
      assert.equal(answer.code, 'invalid_api_key')
    })

    it('refuses a revocation whose marker cannot be written, with 503, and changes nothing', async () => {
      const key = await cachedKey('marker-unwritten')
      await redis.stop()
      try {
        await assert.rejects(gatewayA.keys.revoke(gatewayA.accountId, key.id), { code: 'store_unavailable' })
        const live = await gatewayA.keys.list(gatewayA.accountId)
        assert.ok(
          live.some((listed) => listed.id === key.id),
          'the key is still live, as the answer said',
        )
      } finally {
        await redis.start()
      }
      // Not revoked, and served as such; revoked once the marker can be written, and refused at once.
      assert.equal((await answerOnB(key.key, 'still-live')).status, 200)
      await eventually(async () => {
        try {
          await gatewayA.keys.revoke(gatewayA.accountId, key.id)
          return true
        } catch {
          return undefined
        }
      })
      const answer = await fetchVia({ base: gatewayB.base, apiKey: key.key }, `${target.url}/revoked-now`)
      assert.equal(answer.code, 'invalid_api_key')
    })
  })
}
