/**
 * A PgBouncer of this test's own in transaction mode, in front of the test PostgreSQL, on a free loopback
 * port: what docs/deploy.md suggests for more gateways than the server's connection budget allows. It keeps
 * no named statements, as PgBouncer before 1.21 (Debian 12 ships 1.18) and later ones with
 * `max_prepared_statements = 0` do.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { freePort, terminate } from './cli.ts'

export type PgBouncer = {
  /** A postgres:// URL through the pooler; its connections use `schema`. */
  url: string
  stop(): Promise<void>
}

/** PgBouncer's version as [major, minor], or undefined when there is no `pgbouncer` binary. */
function pgBouncerVersion(): [number, number] | undefined {
  const run = spawnSync('pgbouncer', ['--version'], { encoding: 'utf8' })
  if (run.error !== undefined || run.status !== 0) return undefined
  const found = /PgBouncer (\d+)\.(\d+)/.exec(run.stdout)
  return found === null ? [0, 0] : [Number(found[1]), Number(found[2])]
}

/** Why PgBouncer cannot be started here, or undefined. */
export function pgBouncerMissing(): string | undefined {
  return pgBouncerVersion() === undefined ? 'no pgbouncer binary (Debian: pgbouncer)' : undefined
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
  const [major, minor] = pgBouncerVersion() ?? [0, 0]
  const keepsStatements = major > 1 || (major === 1 && minor >= 21)
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
      // From 1.21 PgBouncer can keep named statements (on by default from 1.24); this one keeps none, as
      // 1.18 does. Older versions refuse the setting they do not know.
      ...(keepsStatements ? ['max_prepared_statements = 0'] : []),
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
    await terminate(child)
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
