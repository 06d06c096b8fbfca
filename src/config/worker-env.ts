/** What a supervisor adds to its workers' environment (src/bin/workers.ts). */
import { randomBytes } from 'node:crypto'
import process from 'node:process'
import type { Env } from './env-parsing.ts'

/**
 * The secrets a process makes up when they are not set, which its workers must share: the fleet's (dev),
 * the host key's (without Redis: every worker's limit keys must be the same) and the social API's cursor
 * secret (a cursor one worker signed is read by another). Those set in the environment stay as they are.
 */
export function sharedSecrets(env: Env = process.env): Record<string, string> {
  const made: Record<string, string> = {}
  for (const name of ['SALLYPORT_FLEET_SECRET', 'SALLYPORT_HOST_KEY_SECRET', 'SALLYPORT_CURSOR_SECRET']) {
    if (env[name] === undefined || env[name] === '') made[name] = randomBytes(32).toString('base64url')
  }
  return made
}

/** This process's environment with what its supervisor adds to its workers': the settings a worker reads. */
export function workerEnvironment(added: Record<string, string>, env: Env = process.env): Env {
  return { ...env, ...added }
}
