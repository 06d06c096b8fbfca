/**
 * The Lua scripts of the Redis admission store (redis-admission-store.ts has the key layout and why). Redis
 * runs a script to completion before any other command: each is one atomic step on one Cluster slot.
 */
import { redisScript } from '../../infra/redis/redis-script.ts'

// One or more admissions, each decided as if it were a script of its own, in the order given: those a turn of
// the event loop asked for on one Cluster slot (redis-admission-store.ts). One ARGV per admission, its fields
// a JSON array (an argument per field cost the gateway's Redis client a third of a microsecond each, and
// Redis splits a JSON array in C in half the time Lua splits text at commas: docs/performance.md): now, id,
// n, in-flight (0: none, 1: leases, 2: leases whose expiry to set), has quota, has key, (limit, the log's
// life, now - windowMs, flags) per rule, [in-flight limit, the leases' life, now + leaseMs], [quota limit,
// quota floor], [key id, epoch]. A rule's flags: 1 its pivot always wanted, 2 its log's expiry to set. The
// counts, flags and limits are numbers; the times and durations, which go to commands, are strings, so Redis
// never prints them.
// Its KEYS in turn: n rule logs, the in-flight leases (if it has them), the trial counter (if it has one), the
// account's key state (if it has one). The trial counter counts from at least its floor (the usage ledger's
// count). Reply, per admission in turn: admitted (1/0), (count, pivot) per rule, [in-flight count, pivot],
// [quota used]; pivot -1 = none (the pivot of the in-flight leases, and of a rule whose pivot is not always
// wanted, is given only when the log is full). Or the one value -1: the key is revoked; -2: the key epoch is
// not the one given (confirm the key in the database). The reply is those integers packed as little-endian
// doubles in one bulk string (`struct.pack`; exact to 2^53): Redis packs them for less than an array reply
// costs it, and the gateway reads them from a Buffer instead of ioredis decoding an array
// (redis-admission-store.ts). A script's 64 admissions answer a few hundred integers, far below what one
// `unpack` takes (8,000).
// The pivot is the entry at index max(0, count - limit): the one whose departure brings the count under the limit.
//
// A call inside a script costs Redis about as much again as the command's own work, and a Lua number handed to
// a command is printed to text first, which costs about as much as a short command (docs/performance.md). So
// what the admissions of one script would each repeat is done once for them all: a log's expiry is set after
// the last admission (every PEXPIRE of one script counts from the same moment), the key state is read once,
// the trial counter read once and written once. And the times the commands take are computed by the gateway
// and passed on as the text they came in. Redis runs the script to completion, so each admission still sees
// exactly what a script of its own would have seen.
// A key's expiry is set when the gateway asks (at most once a quarter of a window, or of a lease's life: ADR
// 0032) or when the script found the key empty before adding to it: a key the ZADD makes has no expiry.
// A log is pruned, counted and its first entry read once per script, not once per admission: the script
// keeps what it learnt of each log (`logs`) and follows its own additions, and asks Redis again only when a
// later admission's window starts later. Admissions of one turn of one account share their logs, so a busy
// account's later admissions of a script run no command at all: the entries they add to a log go to Redis in
// one ZADD per log when the script ends (or before Redis is next asked about that log; docs/performance.md).
const admitLua = `
local reply = {}
local expiries = {}
local lease_expiries = {}
local key_states = {}
local quota_used = {}
-- What this script knows of a log, when it decides more than one admission: pruned at \`since\` (a window
-- start as the gateway sent it: the entries scored at or before it are gone), holding \`count\` entries, the
-- first of them scored \`first\` (false: not known), and \`low\`, the lowest score this script added to it
-- since (false: none). Scores stay the text they came in until a comparison needs their numbers.
local logs = {}
local shared = #ARGV > 1
-- The keys this script found empty (or missing): whoever adds to them sets their expiry.
local bare = {}

-- The entries the script has yet to add to the logs it keeps track of, as ZADD's arguments (score, member,
-- score, member...) per log: one command per log when the script ends, or before Redis is next asked about it.
local unwritten = {}

-- Adds the entries the script has yet to add to the log at \`key\`.
local function write(key)
  local adds = unwritten[key]
  if adds ~= nil then
    unwritten[key] = nil
    redis.call('ZADD', key, unpack(adds))
  end
end

-- The larger of two whole numbers in text, the first of which may be nil.
local function longer(held, given)
  if held == nil or (held ~= given and tonumber(given) > tonumber(held)) then return given end
  return held
end

-- The pivot of a rule the RateLimit header reports is always wanted (it dates the window's reset there); that
-- of the global per-host ceiling, which no header reports, and the in-flight leases' only when they refuse (it
-- bounds Retry-After). False when the log is full. The entries scored at or before \`since\` have left the
-- window. A log this script pruned at the same or a later start has lost nothing more since: its count and
-- first entry are what the script knows of them.
local function observe(key, since, limit, always_pivot)
  local log = logs[key]
  local count
  if log ~= nil and (since == log.since or tonumber(since) <= tonumber(log.since)) then
    count = log.count
  else
    -- Pruned and counted with every entry the script added to it.
    write(key)
    redis.call('ZREMRANGEBYSCORE', key, '-inf', since)
    count = redis.call('ZCARD', key)
    if shared then
      log = { since = since, count = count, first = false, low = false }
      logs[key] = log
    end
  end
  if count == 0 then bare[key] = true end
  local index = 0
  local pass = true
  if count >= limit then
    pass = false
    index = count - limit
  end
  reply[#reply + 1] = count
  if count == 0 or (pass and not always_pivot) then
    reply[#reply + 1] = -1
    return pass
  end
  if index == 0 and log ~= nil and log.first then
    if log.low then
      local low = tonumber(log.low)
      if low < log.first then log.first = low end
      log.low = false
    end
    reply[#reply + 1] = log.first
    return pass
  end
  -- Redis is asked about the log: it holds every entry the script added to it first.
  write(key)
  local rank = index
  if index == 0 then rank = '0' end
  local pivot = tonumber(redis.call('ZRANGE', key, rank, rank, 'WITHSCORES')[2])
  if index == 0 and log ~= nil then
    log.first = pivot
    log.low = false
  end
  reply[#reply + 1] = pivot
  return pass
end

-- Adds an entry scored \`score\` to a log observed at \`since\`, and keeps what the script knows of the log in
-- step. A log the script keeps track of (a script of more than one admission) gets its entries with one
-- command when the script ends, or before Redis is next asked about it; one it keeps nothing of (a script of
-- one admission) gets it at once. An entry scored at or before the last prune (a clock that went back a whole
-- window within one turn) is one the next prune would take: the script adds the log's entries and forgets
-- it, and its next admission asks Redis again. A member already in the log (never, with the gateway's ids)
-- would be moved, not added: the script's count would be one too high until it ends, which only refuses sooner.
local function record(key, score, member, since)
  local log = logs[key]
  if log == nil then
    redis.call('ZADD', key, score, member)
    return
  end
  local adds = unwritten[key]
  if adds == nil then
    unwritten[key] = { score, member }
  else
    adds[#adds + 1] = score
    adds[#adds + 1] = member
  end
  if since ~= log.since and tonumber(score) <= tonumber(log.since) then
    write(key)
    logs[key] = nil
    return
  end
  log.count = log.count + 1
  if log.count == 1 then
    log.first = tonumber(score)
    log.low = false
  elseif not log.low then
    log.low = score
  elseif score ~= log.low and tonumber(score) < tonumber(log.low) then
    log.low = score
  end
end

-- The admission whose first key is KEYS[k] and whose fields are A. The index of the next admission's first key.
local function admit(k, A)
  local id = A[2]
  local n = A[3]
  local has_in_flight = A[4] ~= 0
  local has_quota = A[5] == 1
  local next_key = k + n
  local next_arg = 7 + 4 * n
  local in_flight_key, quota_key
  if has_in_flight then
    in_flight_key = KEYS[next_key]
    next_key = next_key + 1
  end
  if has_quota then
    quota_key = KEYS[next_key]
    next_key = next_key + 1
  end
  if A[6] == 1 then
    local last = #A
    local state_key = KEYS[next_key]
    local field = 'k:' .. A[last - 1]
    local states = key_states[state_key]
    if states == nil then
      states = {}
      key_states[state_key] = states
    end
    local state = states[field]
    if state == nil then
      state = redis.call('HMGET', state_key, 'epoch', field, 'k:*')
      states[field] = state
    end
    next_key = next_key + 1
    if state[2] or state[3] then
      reply[#reply + 1] = -1
      return next_key
    end
    if state[1] ~= A[last] then
      reply[#reply + 1] = -2
      return next_key
    end
  end

  local at = #reply + 1
  reply[at] = 0
  local pass = true
  for i = 0, n - 1 do
    -- An entry exactly windowMs old has left the window.
    pass = observe(KEYS[k + i], A[9 + 4 * i], A[7 + 4 * i], A[10 + 4 * i] % 2 == 1) and pass
  end
  local lease_field, used
  if has_in_flight then
    lease_field = next_arg + 1
    -- A lease whose expiry has come is gone.
    pass = observe(in_flight_key, A[1], A[next_arg], false) and pass
    next_arg = next_arg + 3
  end
  if has_quota then
    used = quota_used[quota_key]
    if used == nil then used = tonumber(redis.call('GET', quota_key) or '0') end
    used = math.max(used, A[next_arg + 1])
    if used + 1 > A[next_arg] then pass = false end
    reply[#reply + 1] = used
  end

  if pass then
    reply[at] = 1
    for i = 0, n - 1 do record(KEYS[k + i], A[1], id, A[9 + 4 * i]) end
    if has_in_flight then record(in_flight_key, A[lease_field + 1], id, A[1]) end
    if has_quota then quota_used[quota_key] = used + 1 end
  end
  -- An expiry the gateway asked for is set whether or not this admission passed (it counts it as set once
  -- the script answers); one the script owes a key it found empty, only when the admission added to it.
  for i = 0, n - 1 do
    local key = KEYS[k + i]
    if A[10 + 4 * i] >= 2 or (pass and bare[key]) then expiries[key] = longer(expiries[key], A[8 + 4 * i]) end
  end
  if has_in_flight and (A[4] == 2 or (pass and bare[in_flight_key])) then
    lease_expiries[in_flight_key] = longer(lease_expiries[in_flight_key], A[lease_field])
  end
  return next_key
end

local k = 1
for j = 1, #ARGV do
  local fields = cjson.decode(ARGV[j])
  k = admit(k, fields)
end

for key, adds in pairs(unwritten) do redis.call('ZADD', key, unpack(adds)) end
-- A log lives at least a window after its newest entry, the leases at least as long as the longest of them:
-- each key's life is half as long again as that, and the gateway asks again a quarter of a window later.
for key, window in pairs(expiries) do redis.call('PEXPIRE', key, window) end
-- A lease set found empty was made by this script, with no expiry to keep: at one fetch at a time, each.
for key, lease_ms in pairs(lease_expiries) do
  if bare[key] or redis.call('PTTL', key) < tonumber(lease_ms) then redis.call('PEXPIRE', key, lease_ms) end
end
for key, used in pairs(quota_used) do redis.call('SET', key, used) end
return struct.pack('<' .. string.rep('d', #reply), unpack(reply))
`

// Undoes an admission whose other step refused (Redis Cluster, see below). KEYS: the rule logs and the
// in-flight leases (sorted sets), then the trial counter when ARGV[2] is '1'. ARGV: the admission id.
const undoLua = `
local last = #KEYS
if ARGV[2] == '1' then
  local used = tonumber(redis.call('GET', KEYS[last]) or '0')
  if used > 1 then redis.call('DECR', KEYS[last]) else redis.call('DEL', KEYS[last]) end
  last = last - 1
end
for i = 1, last do redis.call('ZREM', KEYS[i], ARGV[1]) end
return 0
`

// KEYS: the account's key state. ARGV: a new epoch, its life (ms). The epoch in force, created when missing.
const epochLua = `
if redis.call('HSETNX', KEYS[1], 'epoch', ARGV[1]) == 1 and redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return redis.call('HGET', KEYS[1], 'epoch')
`

// KEYS: the account's key state. ARGV: the key id (or '*'), the marker's least life (ms).
const revokeLua = `
redis.call('HSET', KEYS[1], 'k:' .. ARGV[1], '1')
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`

const refundLua = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 1 then return redis.call('DECR', KEYS[1]) end
redis.call('DEL', KEYS[1])
return 0
`

export const admitScript = redisScript(admitLua)
export const undoScript = redisScript(undoLua)
export const epochScript = redisScript(epochLua)
export const revokeScript = redisScript(revokeLua)
export const refundScript = redisScript(refundLua)
