/**
 * Lua scripts on the gateway's Redis (DESIGN 6): every call on the request path is one script, one round
 * trip, atomic across gateways. A script is sent by its SHA-1 (EVALSHA) and, when the server has lost it (a
 * restart, a fail-over, SCRIPT FLUSH), once more in full (EVAL), which loads it again.
 */
import { createHash, randomBytes } from 'node:crypto'
import { Cluster, Command, Redis } from 'ioredis'

export type RedisScript = Readonly<{ lua: string; sha: string }>

export function redisScript(lua: string): RedisScript {
  return Object.freeze({ lua, sha: createHash('sha1').update(lua).digest('hex') })
}

/** The commands runScript uses: an ioredis client, or a stand-in in tests. */
export type ScriptRedis = Pick<Redis, 'evalsha' | 'eval'>

function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT')
}

/** Runs `script`; the reply as ioredis decodes it (numbers, strings, arrays of them). */
export async function runScript(
  redis: ScriptRedis,
  script: RedisScript,
  keys: readonly string[],
  args: readonly (string | number)[],
): Promise<unknown> {
  try {
    return await redis.evalsha(script.sha, keys.length, ...keys, ...args)
  } catch (error) {
    if (!isNoScript(error)) throw error
    return await redis.eval(script.lua, keys.length, ...keys, ...args)
  }
}

/** As runScript, with Buffer arguments and bulk replies left as Buffers (stored bodies are bytes). */
export async function runScriptBuffers(
  redis: Pick<Redis, 'callBuffer'>,
  script: RedisScript,
  keys: readonly string[],
  args: readonly (string | number | Buffer)[],
): Promise<unknown> {
  try {
    const sha = [script.sha, keys.length, ...keys, ...args]
    return await (sentAsGiven(redis, 'EVALSHA', sha, null) ?? redis.callBuffer('EVALSHA', sha))
  } catch (error) {
    if (!isNoScript(error)) throw error
    const lua = [script.lua, keys.length, ...keys, ...args]
    return await (sentAsGiven(redis, 'EVAL', lua, null) ?? redis.callBuffer('EVAL', lua))
  }
}

/**
 * Sends `name` with `args` on an ioredis client, the array itself (it becomes the command's: its numbers are
 * turned into text in it), and its reply as `call` (`'utf8'`) or `callBuffer` (`null`) would decode it;
 * undefined for any other client (a stand-in in tests), which the caller calls through its method instead.
 *
 * ioredis's methods copy a command's arguments with `Array.prototype.flat`, which V8 runs element by element
 * through its runtime: some 800 instructions an argument on Node 20, 2.5% of a topology gateway's fetch
 * (docs/performance.md). A command made with no arguments is given them after, with what its constructor
 * does to them but the copy (`stringifyArguments`: numbers to text, Buffers to a command written as bytes),
 * and sent as ioredis sends its own: `Command#args`, `stringifyArguments` and `sendCommand` are all public.
 * For commands whose arguments ioredis does not rewrite (it does for an object given to MSET or HSET), on a
 * client with no key prefix and no auto-pipelining, the two things its methods add: the scripts and the
 * ZREM of the admission store.
 */
export function sentAsGiven(
  redis: object,
  name: string,
  args: (string | number | Buffer)[],
  replyEncoding: 'utf8' | null,
): Promise<unknown> | undefined {
  if (!(redis instanceof Redis) && !(redis instanceof Cluster)) return undefined
  const command = new Command(name, [], { replyEncoding })
  command.args = args
  command.stringifyArguments()
  return redis.sendCommand(command) as Promise<unknown>
}

/**
 * Ids for the members of a shared sorted set: unique across gateways (a random part per process), cheap
 * (a counter within it).
 */
export function memberIds(): () => string {
  const instance = randomBytes(6).toString('base64url')
  let sequence = 0
  return () => `${instance}.${(++sequence).toString(36)}`
}
