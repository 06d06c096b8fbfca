/**
 * A Redis Cluster of this test's own: three masters (`redis-server --cluster-enabled yes`) on free loopback
 * ports, joined with `redis-cli --cluster create`, no persistence, no replicas. The store suites run against
 * it as well as against one Redis (docs/deploy.md, "Redis Cluster").
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { Cluster } from 'ioredis'
import { claimFreePort, freePort, terminate } from './cli.ts'

export type RedisCluster = {
  /** What SALLYPORT_REDIS_URL takes: `redis-cluster://127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3`. */
  url: string
  nodes: { host: string; port: number }[]
  /** A new client on the cluster (the caller quits it). */
  connect(): Cluster
  stop(): Promise<void>
}

/** Why a cluster cannot be started here, or undefined: the binaries the helper needs. */
export function redisClusterMissing(): string | undefined {
  for (const binary of ['redis-server', 'redis-cli']) {
    const run = spawnSync(binary, ['--version'], { stdio: 'ignore' })
    if (run.error !== undefined || run.status !== 0)
      return `no ${binary} binary: the Redis Cluster tests need it`
  }
  return undefined
}

/** A free port whose cluster bus port (the port + 10000) is free too. */
async function clusterPort(taken: number[]): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await freePort()
    if (port > 55_000 || taken.includes(port) || taken.includes(port + 10_000)) continue
    if (await claimFreePort(port + 10_000)) return port
  }
  throw new Error('no free port pair for a Redis Cluster node')
}

function run(binary: string, args: string[]): string {
  const result = spawnSync(binary, args, { encoding: 'utf8', timeout: 30_000 })
  if (result.status !== 0) {
    throw new Error(
      `${binary} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`,
    )
  }
  return result.stdout
}

export async function startRedisCluster(masters = 3): Promise<RedisCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'sallyport-redis-cluster-'))
  const children: ChildProcess[] = []
  const ports: number[] = []
  const stop = async () => {
    await Promise.all(children.map(terminate))
    await rm(dir, { recursive: true, force: true })
  }
  try {
    for (let i = 0; i < masters; i++) {
      const port = await clusterPort(ports)
      ports.push(port)
      // The arguments the documentation names; every file of the node stays in the temp dir.
      const child = spawn(
        'redis-server',
        [
          '--cluster-enabled',
          'yes',
          '--port',
          String(port),
          '--cluster-config-file',
          join(dir, `nodes-${port}.conf`),
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'no',
          '--bind',
          '127.0.0.1',
          '--daemonize',
          'no',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
      children.push(child)
      let log = ''
      child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')))
      child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')))
      const deadline = Date.now() + 10_000
      while (!log.includes('Ready to accept connections')) {
        if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}):\n${log}`)
        if (Date.now() > deadline) throw new Error(`redis-server did not start:\n${log}`)
        await sleep(20)
      }
    }
    const nodes = ports.map((port) => ({ host: '127.0.0.1', port }))
    run('redis-cli', [
      '--cluster',
      'create',
      ...nodes.map(({ host, port }) => `${host}:${port}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ])
    // Every node agrees the slots are covered before a client is let in.
    const deadline = Date.now() + 30_000
    for (const { port } of nodes) {
      while (!run('redis-cli', ['-p', String(port), 'cluster', 'info']).includes('cluster_state:ok')) {
        if (Date.now() > deadline)
          throw new Error(`the cluster node on ${port} never reached cluster_state:ok`)
        await sleep(100)
      }
    }
    return {
      url: `redis-cluster://${nodes.map(({ host, port }) => `${host}:${port}`).join(',')}`,
      nodes,
      connect: () => new Cluster(nodes, { redisOptions: { connectTimeout: 2_000 } }),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
