/**
 * The upstream budget store every gateway shares (SALLYPORT_REDIS_URL): each `take` and each `observe` is
 * one Lua script, one round trip, atomic across gateways. It runs on the gateway's one Redis connection
 * (rate-limits/limit-stores.ts), under the same key prefix (SALLYPORT_REDIS_PREFIX).
 *
 * Key layout, per lane (upstream network or Mastodon instance, egress address):
 *   <prefix>upstream:{<upstream>@<egress>}:log    ZSET  score = admission time (ms), member = admission id;
 *                                                      PEXPIRE windowMs
 *   <prefix>upstream:{<upstream>@<egress>}:state  HASH  remaining, reset_at, blocked_until (epoch ms);
 *                                                      PEXPIRE until the later of reset_at and blocked_until
 * The lane is a Redis Cluster hash tag, so both keys of a script share a slot. Keys hold no account, no URL
 * and no customer target: only the configured network or instance and the egress node's public address.
 *
 * Time is the `now` the gateway passes (its injected clock), as in the admission store
 * (rate-limits/redis-admission-store.ts); key TTLs on the server's clock only drop what is over anyway.
 */
import type { Redis } from 'ioredis'
import { memberIds, redisScript, runScript } from '../../infra/redis/redis-script.ts'
import {
  sameWindowMs,
  type BudgetLane,
  type BudgetObservation,
  type BudgetPolicy,
  type UpstreamBudgetStore,
  type Verdict,
} from './upstream-budget.ts'

// KEYS: log, state. ARGV: now, limit, windowMs, admission id.
// Reply: {1, 0} admitted; {0, wait ms} refused (nothing recorded). Mirrors memory-upstream-budget.ts take().
const takeLua = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[2], 'remaining', 'reset_at', 'blocked_until')
local remaining = tonumber(state[1])
local reset_at = tonumber(state[2])
local blocked_until = tonumber(state[3]) or 0
if blocked_until > now then return {0, blocked_until - now} end
-- An entry exactly windowMs old has left the window.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local pivot = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  return {0, tonumber(pivot[2]) + window - now}
end
if reset_at ~= nil and reset_at <= now then
  redis.call('HDEL', KEYS[2], 'remaining', 'reset_at')
  remaining = nil
end
if remaining ~= nil and remaining <= 0 then return {0, reset_at - now} end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
if remaining ~= nil then redis.call('HINCRBY', KEYS[2], 'remaining', -1) end
return {1, 0}
`

// KEYS: state. ARGV: now, remaining, reset_at, blocked_until ('' = not said), same-window tolerance (ms).
// Mirrors memory-upstream-budget.ts observe() and mergeRemaining().
const observeLua = `
local now = tonumber(ARGV[1])
local remaining = tonumber(ARGV[2])
local reset_at = tonumber(ARGV[3])
local blocked = tonumber(ARGV[4])
local same_window = tonumber(ARGV[5])
if remaining ~= nil and reset_at ~= nil and reset_at > now then
  local stored = redis.call('HMGET', KEYS[1], 'remaining', 'reset_at')
  local stored_remaining = tonumber(stored[1])
  local stored_reset = tonumber(stored[2])
  if stored_remaining ~= nil and stored_reset ~= nil and stored_reset > now
      and reset_at <= stored_reset + same_window then
    remaining = math.min(remaining, stored_remaining)
    reset_at = math.max(reset_at, stored_reset)
  end
  redis.call('HSET', KEYS[1], 'remaining', remaining, 'reset_at', reset_at)
end
if blocked ~= nil then
  local stored_blocked = tonumber(redis.call('HGET', KEYS[1], 'blocked_until')) or 0
  if blocked > stored_blocked then redis.call('HSET', KEYS[1], 'blocked_until', blocked) end
end
local times = redis.call('HMGET', KEYS[1], 'reset_at', 'blocked_until')
local last = math.max(tonumber(times[1]) or 0, tonumber(times[2]) or 0)
if last > now then redis.call('PEXPIRE', KEYS[1], last - now) end
return 1
`

const takeScript = redisScript(takeLua)
const observeScript = redisScript(observeLua)

/** The commands the store uses: an ioredis client, or a stand-in in tests. */
export type UpstreamBudgetRedis = Pick<Redis, 'evalsha' | 'eval' | 'quit'>

export type RedisUpstreamBudgetOptions = {
  redis: UpstreamBudgetRedis
  /** Namespace of every key (SALLYPORT_REDIS_PREFIX; tests use one per test). No `{` or `}`. */
  keyPrefix?: string
  /** Quit the connection on close(): the store was given a connection of its own. */
  ownsConnection?: boolean
}

function wholeNumber(value: number | undefined): string {
  return value === undefined ? '' : String(Math.trunc(value))
}

export function createRedisUpstreamBudget(options: RedisUpstreamBudgetOptions): UpstreamBudgetStore {
  const { redis, keyPrefix: prefix = 'sallyport:', ownsConnection = false } = options
  if (/[{}]/.test(prefix)) throw new TypeError('upstream budget: the key prefix may not contain { or }')
  // Admission ids are ZSET members of the lane's log.
  const nextId = memberIds()

  function keysOf({ upstream, egress }: BudgetLane): { log: string; state: string } {
    // Braces inside the tag would end it early and split the lane over two slots.
    const tag = `{${`${upstream}@${egress}`.replace(/[{}]/g, '_')}}`
    return { log: `${prefix}upstream:${tag}:log`, state: `${prefix}upstream:${tag}:state` }
  }

  return {
    take: async (lane: BudgetLane, { limit, windowMs }: BudgetPolicy, now: number): Promise<Verdict> => {
      const { log, state } = keysOf(lane)
      const id = nextId()
      const reply = await runScript(redis, takeScript, [log, state], [Math.trunc(now), limit, windowMs, id])
      if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
        throw new Error('upstream budget script: unexpected reply')
      }
      return reply[0] === 1 ? { ok: true } : { ok: false, retryAfterMs: reply[1] }
    },

    observe: async (lane: BudgetLane, observation: BudgetObservation, now: number): Promise<void> => {
      await runScript(
        redis,
        observeScript,
        [keysOf(lane).state],
        [
          Math.trunc(now),
          wholeNumber(observation.remaining),
          wholeNumber(observation.resetAt),
          wholeNumber(observation.blockedUntil),
          sameWindowMs,
        ],
      )
    },

    close: async () => {
      if (ownsConnection) await redis.quit()
    },
  }
}
