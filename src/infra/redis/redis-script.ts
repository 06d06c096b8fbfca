/**
 * Lua scripts on the gateway's Redis (DESIGN 6): every call on the request path is one script, one round
 * trip, atomic across gateways. A script is sent by its SHA-1 (EVALSHA) and, when the server has lost it (a
 * restart, a fail-over, SCRIPT FLUSH), once more in full (EVAL), which loads it again.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'

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
    return await redis.callBuffer('EVALSHA', [script.sha, keys.length, ...keys, ...args])
  } catch (error) {
    if (!isNoScript(error)) throw error
    return await redis.callBuffer('EVAL', [script.lua, keys.length, ...keys, ...args])
  }
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
