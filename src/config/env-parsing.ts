/**
 * The only code that reads the environment (STYLE: config/): the helpers every process's loader parses its
 * variables with. Command-line flags win over the environment, the environment wins over the defaults.
 */
import { logLevels, type LogLevel } from '../shared/logger.ts'

export type Env = Record<string, string | undefined>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function integer(name: string, raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got ${JSON.stringify(raw)}`)
  const value = Number(raw)
  if (value < min) throw new ConfigError(`${name} must be at least ${min}`)
  return value
}

/** `on` or `off` (unset or empty: `fallback`). */
export function onOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback
  if (raw === 'on') return true
  if (raw === 'off') return false
  throw new ConfigError(`${name} must be on or off, got ${JSON.stringify(raw)}`)
}

export function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

export function optional(raw: string | undefined): string | undefined {
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim()
}

export function logLevel(raw: string | undefined): LogLevel {
  const level = raw ?? 'info'
  const known: readonly string[] = logLevels
  if (!known.includes(level)) throw new ConfigError(`SALLYPORT_LOG_LEVEL must be one of ${known.join(', ')}`)
  return level as LogLevel
}

export function fleetSecret(raw: string | undefined): string {
  if (raw === undefined || raw.length < 32) {
    throw new ConfigError(
      'SALLYPORT_FLEET_SECRET must be set to at least 32 characters (gateways and nodes share it)',
    )
  }
  return raw
}

/** SALLYPORT_SHUTDOWN_TIMEOUT_MS, or the process's own default (its longest request and 5 s more). */
export function shutdownTimeout(env: Env, fallback: number): number {
  return integer('SALLYPORT_SHUTDOWN_TIMEOUT_MS', env.SALLYPORT_SHUTDOWN_TIMEOUT_MS, fallback, 1)
}

/**
 * SALLYPORT_WORKERS (or `--workers`): how many processes serve the port (node:cluster). Unset: `fallback`,
 * the machine's available cores for the commands that can share their state across processes.
 */
export function workerCount(flag: string | undefined, env: Env, fallback: number): number {
  const name = flag === undefined ? 'SALLYPORT_WORKERS' : '--workers'
  return integer(name, flag ?? env.SALLYPORT_WORKERS, fallback, 1)
}
