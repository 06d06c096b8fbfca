import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, it, test } from 'node:test'
import type { Redis } from 'ioredis'
import {
  memberIds,
  redisScript,
  runScript,
  runScriptBuffers,
  sentAsGiven,
} from '../../../src/infra/redis/redis-script.ts'
import { connect, redisAnswers, redisUrl } from '../rate-limits/redis-harness.ts'

/** A script the server has never seen: its text carries a fresh random comment, so EVALSHA misses first. */
function freshScript(body: string) {
  return redisScript(`-- ${randomBytes(8).toString('hex')}\n${body}`)
}

if (!(await redisAnswers())) {
  const message = `no Redis answers at ${redisUrl}`
  // STYLE: a test that needs Redis fails, never skips, under CI.
  if (process.env.CI === 'true') test('Redis answers for the script runner tests', () => assert.fail(message))
  else test('the Redis script runner', { skip: message }, () => {})
} else {
  describe('the Redis script runner', () => {
    let redis: Redis
    before(() => {
      redis = connect()
    })
    after(async () => {
      await redis.quit()
    })

    it('loads a script the server does not know with EVAL, then runs it by its SHA-1', async () => {
      const script = freshScript('return {tonumber(ARGV[1]) + 1, KEYS[1]}')
      assert.deepEqual(await redis.script('EXISTS', script.sha), [0])
      assert.deepEqual(await runScript(redis, script, ['k'], [41]), [42, 'k'])
      assert.deepEqual(await redis.script('EXISTS', script.sha), [1])
      assert.deepEqual(await runScript(redis, script, ['k'], [1]), [2, 'k'])
    })

    it('passes bytes through as bytes with runScriptBuffers', async () => {
      const script = freshScript('return ARGV[1]')
      const bytes = Buffer.from([0, 255, 1, 254])
      const reply = await runScriptBuffers(redis, script, ['k'], [bytes])
      assert.ok(Buffer.isBuffer(reply))
      assert.deepEqual(reply, bytes)
    })

    it('sends a command with its arguments as given, answered as call and callBuffer answer it', async () => {
      const key = `test:sent:${randomBytes(6).toString('hex')}`
      const bytes = Buffer.from([0, 255, 10, 13])
      const args: (string | number | Buffer)[] = [key, 'f', bytes, 'n', 7]
      assert.equal(await sentAsGiven(redis, 'HSET', args, 'utf8'), 2)
      // The array is the command's own, not a copy: its numbers are now text, as ioredis sends them.
      assert.deepEqual(args, [key, 'f', bytes, 'n', '7'])
      // The same replies as ioredis's own methods give, as text and as bytes.
      const asText = await sentAsGiven(redis, 'HMGET', [key, 'n', 'f', 'none'], 'utf8')
      assert.deepEqual(asText, await redis.call('HMGET', [key, 'n', 'f', 'none']))
      assert.deepEqual(asText, ['7', bytes.toString(), null])
      const asBytes = await sentAsGiven(redis, 'HMGET', [key, 'f'], null)
      assert.deepEqual(asBytes, [bytes])
      await assert.rejects(sentAsGiven(redis, 'HSET', [key], 'utf8')!, /wrong number of arguments/)
      await redis.del(key)
    })

    it('leaves any client but ioredis’s to its own methods', () => {
      const standIn = { callBuffer: () => Promise.resolve(Buffer.alloc(0)) }
      assert.equal(sentAsGiven(standIn, 'EVALSHA', ['x', 0], null), undefined)
    })

    it('passes a script error through', async () => {
      const script = freshScript("return redis.error_reply('nope')")
      await assert.rejects(runScript(redis, script, [], []), /nope/)
    })

    it('hands out member ids that never repeat', () => {
      const first = memberIds()
      const second = memberIds()
      const ids = new Set(Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? first() : second())))
      assert.equal(ids.size, 1000)
    })
  })
}
