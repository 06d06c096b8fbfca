/**
 * The Redis twin of the idempotency store, shared by every gateway. An entry is one hash under
 * `<prefix><account id>:<sha256 of the Idempotency-Key>`:
 *
 *   fp       the request fingerprint (a SHA-256 digest; never the URL, DESIGN 7)
 *   state    'claimed' | 'stored'
 *   until    epoch ms when the lease (claimed) or the retention (stored) runs out
 *   token    the claim's owner token (claimed only)
 *   status, headers (JSON, content-type only), body (raw bytes)   (stored only)
 *
 * Each operation is one Lua script, so "is there a live entry, does its fingerprint match, is it running
 * or done, else claim it" is decided atomically in one round trip: the equivalent of `SET NX PX` that also
 * answers with the replay. Liveness is judged against the caller's `now` (the same clock as the memory twin);
 * every write also sets PEXPIRE to the same span, so Redis itself purges what nobody reads again.
 *
 * Memory: a stored answer costs about its body (bodies are raw bytes, not base64): up to the 10 MiB cap
 * plus the envelope's JSON escaping. Size `maxmemory` for it, with `noeviction` (docs/idempotency.md).
 */
import type { Redis } from 'ioredis'
import { redisScript, runScriptBuffers } from '../../infra/redis/redis-script.ts'
import {
  assertStorable,
  entryName,
  idempotencyDefaults,
  newClaimToken,
  positiveDuration,
  retryAfterSeconds,
  storedHeaders,
  type BeginOutcome,
  type IdempotencyOptions,
  type IdempotencyStore,
  type StoredResponse,
} from './idempotency-store.ts'

export type RedisIdempotencyOptions = IdempotencyOptions & {
  /** A client without ioredis' own `keyPrefix`; the store does not close it. */
  redis: Redis
  /** Namespace of every key this store writes; tests use a unique one each. */
  keyPrefix?: string
}

// ARGV: fingerprint, token, now, lease until, lease ms.
const beginScript = redisScript(`
local entry = redis.call('HMGET', KEYS[1], 'fp', 'state', 'until')
local untilMs = tonumber(entry[3])
if entry[1] and untilMs and untilMs > tonumber(ARGV[3]) then
  if entry[1] ~= ARGV[1] then return {'mismatch'} end
  if entry[2] == 'claimed' then return {'in_flight', entry[3]} end
  local stored = redis.call('HMGET', KEYS[1], 'status', 'headers', 'body')
  return {'replay', stored[1], stored[2], stored[3]}
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'fp', ARGV[1], 'state', 'claimed', 'token', ARGV[2], 'until', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return {'claimed'}
`)

// ARGV: token, now, retention until, retention ms, status, headers JSON, body.
const completeScript = redisScript(`
local entry = redis.call('HMGET', KEYS[1], 'state', 'token', 'until')
local untilMs = tonumber(entry[3])
if entry[1] ~= 'claimed' or entry[2] ~= ARGV[1] or not untilMs or untilMs <= tonumber(ARGV[2]) then
  return 0
end
redis.call('HDEL', KEYS[1], 'token')
redis.call('HSET', KEYS[1], 'state', 'stored', 'until', ARGV[3], 'status', ARGV[5], 'headers', ARGV[6],
  'body', ARGV[7])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`)

// ARGV: token.
const abandonScript = redisScript(`
local entry = redis.call('HMGET', KEYS[1], 'state', 'token')
if entry[1] ~= 'claimed' or entry[2] ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1
`)

// ARGV: now.
const purgeScript = redisScript(`
local untilMs = tonumber(redis.call('HGET', KEYS[1], 'until'))
if untilMs and untilMs <= tonumber(ARGV[1]) then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
`)

export function createRedisIdempotencyStore(options: RedisIdempotencyOptions): IdempotencyStore {
  const { redis } = options
  const leaseMs = positiveDuration('leaseMs', options.leaseMs ?? idempotencyDefaults.leaseMs)
  const retentionMs = positiveDuration('retentionMs', options.retentionMs ?? idempotencyDefaults.retentionMs)
  const prefix = options.keyPrefix ?? idempotencyDefaults.keyPrefix
  const keyOf = (accountId: string, key: string) => prefix + entryName(accountId, key)

  return {
    begin: async (accountId, key, fingerprint, now) => {
      const token = newClaimToken()
      const reply = await runScriptBuffers(
        redis,
        beginScript,
        [keyOf(accountId, key)],
        [fingerprint, token, now, now + leaseMs, leaseMs],
      )
      return beginOutcome(reply, token, now)
    },

    complete: async (accountId, key, token, response, now) => {
      assertStorable(response)
      const body = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body
      const reply = await runScriptBuffers(
        redis,
        completeScript,
        [keyOf(accountId, key)],
        [
          token,
          now,
          now + retentionMs,
          retentionMs,
          response.status,
          JSON.stringify(storedHeaders(response.headers)),
          body,
        ],
      )
      return reply === 1
    },

    abandon: async (accountId, key, token) => {
      const reply = await runScriptBuffers(redis, abandonScript, [keyOf(accountId, key)], [token])
      return reply === 1
    },

    // Redis' own TTLs purge in production; this walk is for tests and for an operator in a hurry.
    purgeExpired: async (now) => {
      let purged = 0
      let cursor = '0'
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${globEscape(prefix)}*`, 'COUNT', 500)
        cursor = next
        const replies = await Promise.all(
          keys.map((name) => runScriptBuffers(redis, purgeScript, [name], [now])),
        )
        purged += replies.filter((reply) => reply === 1).length
      } while (cursor !== '0')
      return purged
    },

    close: async () => {},
  }
}

function beginOutcome(reply: unknown, token: string, now: number): BeginOutcome {
  if (!Array.isArray(reply)) throw new TypeError('unexpected reply from the idempotency begin script')
  const [kind, ...rest] = (reply as unknown[]).map((item) => (Buffer.isBuffer(item) ? item : undefined))
  switch (kind?.toString()) {
    case 'claimed':
      return { kind: 'claimed', token }
    case 'mismatch':
      return { kind: 'mismatch' }
    case 'in_flight':
      return { kind: 'in_flight', retryAfterSeconds: retryAfterSeconds(Number(rest[0]?.toString()), now) }
    case 'replay':
      return { kind: 'replay', response: storedResponse(rest) }
    default:
      throw new TypeError('unexpected reply from the idempotency begin script')
  }
}

function storedResponse([status, headers, body]: (Buffer | undefined)[]): StoredResponse {
  if (status === undefined || headers === undefined || body === undefined) {
    throw new TypeError('an idempotency record is missing its status, headers or body')
  }
  const parsed: unknown = JSON.parse(headers.toString())
  const kept: Record<string, string> = {}
  if (typeof parsed === 'object' && parsed !== null) {
    for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') kept[name] = value
  }
  return { status: Number(status.toString()), headers: kept, body }
}

function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&')
}
