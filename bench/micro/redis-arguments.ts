/**
 * `node --import tsx bench/micro/redis-arguments.ts [--quick]`
 *
 * What a script call costs the gateway's Redis client (ioredis) in the gateway's own process, by how its
 * arguments are passed: the admissions of one turn as one argument per field, as one argument per admission
 * (the fields joined by commas, ADR 0027), and no arguments at all. The script itself does nothing, so what
 * is left is building the command, writing it, and matching and decoding the reply. Against the Redis at
 * SALLYPORT_TEST_REDIS_URL (default redis://127.0.0.1:6379); touches no key.
 */
import { Redis } from 'ioredis'
import { parseArgs } from 'node:util'
import { timeCalls } from '../lib/calls.ts'

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } }, strict: true })
const calls = values.quick ? 2_000 : 20_000
const redis = new Redis(process.env.SALLYPORT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')

// Seven admissions, each with five keys and sixteen fields (three rules, the lease set, the trial counter,
// the key state): what a turn carries at 64 fetches at a time.
const admissions = 7
const keys = Array.from({ length: admissions * 5 }, (_, i) => `micro:rl:account_fetch:{acct_${i % 7}}`)
const fields = (i: number) => [
  1_700_000_000_000 + i,
  `AbCdEfGh.${i.toString(36)}`,
  3,
  1,
  1,
  1,
  1_000_000_000,
  60_000,
  1_000_000_000,
  60_000,
  1_000_000_000,
  60_000,
  1000,
  120_000,
  1000,
  0,
]
const separate = Array.from({ length: admissions }, (_, i) => fields(i)).flat()
const joined = Array.from({ length: admissions }, (_, i) => fields(i).join(','))

try {
  const sha = (await redis.script('LOAD', 'return 1')) as string
  const call = (args: (string | number)[]) => () => redis.evalsha(sha, keys.length, ...keys, ...args)
  console.log(`a script call of ${keys.length} keys, ${calls} calls per row, 50 at a time\n`)
  for (let pass = 0; pass < 3; pass++) {
    await timeCalls(`${separate.length} arguments, one per field`, 50, calls, call(separate))
    await timeCalls(`${joined.length} arguments, one per admission`, 50, calls, call(joined))
    await timeCalls('no arguments', 50, calls, call([]))
  }
} finally {
  redis.disconnect()
}
