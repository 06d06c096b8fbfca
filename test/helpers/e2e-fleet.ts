/**
 * What the end-to-end tests of a fleet on one machine share: a loopback target that counts its requests,
 * the settings every gateway and node of such a fleet is started with, and an account whose limits leave
 * only the fetch budget in the way of a burst.
 */
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { freePort, runCli, runCliOnce, type CliProcess } from './cli.ts'
import { provisionApiKey } from './provision.ts'

export type TextTarget = {
  /** `http://127.0.0.1:port`, no trailing slash. */
  url: string
  /** Requests answered so far. */
  hits(): number
  close(): Promise<void>
}

/** A target on 127.0.0.1 answering each request `text/plain` with what `answer` makes of it. */
export async function startTextTarget(answer: (hit: number, path: string) => string): Promise<TextTarget> {
  let hits = 0
  const server = createServer((request, response) => {
    hits++
    response.setHeader('content-type', 'text/plain; charset=utf-8')
    response.end(answer(hits, request.url ?? '/'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The settings of a one-machine fleet: its data dir, a fresh fleet secret, loopback targets, quick probes. */
export function fleetEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SALLYPORT_DATA_DIR: dataDir,
    SALLYPORT_FLEET_SECRET: randomBytes(32).toString('base64url'),
    SALLYPORT_ALLOW_TARGETS: '127.0.0.0/8',
    SALLYPORT_HEALTH_INTERVAL_MS: '100',
    ...extra,
  }
}

/**
 * fleetEnv for gateways sharing one Redis (keys under `prefix`) and one us-east node on `nodePort`. The
 * shared ceiling per target host is out of the way: a burst to the one loopback target must not meet it.
 */
export function redisFleetEnv(
  dataDir: string,
  fleet: { nodePort: number; redisUrl: string; prefix: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return fleetEnv(dataDir, {
    SALLYPORT_NODES: `us-east=http://127.0.0.1:${fleet.nodePort}`,
    SALLYPORT_REDIS_URL: fleet.redisUrl,
    SALLYPORT_REDIS_PREFIX: fleet.prefix,
    SALLYPORT_HOST_KEY_SECRET: randomBytes(32).toString('base64url'),
    SALLYPORT_GLOBAL_HOST_LIMIT: '100000',
    ...extra,
  })
}

/**
 * A proxy key whose account's per-host budget and in-flight cap are out of the way (1,000 each), so that
 * the fetch budget (120 a minute) is what refuses a burst. Answers the key and what `set-limits` printed.
 */
export async function burstAccount(
  env: Record<string, string>,
  email: string,
): Promise<{ key: string; limitsOutput: string }> {
  const key = await provisionApiKey(env, email, 'proxy')
  const limits = await runCliOnce(
    ['admin', 'set-limits', '--email', email, '--host-per-minute', '1000', '--max-in-flight', '1000'],
    env,
  )
  if (limits.code !== 0) throw new Error(`sallyport admin set-limits failed:\n${limits.output}`)
  return { key, limitsOutput: limits.output }
}

/**
 * `sallyport dev` on a free port, once it says it is running: the process and its base URL. A process that
 * does not get there is killed before the error is thrown, so a failed start leaves nothing behind.
 */
export async function startDev(env: Record<string, string>): Promise<{ process: CliProcess; base: string }> {
  const port = await freePort()
  const dev = runCli(['dev', '--port', String(port)], env)
  try {
    await dev.waitFor('Sallyport is running', 45_000)
  } catch (error) {
    await dev.kill('SIGKILL')
    throw error
  }
  return { process: dev, base: `http://127.0.0.1:${port}` }
}
