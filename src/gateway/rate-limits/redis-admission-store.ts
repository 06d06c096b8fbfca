/**
 * The admission store every gateway shares (DESIGN 1, 6): one Lua script, one round trip per admission.
 * Redis runs a script to completion before any other command, so the checks of all rules, the in-flight
 * semaphore and the trial counter, and the recording when all pass, are one atomic step across gateways.
 *
 * Key layout (prefix default `sallyport:`), all keys opaque strings from the caller:
 *   <prefix>rl:<rule name>:<rule key>  ZSET  score = admission time (ms), member = admission id; PEXPIRE windowMs
 *   <prefix>inflight:<key>             ZSET  score = lease expiry (ms), member = lease token
 *   <prefix>trial:<key>                STRING the quota used (a total: no expiry)
 *   <prefix>keys:<account scope>       HASH  epoch, and k:<key id> (or k:*) = 1 per revoked key (ADR 0011);
 *                                            PEXPIRE keyStateTtlMs from the epoch's creation, a marker keeps
 *                                            it at least revocationMarkerMinMs
 *
 * Time is the `now` the gateway passes (its injected clock), not the Redis server's TIME: tests inject it,
 * gateways run NTP, and a millisecond or two of skew between gateways moves a window edge by as much. Key
 * TTLs run on the server's clock, but only ever drop entries that scores have already put out of the window.
 *
 * Redis Cluster: a script may only touch keys of one slot. `fetchAdmission()` puts the account id in a
 * `{...}` hash tag so every account-scoped key shares one; the global per-host key cannot (every account
 * shares it). With `cluster: true` it is admitted by a second script run beside the first, and an admission
 * one step refused is taken back from the other (ADR 0012).
 */
import type { Redis } from 'ioredis'
import { memberIds, runScript } from '../../infra/redis/redis-script.ts'
import { systemClock, type Clock } from '../../shared/clock.ts'
import {
  keyStateTtlMs,
  revocationMarkerMinMs,
  type Admission,
  type AdmissionStore,
  type KeyRefusal,
} from './admission.ts'
import {
  checkRequest,
  keyRefused,
  newKeyEpoch,
  settle,
  type CheckedRequest,
  type LogSeen,
} from './admission-decision.ts'
import {
  admitScript,
  epochScript,
  refundScript,
  revokeScript,
  undoScript,
} from './redis-admission-scripts.ts'

/** The commands the store uses: an ioredis client (one Redis or a Cluster), or a stand-in in tests. */
export type AdmissionRedis = Pick<Redis, 'evalsha' | 'eval' | 'zrem' | 'get' | 'quit'>

export type RedisAdmissionStoreOptions = {
  redis: AdmissionRedis
  /** Namespace of every key (tests use one per test). No `{` or `}`: they would decide the Cluster slot. */
  keyPrefix?: string
  clock?: Clock
  /** Quit the connection on close(): the store was given a connection of its own. */
  ownsConnection?: boolean
  /**
   * Redis Cluster: the global per-host ceiling, the one key no account owns, is admitted in a step of its
   * own beside the account's (ADR 0012). On one Redis a single script keeps both in one round trip.
   */
  cluster?: boolean
}

function integers(reply: unknown): number[] {
  if (Array.isArray(reply) && reply.every((value) => typeof value === 'number')) return reply
  throw new Error('admission script: unexpected reply')
}

/** One script run: the keys, the arguments, and where each rule's answer lands in the request's order. */
type Step = { keys: string[]; args: (string | number)[]; rules: number[]; inFlight: boolean; quota: boolean }

type StepReply = { admitted: boolean; seen: LogSeen[]; quotaUsed: number | undefined } | KeyRefusal

export function createRedisAdmissionStore(options: RedisAdmissionStoreOptions): AdmissionStore {
  const {
    redis,
    keyPrefix: prefix = 'sallyport:',
    clock = systemClock,
    ownsConnection = false,
    cluster = false,
  } = options
  if (/[{}]/.test(prefix)) throw new TypeError('admission: the key prefix may not contain { or }')
  // Admission ids are ZSET members of the logs and the in-flight set.
  const nextId = memberIds()
  const keyStateKey = (scope: string) => `${prefix}keys:${scope}`

  function step(request: CheckedRequest, id: string, rules: number[], account: boolean): Step {
    const inFlight = account ? request.inFlight : undefined
    const quota = account ? request.quota : undefined
    const key = account ? request.key : undefined
    const keys: string[] = []
    const args: (string | number)[] = [
      request.now,
      id,
      rules.length,
      inFlight ? 1 : 0,
      quota ? 1 : 0,
      key ? 1 : 0,
    ]
    for (const index of rules) {
      const rule = request.rules[index]!
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
    if (key !== undefined) {
      keys.push(keyStateKey(key.scope))
      args.push(key.keyId, key.epoch)
    }
    return { keys, args, rules, inFlight: inFlight !== undefined, quota: quota !== undefined }
  }

  async function run(s: Step): Promise<StepReply> {
    const reply = integers(await runScript(redis, admitScript, s.keys, s.args))
    if (reply[0] === -1) return 'key_revoked'
    if (reply[0] === -2) return 'key_unconfirmed'
    let at = 1
    const seen: LogSeen[] = []
    const logs = s.rules.length + (s.inFlight ? 1 : 0)
    for (let i = 0; i < logs; i++) {
      const count = reply[at++]!
      const pivot = reply[at++]!
      seen.push({ count, pivot: pivot < 0 ? undefined : pivot })
    }
    return { admitted: reply[0] === 1, seen, quotaUsed: s.quota ? reply[at]! : undefined }
  }

  /** Takes back what an admitted step recorded: its log entries, its lease, its trial unit. */
  async function undo(s: Step, id: string): Promise<void> {
    const keys = s.keys.slice(0, s.rules.length + (s.inFlight ? 1 : 0) + (s.quota ? 1 : 0))
    await runScript(redis, undoScript, keys, [id, s.quota ? 1 : 0])
  }

  /** The answer from every step's reply: a key refusal first, then the rules in the request's order. */
  function conclude(request: CheckedRequest, id: string, steps: Step[], replies: StepReply[]): Admission {
    const seenRules = new Array<LogSeen>(request.rules.length)
    let seenInFlight: LogSeen | undefined
    let quotaUsed: number | undefined
    let admitted = true
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i]!
      const reply = replies[i]!
      if (typeof reply === 'string') return keyRefused(reply)
      admitted &&= reply.admitted
      s.rules.forEach((index, j) => (seenRules[index] = reply.seen[j]!))
      if (s.inFlight) seenInFlight = reply.seen[s.rules.length]
      if (s.quota) quotaUsed = reply.quotaUsed
    }
    const seen = { rules: seenRules, inFlight: seenInFlight, quotaUsed }
    return admitted ? settle(request, seen, true, request.inFlight && id) : settle(request, seen, false)
  }

  return {
    admit: async (input) => {
      const request = checkRequest(input, clock)
      const id = nextId()
      const all = request.rules.map((_, i) => i)
      const global = cluster ? all.filter((i) => request.rules[i]!.name === 'global_host') : []
      if (global.length === 0) {
        const only = step(request, id, all, true)
        return conclude(request, id, [only], [await run(only)])
      }
      // On a Cluster both steps run at once, each atomic on its own slot; an admission one of them refused is
      // taken back from the other, so nothing is ever admitted past a limit (ADR 0012).
      const steps = [
        step(
          request,
          id,
          all.filter((i) => !global.includes(i)),
          true,
        ),
        step(request, id, global, false),
      ]
      const settled = await Promise.allSettled(steps.map(run))
      const replies = settled.map((result) => (result.status === 'fulfilled' ? result.value : undefined))
      if (!replies.every((reply) => typeof reply === 'object' && reply.admitted)) {
        const undone = steps.filter((_, i) => {
          const reply = replies[i]
          return typeof reply === 'object' && reply.admitted
        })
        // A failed undo leaves entries that only ever refuse more, and that expire with their windows.
        await Promise.allSettled(undone.map((s) => undo(s, id)))
      }
      for (const result of settled) if (result.status === 'rejected') throw result.reason
      return conclude(request, id, steps, replies as StepReply[])
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

    keyEpoch: async (scope) => {
      const epoch = await runScript(redis, epochScript, [keyStateKey(scope)], [newKeyEpoch(), keyStateTtlMs])
      if (typeof epoch !== 'string') throw new Error('key epoch script: unexpected reply')
      return epoch
    },

    markRevoked: async (scope, keyId) => {
      await runScript(redis, revokeScript, [keyStateKey(scope)], [keyId, revocationMarkerMinMs])
    },

    close: async () => {
      if (ownsConnection) await redis.quit()
    },
  }
}
