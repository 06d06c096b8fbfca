import { availableParallelism } from 'node:os'
import process from 'node:process'
import { workerCount, type Env } from './env-parsing.ts'

/**
 * The environment of `sallyport dev`: the fleet is one process, so a fresh fleet secret unless one is set;
 * and dev is the embedded default, so it stays on SQLite in the data dir whatever SALLYPORT_DATABASE_URL
 * says (a production URL left in a shell must not get a dev instance's test accounts), and on in-process
 * counters whatever SALLYPORT_REDIS_URL says (nor its trial counters and idempotency records).
 */
export function devEnvironment(fleetSecret: string, env: Env = process.env): Env {
  const { SALLYPORT_DATABASE_URL: _ignored, SALLYPORT_REDIS_URL: _alsoIgnored, ...rest } = env
  return env.SALLYPORT_FLEET_SECRET === undefined || env.SALLYPORT_FLEET_SECRET === ''
    ? { ...rest, SALLYPORT_FLEET_SECRET: fleetSecret }
    : rest
}

/**
 * How many processes serve `sallyport dev` (`--workers`, else SALLYPORT_WORKERS, else the machine's available
 * cores): above 1, a supervisor that serves too and the workers it forks, one fewer
 * (docs/adr/0025-dev-worker-count.md). Each is the whole embedded default; the supervisor holds the stores
 * they share (docs/adr/0015-embedded-stores-in-the-supervisor.md).
 */
export function loadDevWorkers(flag: string | undefined, env: Env = process.env): number {
  return workerCount(flag, env, availableParallelism())
}
