/**
 * The production topology on loopback (docs/deploy.md): a private redis-server, egress node processes
 * (one per region, each sending from its own 127.0.0.x), and several gateway processes sharing one
 * PostgreSQL schema and that Redis. Every process is started with the commands and the settings the
 * deployment guide gives operators; each gets only the settings its kind of process reads.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import type { Server } from 'node:http'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { eventually, freePort, runCli, runCliOnce, terminate, type CliProcess } from './cli.ts'

export const regions = ['us-east', 'us-west', 'europe'] as const
export type TopologyRegion = (typeof regions)[number]

/** Each region's node sends from its own loopback address, so a target sees which region fetched. */
export const egressAddresses: Record<TopologyRegion, string> = {
  'us-east': '127.0.0.11',
  'us-west': '127.0.0.12',
  europe: '127.0.0.13',
}

/** True when the `redis-server` binary can be run here. */
export function redisServerInstalled(): boolean {
  const run = spawnSync('redis-server', ['--version'], { stdio: 'ignore' })
  return run.error === undefined && run.status === 0
}

export type RedisServer = {
  url: string
  port: number
  /** SIGTERM, and resolves when the server has exited: every connection to it is closed. */
  stop(): Promise<void>
  /** Starts it again on the same port (empty: nothing is saved), resolves when it accepts connections. */
  start(): Promise<void>
  output(): string
}

/**
 * A redis-server of this test's own on a free loopback port, with no persistence: a test can stop and
 * restart it without disturbing the shared Redis that other tests use.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort()
  let child: ChildProcess | undefined
  let log = ''
  const start = async () => {
    const current = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child = current
    current.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')))
    current.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')))
    const mark = log.length
    const deadline = Date.now() + 10_000
    while (!log.slice(mark).includes('Ready to accept connections')) {
      if (current.exitCode !== null) throw new Error(`redis-server exited (${current.exitCode}):\n${log}`)
      if (Date.now() > deadline) throw new Error(`redis-server did not start:\n${log}`)
      await sleep(20)
    }
  }
  const stop = async () => {
    if (child !== undefined) await terminate(child)
  }
  await start()
  return { url: `redis://127.0.0.1:${port}`, port, stop, start, output: () => log }
}

export type GatewayProcess = { process: CliProcess; base: string }

export type Topology = {
  nodes: Map<TopologyRegion, CliProcess>
  gateways: GatewayProcess[]
  /** What an admin command needs: the gateways' settings (database, nodes, fleet secret). */
  adminEnv: Record<string, string>
  /** The data dir (mail outbox) of each gateway, in the order of `gateways`. */
  gatewayDataDirs: string[]
  close(): Promise<void>
}

export type TopologyOptions = {
  /** SALLYPORT_DATABASE_URL (and nothing else about the database). */
  databaseUrl: string
  redisUrl: string
  gateways: number
  /** Settings for every gateway on top of the production ones: allow-lists, probe periods, log level. */
  gatewayEnv?: Record<string, string>
  /** Settings for every node on top of the production ones (SALLYPORT_ALLOW_TARGETS in tests). */
  nodeEnv?: Record<string, string>
  /** SALLYPORT_PUBLIC_URL of every gateway (in production: the load balancer's https URL). */
  publicUrl?: (gatewayPorts: number[]) => string
  /** Run alongside the start of the processes (provisioning with the CLI, say). */
  alongside?: (adminEnv: Record<string, string>) => Promise<void>
}

/**
 * Starts one node per region and `gateways` gateways, all at once, and resolves when every process is
 * listening. The secrets are fresh for each topology.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const fleetSecret = randomBytes(32).toString('base64url')
  const nodePorts = await Promise.all(regions.map(() => freePort()))
  const gatewayPorts = await Promise.all(Array.from({ length: options.gateways }, () => freePort()))
  const gatewayDataDirs = await Promise.all(
    gatewayPorts.map(() => mkdtemp(join(tmpdir(), 'sallyport-topology-'))),
  )
  const nodeList = regions.map((region, i) => `${region}=http://127.0.0.1:${nodePorts[i]}`).join(',')
  const gatewaySettings: Record<string, string> = {
    SALLYPORT_DATABASE_URL: options.databaseUrl,
    SALLYPORT_REDIS_URL: options.redisUrl,
    SALLYPORT_NODES: nodeList,
    SALLYPORT_FLEET_SECRET: fleetSecret,
    SALLYPORT_HOST_KEY_SECRET: randomBytes(32).toString('base64url'),
    SALLYPORT_CURSOR_SECRET: randomBytes(32).toString('base64url'),
    ...(options.publicUrl !== undefined && { SALLYPORT_PUBLIC_URL: options.publicUrl(gatewayPorts) }),
    ...options.gatewayEnv,
  }
  const nodeSettings: Record<string, string> = { SALLYPORT_FLEET_SECRET: fleetSecret, ...options.nodeEnv }

  const nodes = new Map<TopologyRegion, CliProcess>()
  regions.forEach((region, i) => {
    nodes.set(
      region,
      runCli(
        [
          'node',
          '--region',
          region,
          '--host',
          '127.0.0.1',
          '--port',
          String(nodePorts[i]),
          '--egress-address',
          egressAddresses[region],
        ],
        nodeSettings,
      ),
    )
  })
  const gateways = gatewayPorts.map((port, i) => ({
    process: runCli(['gateway', '--host', '127.0.0.1', '--port', String(port)], {
      ...gatewaySettings,
      SALLYPORT_DATA_DIR: gatewayDataDirs[i]!,
    }),
    base: `http://127.0.0.1:${port}`,
  }))
  const adminEnv = { ...gatewaySettings, SALLYPORT_DATA_DIR: gatewayDataDirs[0]! }
  const close = async () => {
    await Promise.all([
      ...gateways.map((gateway) => gateway.process.kill()),
      ...[...nodes.values()].map((node) => node.kill()),
    ])
    await Promise.all(gatewayDataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
  }
  try {
    await Promise.all([
      ...[...nodes.values()].map((node) => node.waitFor('egress node listening', 60_000)),
      ...gateways.map((gateway) => gateway.process.waitFor('gateway listening', 60_000)),
      options.alongside?.(adminEnv),
    ])
  } catch (error) {
    await close()
    throw error
  }
  return { nodes, gateways, adminEnv, gatewayDataDirs, close }
}

/** `sallyport admin create-account` and `create-key`: a verified account and a key, as an operator makes them. */
export async function operatorKey(
  env: Record<string, string>,
  email: string,
  scopes = 'proxy,read',
): Promise<string> {
  await cliOk(['admin', 'create-account', '--email', email], env)
  const output = await cliOk(
    ['admin', 'create-key', '--email', email, '--name', 'ops', '--scopes', scopes],
    env,
  )
  const key = /sp_live_[0-9A-Za-z]{36}/.exec(output)?.[0]
  if (key === undefined) throw new Error(`no key in the output of create-key:\n${output}`)
  return key
}

/** Runs a CLI command to completion; fails with its output unless it exits 0. */
export async function cliOk(args: string[], env: Record<string, string>): Promise<string> {
  const run = await runCliOnce(args, env)
  if (run.code !== 0) throw new Error(`sallyport ${args.join(' ')} exited ${run.code}:\n${run.output}`)
  return run.output
}

/** Resolves when the gateway is ready (database and Redis) and lists every region as in service. */
export async function waitUntilServing(base: string, apiKey: string, timeoutMs = 30_000): Promise<void> {
  await eventually(async () => {
    const ready = await fetch(`${base}/readyz`)
    return ready.status === 200 ? true : undefined
  }, timeoutMs)
  await eventually(async () => {
    const answer = await fetch(`${base}/v2/proxy/regions`, { headers: { 'x-api-key': apiKey } })
    const body = (await answer.json()) as { regions?: { region: string }[] }
    const listed = new Set(body.regions?.map((entry) => entry.region))
    return regions.every((region) => listed.has(region)) ? true : undefined
  }, timeoutMs)
}

/** The token of the newest mail of this kind (`verify`...) in a gateway's outbox, as its reader sees it. */
export async function outboxToken(outbox: string, kind = 'verify'): Promise<string> {
  return await eventually(async () => {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((name) => name.includes(kind))
      .sort()
    const newest = files.at(-1)
    if (newest === undefined) return undefined
    const raw = await readFile(join(outbox, newest), 'utf8')
    // Quoted-printable: soft line breaks and escapes undone.
    const text = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1]
  })
}

/** The mails of one kind (`usage_alert_trial_80`...) in these outboxes, by file name. */
export async function outboxMails(outboxes: string[], kind: string): Promise<string[]> {
  const names = await Promise.all(outboxes.map((dir) => readdir(dir).catch(() => [] as string[])))
  return names.flat().filter((name) => name.includes(`-${kind}-`) && name.endsWith('.eml'))
}

/** A JSON POST to one gateway. */
export function postJson(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

/** Waits until every gateway serves (database, Redis, every region); answers their base URLs. */
export async function gatewaysServing(topology: Topology, apiKey: string): Promise<string[]> {
  await Promise.all(topology.gateways.map(({ base }) => waitUntilServing(base, apiKey)))
  return topology.gateways.map(({ base }) => base)
}

/** Stops, in order, what a topology test started: whatever did not start (a failed hook) is skipped. */
export async function stopTopologyTest(started: {
  topology?: Topology | undefined
  redis?: RedisServer | undefined
  database?: { close(): Promise<void> } | undefined
  target?: Server | undefined
}): Promise<void> {
  await started.topology?.close()
  await started.redis?.stop()
  await started.database?.close()
  const target = started.target
  if (target !== undefined) await new Promise((resolve) => target.close(resolve))
}
