/**
 * The admission store every gateway shares (DESIGN 1, 6): one Lua script, one round trip per admission, the
 * admissions of one turn of the event loop carried by one script (ADR 0027). Redis runs a script to
 * completion before any other command, so the checks of all rules, the in-flight semaphore and the trial
 * counter, and the recording when all pass, are one atomic step across gateways for each admission.
 *
 * Key layout (prefix default `sallyport:`), all keys opaque strings from the caller:
 *   <prefix>rl:<rule name>:<rule key>  ZSET  score = admission time (ms), member = admission id;
 *                                            expires 1.5 x windowMs after a gateway last asked (below)
 *   <prefix>inflight:<key>             ZSET  score = lease expiry (ms), member = lease token;
 *                                            expires 1.5 x leaseMs after a gateway last asked, never sooner
 *   <prefix>trial:<key>                STRING the quota used (a total: no expiry)
 *   <prefix>keys:<account scope>       HASH  epoch, and k:<key id> (or k:*) = 1 per revoked key (ADR 0011);
 *                                            PEXPIRE keyStateTtlMs from the epoch's creation, a marker keeps
 *                                            it at least revocationMarkerMinMs
 *
 * Time is the `now` the gateway passes (its injected clock), not the Redis server's TIME: tests inject it,
 * gateways run NTP, and a millisecond or two of skew between gateways moves a window edge by as much. Key
 * TTLs run on the server's clock, but only ever drop entries that scores have already put out of the window.
 *
 * Expiries (ADR 0032): a key must outlive its entries' time in the window (a log) or its longest lease, or an
 * active account's entries would go with it. Setting it at every admission was a quarter of the script's
 * calls at one admission a script; a gateway now asks for it at most once a quarter of a window (of a
 * lease's life, for the leases), timed on this process's monotonic clock as Redis times expiries on its
 * own, and counts it as set only once the script that asked has answered for that admission's rules
 * (`lives`; a key refusal answers before them). The life it asks for is half as long again as the entries
 * need, so a setting that never took (lost in a fail-over) leaves the key alive until the next. A key the
 * script finds empty gets its expiry from whoever adds to it, asked or not: a key Redis dropped (restarted,
 * evicted, deleted) is made again by the ZADD, without one. A failed script makes the gateway ask again for
 * every key.
 *
 * Redis Cluster: a script may only touch keys of one slot. `fetchAdmission()` puts the account id in a
 * `{...}` hash tag so every account-scoped key shares one; the global per-host key cannot (every account
 * shares it). With `cluster: true` it is admitted by a second script run beside the first, and an admission
 * one step refused is taken back from the other (ADR 0012).
 */
import { Buffer } from 'node:buffer'
import { performance } from 'node:perf_hooks'
import type { Redis } from 'ioredis'
import { memberIds, runScript, runScriptBuffers, sentAsGiven } from '../../infra/redis/redis-script.ts'
import { systemClock, type Clock } from '../../shared/clock.ts'
import { integerText } from '../../shared/integer-text.ts'
import { remembered } from '../../shared/remembered.ts'
import { atTurnEnd } from '../../shared/turn-cork.ts'
import {
  isAdvertised,
  keyStateTtlMs,
  revocationMarkerMinMs,
  type Admission,
  type AdmissionStore,
  type KeyRefusal,
  type LimitRuleName,
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
export type AdmissionRedis = Pick<Redis, 'evalsha' | 'eval' | 'callBuffer' | 'zrem' | 'get' | 'quit'>

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

/** At most this many admissions in one script: a script holds Redis to itself while it runs. */
const batchSize = 64

/**
 * How long a release asked for in a turn with no admission waits for one to go with (below): longer than a
 * gateway behind a load balancer waits for its next fetch when a caller sends one fetch after another over
 * several gateways, short beside any fetch.
 */
const releaseWaitMs = 10

/** A key lives half as long again as its entries need, and its expiry is asked for again within a quarter. */
const lifeOf = (ms: number) => Math.ceil(ms * 1.5)
const askEvery = (ms: number) => ms / 4
/** The keys whose expiry this gateway remembers setting: beyond so many, it forgets them all and asks again. */
const livesKept = 16_384

/**
 * The Cluster hash tag every key shares (Redis's rule: the text between the first `{` and the first `}`
 * after it, when not empty; else the whole key), or undefined when they do not share one.
 */
function slotOf(keys: readonly string[]): string | undefined {
  let shared: string | undefined
  for (const key of keys) {
    const open = key.indexOf('{')
    const close = open < 0 ? -1 : key.indexOf('}', open + 1)
    const tag = close > open + 1 ? key.slice(open + 1, close) : key
    if (shared === undefined) shared = tag
    else if (tag !== shared) return undefined
  }
  return shared
}

/**
 * The admission script's reply: its integers packed as little-endian doubles in one bulk reply, read as a
 * Buffer. ioredis decodes an array reply one integer at a time, each through a bound function and private
 * fields kept in WeakMaps: about a quarter of a microsecond per integer, some nine integers per admission,
 * where reading the doubles from the Buffer costs next to nothing and packing them costs Redis less than an
 * array reply (docs/performance.md).
 */
function integers(reply: unknown): number[] {
  if (!Buffer.isBuffer(reply) || reply.length === 0 || reply.length % 8 !== 0) {
    throw new Error('admission script: unexpected reply')
  }
  const values = new Array<number>(reply.length / 8)
  for (let i = 0; i < values.length; i++) {
    const value = reply.readDoubleLE(i * 8)
    if (!Number.isSafeInteger(value)) throw new Error('admission script: unexpected reply')
    values[i] = value
  }
  return values
}

/**
 * One admission in a script: its keys, its fields as a JSON array (the script's one argument for it), and
 * where each rule's answer lands in the request's order.
 */
type Step = {
  keys: string[]
  fields: string
  rules: number[]
  inFlight: boolean
  quota: boolean
  /** The keys whose expiry this step asks for, and when it was built (`performance.now()`). */
  asks: string[] | undefined
  at: number
}

type StepReply = { admitted: boolean; seen: LogSeen[]; quotaUsed: number | undefined } | KeyRefusal

/**
 * A rule's or the in-flight leases' fields that follow from a limit and a duration alone, `,<limit>,"<the
 * log's life>","`, as one string per pair met lately: on a gateway they are the same few pairs (a plan's
 * limits and window, the global ceiling's) fetch after fetch, each written afresh four joins and two numbers'
 * texts. Bounded, for accounts with limits of their own: past so many durations, or so many limits for one,
 * that table is emptied and filled again.
 */
const heads = new Map<number, Map<number, string>>()
const headsKept = 256

function headOf(limit: number, ms: number): string {
  let byLimit = heads.get(ms)
  if (byLimit === undefined) {
    if (heads.size >= headsKept) heads.clear()
    byLimit = new Map()
    heads.set(ms, byLimit)
  }
  let head = byLimit.get(limit)
  if (head === undefined) {
    if (byLimit.size >= headsKept) byLimit.clear()
    head = `,${limit},"${lifeOf(ms)}","`
    byLimit.set(limit, head)
  }
  return head
}

/** `",<rules>,<leases>,<quota>,<key>`: the step's counts and flags after its id. */
const countsText = (rules: number, leases: number, quota: number, key: number) =>
  `",${rules},${leases},${quota},${key}`

/** `countsText` for up to `countsKept - 1` rules, at index `((rules * 3 + leases) * 2 + quota) * 2 + key`. */
const countsKept = 8
const countTexts = Array.from({ length: countsKept * 12 }, (_, i) =>
  countsText(Math.floor(i / 12), Math.floor(i / 4) % 3, (i >> 1) % 2, i % 2),
)

/** `",<flag>`, a rule's last field, for each flag a step gives (0 to 3). */
const flagTexts = ['",0', '",1', '",2', '",3']

/**
 * A step's fields as the script's JSON array (redis-admission-scripts.ts has their order): now, the id, the
 * number of rules, the in-flight flag (0 none, 1 leases, 2 leases whose expiry to set), has quota, has key,
 * (limit, the log's life, now - windowMs, flags) per rule, [in-flight limit, the leases' life, now +
 * leaseMs], [quota limit, quota floor], [key id, epoch]. Times and durations as text (they go to commands as
 * they come), counts, flags and limits as numbers.
 *
 * Written as text, not with `JSON.stringify` of an array: that was the largest single cost of a gateway's
 * admission, some 10,000 instructions a fetch spent serialising a score of numbers and strings one by one
 * in V8's runtime (docs/performance.md). Every number here is a safe integer (`checkRequest`), which a
 * template writes as JSON does; the id is the store's own (base64url, a dot, base 36) and needs no escaping;
 * the key's id and epoch, which come from outside the store, go through `json` (JSON.stringify). The times,
 * past V8's small integers, are written by `integerText`, not by V8's runtime. What does not change from
 * fetch to fetch (the counts, a rule's limit and life) is joined from strings kept above: each join is a
 * string V8 allocates, and flattens again before the text is written.
 */
export function stepFields(
  request: CheckedRequest,
  id: string,
  rules: readonly number[],
  flags: readonly number[],
  leases: 0 | 1 | 2,
  quota: boolean,
  key: CheckedRequest['key'],
  json: (text: string) => string = JSON.stringify,
): string {
  const { now } = request
  const count = rules.length
  const hasQuota = quota ? 1 : 0
  const hasKey = key === undefined ? 0 : 1
  const counts =
    count < countsKept
      ? countTexts[((count * 3 + leases) * 2 + hasQuota) * 2 + hasKey]!
      : countsText(count, leases, hasQuota, hasKey)
  let text = '["' + integerText(now) + '","' + id + counts
  for (let i = 0; i < count; i++) {
    const rule = request.rules[rules[i]!]!
    const flag = flags[i]!
    text += headOf(rule.limit, rule.windowMs) + integerText(now - rule.windowMs)
    text += flagTexts[flag] ?? `",${flag}`
  }
  const { inFlight } = request
  if (leases !== 0 && inFlight !== undefined) {
    text += headOf(inFlight.limit, inFlight.leaseMs) + integerText(now + inFlight.leaseMs) + '"'
  }
  if (quota && request.quota !== undefined) text += `,${request.quota.limit},${request.quota.floor ?? 0}`
  if (key !== undefined) text += `,${json(key.keyId)},${json(key.epoch)}`
  return `${text}]`
}

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
  // A key's id and epoch are the same strings at each of its fetches (the key cache's): their JSON text is
  // kept rather than written again each time.
  const jsonText = remembered((text) => JSON.stringify(text), 16_384)
  // Each key the same string each time for the accounts and hosts fetched from last (remembered.ts): a key
  // built afresh per fetch is joined, then flattened and measured again by the client before it is written.
  const prefixed = (kind: string) => remembered((key) => `${prefix}${kind}${key}`, 16_384)
  const ruleKeys: Record<LimitRuleName, (key: string) => string> = {
    account_fetch: prefixed('rl:account_fetch:'),
    account_general: prefixed('rl:account_general:'),
    target_host: prefixed('rl:target_host:'),
    global_host: prefixed('rl:global_host:'),
  }
  const inFlightKey = prefixed('inflight:')
  const trialKey = prefixed('trial:')
  const keyStateKey = prefixed('keys:')
  /** Per key, when a script that asked for its expiry was built (`performance.now()`), once it answered. */
  const lives = new Map<string, number>()
  /** Whether `key`'s expiry is due: never asked for by this gateway, or asked for `ms / 4` ago. */
  function due(key: string, ms: number, at: number): boolean {
    const last = lives.get(key)
    return last === undefined || at - last >= askEvery(ms)
  }
  /** The expiries `s` asked for are set: its script answered, and reached its rules. */
  function settled(s: Step, reply: StepReply): void {
    if (s.asks === undefined || typeof reply === 'string') return
    if (lives.size + s.asks.length > livesKept) lives.clear()
    for (const key of s.asks) lives.set(key, s.at)
  }

  function step(request: CheckedRequest, id: string, rules: number[], account: boolean): Step {
    const inFlight = account ? request.inFlight : undefined
    const quota = account ? request.quota : undefined
    const key = account ? request.key : undefined
    const keys: string[] = []
    const at = performance.now()
    let asks: string[] | undefined
    const flags: number[] = []
    for (const index of rules) {
      const rule = request.rules[index]!
      const log = ruleKeys[rule.name](rule.key)
      keys.push(log)
      // The pivot of a rule no header reports is read only when the rule refuses (LogSeen).
      let flag = isAdvertised(rule.name) ? 1 : 0
      if (due(log, rule.windowMs, at)) {
        flag += 2
        ;(asks ??= []).push(log)
      }
      flags.push(flag)
    }
    let leases: 0 | 1 | 2 = 0
    if (inFlight !== undefined) {
      const log = inFlightKey(inFlight.key)
      keys.push(log)
      leases = due(log, inFlight.leaseMs, at) ? 2 : 1
      if (leases === 2) (asks ??= []).push(log)
    }
    if (quota !== undefined) keys.push(trialKey(quota.key))
    if (key !== undefined) keys.push(keyStateKey(key.scope))
    return {
      keys,
      fields: stepFields(request, id, rules, flags, leases, quota !== undefined, key, jsonText),
      rules,
      inFlight: inFlight !== undefined,
      quota: quota !== undefined,
      asks,
      at,
    }
  }

  /** The step's answer in `reply` from `at`; the index of the next step's. */
  function readStep(s: Step, reply: number[], at: number): [StepReply, number] {
    const first = reply[at++]
    if (first === -1) return ['key_revoked', at]
    if (first === -2) return ['key_unconfirmed', at]
    const seen: LogSeen[] = []
    const logs = s.rules.length + (s.inFlight ? 1 : 0)
    for (let i = 0; i < logs; i++) {
      const count = reply[at++]
      const pivot = reply[at++]
      if (count === undefined || pivot === undefined) throw new Error('admission script: unexpected reply')
      seen.push({ count, pivot: pivot < 0 ? undefined : pivot })
    }
    const quotaUsed = s.quota ? reply[at++] : undefined
    if (first !== 0 && first !== 1) throw new Error('admission script: unexpected reply')
    return [{ admitted: first === 1, seen, quotaUsed }, at]
  }

  // The steps and releases a turn of the event loop asks for leave together at the turn's end: the releases
  // first, one ZREM per lease set, then the steps, one script per Cluster slot for up to `batchSize` of them
  // (on one Redis, one slot for all). The script decides each step as if it were a script of its own, in the
  // order they were asked for, so nothing is admitted that one command per step would have refused; what
  // changes is the commands Redis and ioredis handle per fetch (docs/performance.md).
  //
  // Releases asked for in a turn with no step wait up to `releaseWaitMs` for the next step, and leave in its
  // write, ahead of it: at one fetch at a time a gateway and Redis wake once a fetch for the admission, not
  // once more for the release's own command and reply. The account's next admission on this gateway still
  // finds the slot free; one on another gateway may find it taken for up to that much longer.
  type Queued = { step: Step; resolve: (reply: StepReply) => void; reject: (error: unknown) => void }
  type Release = { tokens: string[]; waiters: { resolve: () => void; reject: (error: unknown) => void }[] }
  let waiting = new Map<string, Queued[]>()
  let alone = 0
  let releases = new Map<string, Release>()
  let releaseTimer: NodeJS.Timeout | undefined
  let scheduled = false

  function schedule(): void {
    if (scheduled) return
    scheduled = true
    atTurnEnd(flush)
  }

  function sendReleases(): void {
    if (releaseTimer !== undefined) clearTimeout(releaseTimer)
    releaseTimer = undefined
    const releasing = releases
    releases = new Map()
    for (const [key, release] of releasing) {
      const members = [key, ...release.tokens]
      ;(sentAsGiven(redis, 'ZREM', members, 'utf8') ?? redis.zrem(key, ...release.tokens)).then(
        () => release.waiters.forEach((waiter) => waiter.resolve()),
        (error: unknown) => release.waiters.forEach((waiter) => waiter.reject(error)),
      )
    }
  }

  function flush(): void {
    scheduled = false
    const admitting = waiting
    waiting = new Map()
    sendReleases()
    for (const queued of admitting.values()) {
      for (let from = 0; from < queued.length; from += batchSize) send(queued.slice(from, from + batchSize))
    }
  }

  function send(batch: Queued[]): void {
    const keys: string[] = []
    const args: string[] = []
    for (const { step: s } of batch) {
      keys.push(...s.keys)
      args.push(s.fields)
    }
    runScriptBuffers(redis, admitScript, keys, args).then(
      (reply) => {
        let answers: StepReply[]
        try {
          const values = integers(reply)
          answers = []
          let at = 0
          for (const { step: s } of batch) {
            const [answer, next] = readStep(s, values, at)
            answers.push(answer)
            at = next
          }
          if (at !== values.length) throw new Error('admission script: unexpected reply')
        } catch (error) {
          lives.clear()
          for (const queued of batch) queued.reject(error)
          return
        }
        batch.forEach((queued, i) => {
          settled(queued.step, answers[i]!)
          queued.resolve(answers[i]!)
        })
      },
      (error: unknown) => {
        // The script may or may not have run: every expiry is asked for again.
        lives.clear()
        for (const queued of batch) queued.reject(error)
      },
    )
  }

  function run(s: Step): Promise<StepReply> {
    return new Promise((resolve, reject) => {
      const slot = cluster ? slotOf(s.keys) : ''
      // Keys of more than one slot: a script of its own, which the Cluster refuses as a script for many
      // steps would be refused.
      const group = slot ?? `alone:${++alone}`
      const queued = waiting.get(group)
      if (queued === undefined) waiting.set(group, [{ step: s, resolve, reject }])
      else queued.push({ step: s, resolve, reject })
      schedule()
    })
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

    release: (slot, token) =>
      new Promise<void>((resolve, reject) => {
        const key = inFlightKey(slot)
        const release = releases.get(key)
        if (release === undefined) releases.set(key, { tokens: [token], waiters: [{ resolve, reject }] })
        else {
          release.tokens.push(token)
          release.waiters.push({ resolve, reject })
        }
        if (!scheduled) releaseTimer ??= setTimeout(sendReleases, releaseWaitMs)
      }),

    refundQuota: async (key) => {
      await runScript(redis, refundScript, [trialKey(key)], [])
    },

    quotaUsed: async (key) => {
      const value = await redis.get(trialKey(key))
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
      // Releases still waiting go before the connection closes (ioredis sends QUIT after them): those
      // waiting for the next admission, and those asked for in this very turn, whose flush at the turn's
      // end would come after the QUIT.
      if (releases.size > 0) sendReleases()
      if (ownsConnection) await redis.quit()
    },
  }
}
