/**
 * A PgBouncer of this test's own in transaction mode, in front of the test PostgreSQL, on a free loopback
 * port: what docs/deploy.md suggests for more gateways than the server's connection budget allows. Debian's
 * `pgbouncer` package (1.18 on bookworm) keeps no named statements in this mode, as PgBouncer before 1.21
 * and later ones with `max_prepared_statements = 0` do.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { freePort } from './cli.ts'

export type PgBouncer = {
  /** A postgres:// URL through the pooler; its connections use `schema`. */
  url: string
  stop(): Promise<void>
}

/** Why PgBouncer cannot be started here, or undefined. */
export function pgBouncerMissing(): string | undefined {
  const run = spawnSync('pgbouncer', ['--version'], { stdio: 'ignore' })
  return run.error !== undefined || run.status !== 0 ? 'no pgbouncer binary (Debian: pgbouncer)' : undefined
}

/**
 * Starts PgBouncer for the PostgreSQL at `postgresUrl`, every server connection's search_path set to
 * `schema`. Two server connections, so that a client's statements move between them.
 */
export async function startPgBouncer(postgresUrl: string, schema: string): Promise<PgBouncer> {
  const server = new URL(postgresUrl)
  const dir = await mkdtemp(join(tmpdir(), 'sallyport-pgbouncer-'))
  const port = await freePort()
  const user = decodeURIComponent(server.username || 'postgres')
  const target = [
    `host=${server.hostname}`,
    `port=${server.port || '5432'}`,
    `dbname=${server.pathname.slice(1)}`,
    `user=${user}`,
    ...(server.password === '' ? [] : [`password=${decodeURIComponent(server.password)}`]),
    `connect_query='SET search_path TO ${schema}'`,
  ].join(' ')
  const config = join(dir, 'pgbouncer.ini')
  await writeFile(
    config,
    [
      '[databases]',
      `sallyport = ${target}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      // Any client name is let in; the server connection logs in as `user`.
      'auth_type = any',
      'pool_mode = transaction',
      'default_pool_size = 2',
      'max_client_conn = 100',
      // What node-postgres sends at start-up that PgBouncer does not track (docs/deploy.md).
      'ignore_startup_parameters = statement_timeout,options',
      '',
    ].join('\n'),
  )
  // PgBouncer refuses to run as root; as root it is told to switch to an unprivileged user, who must read
  // its configuration.
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    await chmod(dir, 0o755)
    await chmod(config, 0o644)
  }
  const child: ChildProcess = spawn('pgbouncer', [...(asRoot ? ['-u', 'nobody'] : []), config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await rm(dir, { recursive: true, force: true })
  }
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/sallyport`
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 })
    client.on('error', () => {})
    try {
      await client.connect()
      await client.query('select 1')
      await client.end()
      return { url, stop }
    } catch (error) {
      await client.end().catch(() => {})
      if (attempt >= 50 || child.exitCode !== null) {
        await stop()
        throw new Error(`PgBouncer did not start: ${(error as Error).message}\n${output}`)
      }
      await sleep(100)
    }
  }
}
