/**
 * The admission store every gateway shares (DESIGN 1, 6): one Lua script, one round trip per admission.
 * Redis runs a script to completion before any other command, so the checks of all rules, the in-flight
 * semaphore and the trial counter, and the recording when all pass, are one atomic step across gateways.
 *
 * Key layout (prefix default `sallyport:`), all keys opaque strings from the caller:
 *   <prefix>rl:<rule name>:<rule key>  ZSET  score = admission time (ms), member = admission id; PEXPIRE windowMs
 *   <prefix>inflight:<key>             ZSET  score = lease expiry (ms), member = lease token
 *   <prefix>trial:<key>                STRING the quota used (a total: no expiry)
 *
 * Time is the `now` the gateway passes (its injected clock), not the Redis server's TIME: tests inject it,
 * gateways run NTP, and a millisecond or two of skew between gateways moves a window edge by as much. Key
 * TTLs run on the server's clock, but only ever drop entries that scores have already put out of the window.
 *
 * Redis Cluster: a script may only touch keys of one slot. `fetchAdmission()` puts the account id in a
 * `{...}` hash tag so every account-scoped key shares one; the global per-host key cannot (every account
 * shares it). We run a single primary; on a cluster the global ceiling would need its own step, with the
 * all-or-nothing property restored by compensation.
 */
import type { Redis } from 'ioredis'
import { memberIds, redisScript, runScript } from '../../infra/redis/redis-script.ts'
import { systemClock, type Clock } from '../../shared/clock.ts'
import { checkRequest, settle, type AdmissionStore, type LogSeen } from './admission.ts'

// KEYS: n rule logs, then the in-flight leases (if ARGV[4] == '1'), then the trial counter (if ARGV[5] == '1').
// ARGV: now, id, n, has in-flight, has quota, (limit, windowMs) per rule, [in-flight limit, leaseMs],
// [quota limit, quota floor]. The trial counter counts from at least its floor (the usage ledger's count).
// Reply: admitted (1/0), (count, pivot) per rule, [in-flight count, pivot], [quota used]; pivot -1 = none.
// The pivot is the entry at index max(0, count - limit): the one whose departure brings the count under the limit.
const admitLua = `
local now = tonumber(ARGV[1])
local id = ARGV[2]
local n = tonumber(ARGV[3])
local has_in_flight = ARGV[4] == '1'
local has_quota = ARGV[5] == '1'
local reply = {0}
local pass = true

local function observe(key, limit)
  local count = redis.call('ZCARD', key)
  local index = 0
  if count >= limit then
    pass = false
    index = count - limit
  end
  reply[#reply + 1] = count
  if count == 0 then
    reply[#reply + 1] = -1
  else
    reply[#reply + 1] = tonumber(redis.call('ZRANGE', key, index, index, 'WITHSCORES')[2])
  end
end

for i = 1, n do
  local window = tonumber(ARGV[5 + 2 * i])
  -- An entry exactly windowMs old has left the window.
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  observe(KEYS[i], tonumber(ARGV[4 + 2 * i]))
end
local next_key = n + 1
local next_arg = 6 + 2 * n
local in_flight_key, lease_ms
if has_in_flight then
  in_flight_key = KEYS[next_key]
  lease_ms = ARGV[next_arg + 1]
  next_key = next_key + 1
  redis.call('ZREMRANGEBYSCORE', in_flight_key, '-inf', now)
  observe(in_flight_key, tonumber(ARGV[next_arg]))
  next_arg = next_arg + 2
end
local quota_key, used
if has_quota then
  quota_key = KEYS[next_key]
  used = math.max(tonumber(redis.call('GET', quota_key) or '0'), tonumber(ARGV[next_arg + 1]))
  if used + 1 > tonumber(ARGV[next_arg]) then pass = false end
  reply[#reply + 1] = used
end

if pass then
  reply[1] = 1
  for i = 1, n do
    redis.call('ZADD', KEYS[i], ARGV[1], id)
    redis.call('PEXPIRE', KEYS[i], ARGV[5 + 2 * i])
  end
  if has_in_flight then
    redis.call('ZADD', in_flight_key, now + tonumber(lease_ms), id)
    if redis.call('PTTL', in_flight_key) < tonumber(lease_ms) then
      redis.call('PEXPIRE', in_flight_key, lease_ms)
    end
  end
  if has_quota then redis.call('SET', quota_key, used + 1) end
end
return reply
`

const refundLua = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 1 then return redis.call('DECR', KEYS[1]) end
redis.call('DEL', KEYS[1])
return 0
`

const admitScript = redisScript(admitLua)
const refundScript = redisScript(refundLua)

/** The commands the store uses: an ioredis client, or a stand-in in tests. */
export type AdmissionRedis = Pick<Redis, 'evalsha' | 'eval' | 'zrem' | 'get' | 'quit'>

export type RedisAdmissionStoreOptions = {
  redis: AdmissionRedis
  /** Namespace of every key (tests use one per test). No `{` or `}`: they would decide the Cluster slot. */
  keyPrefix?: string
  clock?: Clock
  /** Quit the connection on close(): the store was given a connection of its own. */
  ownsConnection?: boolean
}

function integers(reply: unknown): number[] {
  if (Array.isArray(reply) && reply.every((value) => typeof value === 'number')) return reply
  throw new Error('admission script: unexpected reply')
}

export function createRedisAdmissionStore(options: RedisAdmissionStoreOptions): AdmissionStore {
  const { redis, keyPrefix: prefix = 'sallyport:', clock = systemClock, ownsConnection = false } = options
  if (/[{}]/.test(prefix)) throw new TypeError('admission: the key prefix may not contain { or }')
  // Admission ids are ZSET members of the in-flight set.
  const nextId = memberIds()

  return {
    admit: async (input) => {
      const request = checkRequest(input, clock)
      const { rules, inFlight, quota, now } = request
      const id = nextId()
      const keys: string[] = []
      const args: (string | number)[] = [now, id, rules.length, inFlight ? 1 : 0, quota ? 1 : 0]
      for (const rule of rules) {
        keys.push(`${prefix}rl:${rule.name}:${rule.key}`)
        args.push(rule.limit, rule.windowMs)
      }
      if (inFlight !== undefined) {
        keys.push(`${prefix}inflight:${inFlight.key}`)
        args.push(inFlight.limit, inFlight.leaseMs)
      }
      if (quota !== undefined) {
        keys.push(`${prefix}trial:${quota.key}`)
        args.push(quota.limit, quota.floor ?? 0)
      }

      const reply = integers(await runScript(redis, admitScript, keys, args))
      let at = 1
      const next = (): LogSeen => {
        const count = reply[at++]!
        const pivot = reply[at++]!
        return { count, pivot: pivot < 0 ? undefined : pivot }
      }
      const seenRules = rules.map(next)
      const seenInFlight = inFlight === undefined ? undefined : next()
      const quotaUsed = quota === undefined ? undefined : reply[at]!
      const seen = { rules: seenRules, inFlight: seenInFlight, quotaUsed }
      return reply[0] === 1 ? settle(request, seen, true, inFlight && id) : settle(request, seen, false)
    },

    release: async (inFlightKey, token) => {
      await redis.zrem(`${prefix}inflight:${inFlightKey}`, token)
    },

    refundQuota: async (key) => {
      await runScript(redis, refundScript, [`${prefix}trial:${key}`], [])
    },

    quotaUsed: async (key) => {
      const value = await redis.get(`${prefix}trial:${key}`)
      return value === null ? 0 : Number(value)
    },

    close: async () => {
      if (ownsConnection) await redis.quit()
    },
  }
}
