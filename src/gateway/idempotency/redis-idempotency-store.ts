/**
 * The Redis twin of the idempotency store, shared by every gateway. Every key of an account carries the
 * hash tag `{<account id>}`, so one script's keys are in one slot of a Redis Cluster:
 *
 *   <prefix>{<account id>}:<sha256 of the Idempotency-Key>   hash: the entry
 *     fp       the request fingerprint (a SHA-256 digest; never the URL, DESIGN 7)
 *     state    'claimed' | 'stored' | 'not_kept'
 *     until    epoch ms when the lease (claimed) or the retention (stored, not_kept) runs out
 *     token    the claim's owner token (claimed only)
 *     status, headers (JSON, content-type only), enc ('gzip' | 'identity'), body (raw bytes)   (stored only)
 *   <prefix>{<account id>}:ledger   sorted set: digest of each stored answer or marker, scored by its `until`
 *   <prefix>{<account id>}:bytes    hash: the charge of each, and their sum under `total`
 *
 * Each operation is one Lua script, so "is there a live entry, does its fingerprint match, is it running
 * or done, is the account's budget spent, else claim it" is decided atomically in one round trip. Liveness
 * is judged against the caller's `now` (the same clock as the memory twin); every write also sets PEXPIRE
 * to the same span, so Redis itself purges what nobody reads again. The ledger is settled (expired charges
 * taken off the sum) by every begin and complete of the account, so the sum counts live answers only.
 *
 * Memory: an account holds at most `accountBudgetBytes` (64 MiB) of compressed answers, each charged its
 * compressed body, headers and 512 bytes (docs/adr/0008-bounded-idempotency-records.md).
 */
import { scanKeys, type RedisClient } from '../../infra/redis/redis-connection.ts'
import { redisScript, runScriptBuffers } from '../../infra/redis/redis-script.ts'
import { Buffer } from 'node:buffer'
import { hash } from 'node:crypto'
import {
  entryOverheadBytes,
  idempotencyDefaults,
  newClaimToken,
  packResponse,
  positiveBytes,
  positiveDuration,
  retryAfterSeconds,
  unpackBody,
  type BeginOutcome,
  type IdempotencyOptions,
  type IdempotencyStore,
  type StoredResponse,
} from './idempotency-store.ts'

export type RedisIdempotencyOptions = IdempotencyOptions & {
  /** A client (one Redis or a Cluster) without ioredis' own `keyPrefix`; the store does not close it. */
  redis: RedisClient
  /** Namespace of every key this store writes; tests use a unique one each. */
  keyPrefix?: string
}

/**
 * Takes the charges that expired at `now` off the account's sum (at most 1,000 a call: the rest go on
 * the next) and answers the sum of the live ones. KEYS: ledger, bytes.
 */
const settleLua = `
local function settle(ledger, bytes, now)
  local gone = redis.call('ZRANGEBYSCORE', ledger, '-inf', now, 'LIMIT', 0, 1000)
  if #gone > 0 then
    local charges = redis.call('HMGET', bytes, unpack(gone))
    local freed = 0
    for _, charge in ipairs(charges) do freed = freed + (tonumber(charge) or 0) end
    redis.call('ZREM', ledger, unpack(gone))
    redis.call('HDEL', bytes, unpack(gone))
    redis.call('HINCRBY', bytes, 'total', -freed)
  end
  if redis.call('ZCARD', ledger) == 0 then
    redis.call('DEL', bytes)
    return 0
  end
  return tonumber(redis.call('HGET', bytes, 'total')) or 0
end
`

// KEYS: entry, ledger, bytes. ARGV: fingerprint, token, now, lease until, lease ms, account budget.
const beginScript = redisScript(`${settleLua}
local entry = redis.call('HMGET', KEYS[1], 'fp', 'state', 'until')
local untilMs = tonumber(entry[3])
if entry[1] and untilMs and untilMs > tonumber(ARGV[3]) then
  if entry[1] ~= ARGV[1] then return {'mismatch'} end
  if entry[2] == 'claimed' then return {'in_flight', entry[3]} end
  if entry[2] == 'not_kept' then return {'not_kept'} end
  local stored = redis.call('HMGET', KEYS[1], 'status', 'headers', 'enc', 'body')
  return {'replay', stored[1], stored[2], stored[3] or 'identity', stored[4]}
end
if settle(KEYS[2], KEYS[3], ARGV[3]) >= tonumber(ARGV[6]) then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return {'budget_spent', oldest[2] or ARGV[3]}
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'fp', ARGV[1], 'state', 'claimed', 'token', ARGV[2], 'until', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return {'claimed'}
`)

// KEYS: entry, ledger, bytes. ARGV: token, now, retention until, retention ms, status, headers JSON,
// encoding, body, charge, account budget, ledger member, charge of a marker.
const completeScript = redisScript(`${settleLua}
local entry = redis.call('HMGET', KEYS[1], 'state', 'token', 'until')
local untilMs = tonumber(entry[3])
if entry[1] ~= 'claimed' or entry[2] ~= ARGV[1] or not untilMs or untilMs <= tonumber(ARGV[2]) then
  return 0
end
local held = settle(KEYS[2], KEYS[3], ARGV[2])
local charge = tonumber(ARGV[9])
local reply = 1
redis.call('HDEL', KEYS[1], 'token')
if held + charge <= tonumber(ARGV[10]) then
  redis.call('HSET', KEYS[1], 'state', 'stored', 'until', ARGV[3], 'status', ARGV[5], 'headers', ARGV[6],
    'enc', ARGV[7], 'body', ARGV[8])
else
  -- Delivered and billed, too large to keep: the marker keeps a retry from fetching again.
  redis.call('HSET', KEYS[1], 'state', 'not_kept', 'until', ARGV[3])
  charge = tonumber(ARGV[12])
  reply = 2
end
-- A charge left by an earlier record under this key (expired by Redis' clock before ours) is replaced.
local earlier = tonumber(redis.call('HGET', KEYS[3], ARGV[11])) or 0
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[11])
redis.call('HSET', KEYS[3], ARGV[11], charge)
redis.call('HINCRBY', KEYS[3], 'total', charge - earlier)
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
return reply
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

// KEYS: ledger, bytes. ARGV: now.
const settleScript = redisScript(`${settleLua}
settle(KEYS[1], KEYS[2], ARGV[1])
return 0
`)

export function createRedisIdempotencyStore(options: RedisIdempotencyOptions): IdempotencyStore {
  const { redis } = options
  const leaseMs = positiveDuration('leaseMs', options.leaseMs ?? idempotencyDefaults.leaseMs)
  const retentionMs = positiveDuration('retentionMs', options.retentionMs ?? idempotencyDefaults.retentionMs)
  const accountBudget = positiveBytes(
    'accountBudgetBytes',
    options.accountBudgetBytes ?? idempotencyDefaults.accountBudgetBytes,
  )
  const prefix = options.keyPrefix ?? idempotencyDefaults.keyPrefix
  /** The entry's key, then the account's ledger and bytes: one hash tag, one slot. */
  const keysOf = (accountId: string, key: string) => {
    const account = `${prefix}{${accountId}}:`
    const digest = hash('sha256', key, 'hex')
    return { digest, keys: [account + digest, `${account}ledger`, `${account}bytes`] }
  }

  return {
    begin: async (accountId, key, fingerprint, now) => {
      const token = newClaimToken()
      const reply = await runScriptBuffers(redis, beginScript, keysOf(accountId, key).keys, [
        fingerprint,
        token,
        now,
        now + leaseMs,
        leaseMs,
        accountBudget,
      ])
      return beginOutcome(reply, token, now)
    },

    complete: async (accountId, key, token, response, now) => {
      const packed = await packResponse(response)
      const { digest, keys } = keysOf(accountId, key)
      const reply = await runScriptBuffers(redis, completeScript, keys, [
        token,
        now,
        now + retentionMs,
        retentionMs,
        packed.status,
        JSON.stringify(packed.headers),
        packed.encoding,
        packed.body,
        packed.charge,
        accountBudget,
        digest,
        entryOverheadBytes,
      ])
      return reply === 1 || reply === 2
    },

    abandon: async (accountId, key, token) => {
      const reply = await runScriptBuffers(redis, abandonScript, keysOf(accountId, key).keys.slice(0, 1), [
        token,
      ])
      return reply === 1
    },

    // Redis' own TTLs purge in production; this walk is for tests and for an operator in a hurry.
    purgeExpired: async (now) => {
      // Every master of a Cluster; the scripts then run where each key lives.
      const keys = await scanKeys(redis, `${globEscape(prefix)}*`, 500)
      const replies = await Promise.all(
        keys.map(async (name) => {
          if (name.endsWith(':bytes')) return 0
          // The ledger's expired charges come off the account's sum; only entries count as purged.
          if (name.endsWith(':ledger')) {
            return runScriptBuffers(
              redis,
              settleScript,
              [name, `${name.slice(0, -'ledger'.length)}bytes`],
              [now],
            )
          }
          return runScriptBuffers(redis, purgeScript, [name], [now])
        }),
      )
      return replies.filter((reply) => reply === 1).length
    },

    close: async () => {},
  }
}

async function beginOutcome(reply: unknown, token: string, now: number): Promise<BeginOutcome> {
  if (!Array.isArray(reply)) throw new TypeError('unexpected reply from the idempotency begin script')
  const [kind, ...rest] = (reply as unknown[]).map((item) => (Buffer.isBuffer(item) ? item : undefined))
  switch (kind?.toString()) {
    case 'claimed':
      return { kind: 'claimed', token }
    case 'mismatch':
      return { kind: 'mismatch' }
    case 'in_flight':
      return { kind: 'in_flight', retryAfterSeconds: retryAfterSeconds(Number(rest[0]?.toString()), now) }
    case 'not_kept':
      return { kind: 'not_kept' }
    case 'budget_spent':
      return { kind: 'budget_spent', retryAfterSeconds: retryAfterSeconds(Number(rest[0]?.toString()), now) }
    case 'replay':
      return { kind: 'replay', response: await storedResponse(rest) }
    default:
      throw new TypeError('unexpected reply from the idempotency begin script')
  }
}

async function storedResponse([status, headers, encoding, body]: (
  Buffer | undefined
)[]): Promise<StoredResponse> {
  if (status === undefined || headers === undefined || encoding === undefined || body === undefined) {
    throw new TypeError('an idempotency record is missing its status, headers or body')
  }
  const parsed: unknown = JSON.parse(headers.toString())
  const kept: Record<string, string> = {}
  if (typeof parsed === 'object' && parsed !== null) {
    for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') kept[name] = value
  }
  return {
    status: Number(status.toString()),
    headers: kept,
    body: await unpackBody(encoding.toString(), body),
  }
}

function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&')
}
