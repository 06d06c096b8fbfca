/**
 * `node --import tsx bench/micro/admission-script.ts [--quick] [--per-turn 1,8,64] [--passes 2]`
 *
 * What the Redis admission store's script costs Redis per admission (ADR 0027), by how many admissions of one
 * account a turn carries: the fetch's admission as the gateway asks for it (its three rules, the in-flight
 * lease and the key's confirmation), with the account's limits lifted, against logs that already hold
 * `prefill` entries each, as an account busy for a minute has. Redis's own figures (`CONFIG RESETSTAT`, then
 * `INFO commandstats`): the microseconds it spent in the scripts and the commands they ran, per admission.
 * Under each row, what the script's time beyond its commands is made of: the same keys and arguments as one
 * of the row's script calls, given to a script that returns at once (what Redis spends on any script call:
 * finding it, the KEYS and ARGV tables) and to one that only splits the admissions' fields as the admission
 * script does. The rest is the script's own decisions and its commands' way in and out of Lua. And what the
 * admissions cost the client: this process's CPU (the store's steps, ioredis's encoding and decoding) per
 * admission, as a gateway spends it.
 * Against the Redis at SALLYPORT_TEST_REDIS_URL (default redis://127.0.0.1:6379), under a key prefix of its
 * own that it deletes at the end. It resets that server's command statistics.
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { Redis } from 'ioredis'
import {
  accountScope,
  defaultLimits,
  fetchAdmission,
  hostKey,
  type AdmissionRequest,
} from '../../src/gateway/rate-limits/admission.ts'
import { admitScript } from '../../src/gateway/rate-limits/redis-admission-scripts.ts'
import {
  createRedisAdmissionStore,
  type AdmissionRedis,
} from '../../src/gateway/rate-limits/redis-admission-store.ts'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'per-turn': { type: 'string', default: '1,8,64' },
    passes: { type: 'string', default: '2' },
  },
  strict: true,
})
const perTurns = values['per-turn']
  .split(',')
  .filter((n) => n !== '')
  .map(Number)
const passes = Number(values.passes)
if (!perTurns.every((n) => Number.isSafeInteger(n) && n > 0) || !Number.isSafeInteger(passes) || passes < 0) {
  throw new TypeError('--per-turn takes whole numbers above 0, joined by commas; --passes a whole number')
}
const admissions = values.quick ? 4_000 : 40_000
const prefill = values.quick ? 20_000 : 100_000
const redis = new Redis(process.env.SALLYPORT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
const prefix = `micro-admission-${randomBytes(4).toString('hex')}:`

/** The keys and arguments of the last admission script the store sent (EVALSHA's, after the SHA). */
let lastScript: (string | number)[] = []
const watched: AdmissionRedis = {
  evalsha: redis.evalsha.bind(redis),
  eval: redis.eval.bind(redis),
  callBuffer: ((command: string, args: (string | number)[]) => {
    if (command === 'EVALSHA' && args[0] === admitScript.sha) lastScript = args.slice(1)
    return redis.callBuffer(command, args)
  }) as Redis['callBuffer'],
  zrem: redis.zrem.bind(redis),
  get: redis.get.bind(redis),
  quit: redis.quit.bind(redis),
}
const store = createRedisAdmissionStore({ redis: watched, keyPrefix: prefix })

/** The admission script's own line that splits an admission's fields, so that the two cannot drift apart. */
const splitLine = /^ *local fields = [^\n]*\bARGV\[j\][^\n]*$/m.exec(admitScript.lua)?.[0]
if (splitLine === undefined) {
  throw new Error(
    "the admission script's main loop no longer reads `local fields = ...ARGV[j]...`: update this benchmark",
  )
}

/**
 * Scripts to compare the admission script with, given its keys and arguments: one that returns at once, and
 * one that splits every admission's fields as the admission script's main loop does and nothing else.
 */
const references = {
  call: 'return 0',
  parse: `for j = 1, #ARGV do\n${splitLine}\nend\nreturn 0`,
}

const accountId = 'acct_micro'
const account = accountScope(accountId)
const lifted = 1_000_000_000

type Stat = { calls: number; usec: number }

/** Redis's µs per call of `lua` run `calls` times with the keys and arguments of `sample`. */
async function referenceCost(lua: string, sample: (string | number)[], calls: number): Promise<number> {
  const sha = (await redis.script('LOAD', lua)) as string
  await redis.config('RESETSTAT')
  for (let i = 0; i < calls; i++) await redis.call('EVALSHA', [sha, ...sample])
  const script = (await commandStats()).get('evalsha') ?? { calls: 0, usec: 0 }
  return script.usec / Math.max(1, script.calls)
}

/** `INFO commandstats` as a map from command name to its calls and microseconds. */
async function commandStats(): Promise<Map<string, Stat>> {
  const info = await redis.info('commandstats')
  const stats = new Map<string, Stat>()
  for (const line of info.split('\n')) {
    const match = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line.trim())
    if (match !== null) stats.set(match[1]!, { calls: Number(match[2]), usec: Number(match[3]) })
  }
  return stats
}

async function admitTurns(request: AdmissionRequest, perTurn: number, total: number): Promise<void> {
  for (let done = 0; done < total; done += perTurn) {
    const answers = await Promise.all(Array.from({ length: perTurn }, async () => store.admit(request)))
    for (const answer of answers) {
      if (!answer.admitted) throw new Error(`refused: ${answer.reason}`)
      if (answer.inFlightToken !== undefined) void store.release(account, answer.inFlightToken)
    }
  }
}

try {
  const epoch = await store.keyEpoch(account)
  const request = fetchAdmission({
    accountId,
    hostKey: hostKey('micro-benchmark', '127.0.0.1'),
    limits: {
      ...defaultLimits,
      fetchPerWindow: lifted,
      targetHostPerWindow: lifted,
      globalHostPerWindow: lifted,
      inFlight: 100_000,
    },
    key: { scope: account, keyId: 'key_micro', epoch },
  })
  await admitTurns(request, 64, prefill)
  console.log(
    `Redis per admission, ${admissions} admissions per row, logs of about ${prefill} entries each\n`,
  )
  for (let pass = 0; pass < passes; pass++) {
    for (const perTurn of perTurns) {
      await redis.config('RESETSTAT')
      const cpu = process.cpuUsage()
      await admitTurns(request, perTurn, admissions)
      const { user, system } = process.cpuUsage(cpu)
      const stats = await commandStats()
      const script = stats.get('evalsha') ?? { calls: 0, usec: 0 }
      let commands = 0
      let commandUsec = 0
      for (const [name, stat] of stats) {
        if (name === 'evalsha' || name === 'eval' || name === 'config' || name === 'zrem') continue
        commands += stat.calls
        commandUsec += stat.usec
      }
      console.log(
        `${(script.usec / admissions).toFixed(1).padStart(7)} µs in scripts  ` +
          `${(commandUsec / admissions).toFixed(1).padStart(6)} µs in their ${(commands / admissions).toFixed(1)} commands  ` +
          `${perTurn} admission(s) per turn`,
      )
      console.log(
        `${' '.repeat(9)}the client (this process: the store and ioredis) ` +
          `${((user + system) / admissions).toFixed(1)} µs of CPU per admission`,
      )
      const sample = lastScript
      const scripts = admissions / perTurn
      const call = await referenceCost(references.call, sample, scripts)
      const parse = (await referenceCost(references.parse, sample, scripts)) - call
      const rest = script.usec / admissions - commandUsec / admissions - call / perTurn - parse / perTurn
      console.log(
        `${' '.repeat(9)}of the rest: the call ${(call / perTurn).toFixed(1)} µs, the fields' split ` +
          `${(parse / perTurn).toFixed(1)} µs, the script's own ${rest.toFixed(1)} µs`,
      )
    }
  }
} finally {
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
    if (keys.length > 0) await redis.del(...keys)
    cursor = next
  } while (cursor !== '0')
  redis.disconnect()
}
