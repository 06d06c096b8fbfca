/**
 * The forward-proxy baseline: Debian's squid, from a minimal config written to a temp dir (no disk or
 * memory cache, no access log, persistent connections both sides, one worker). Squid's default config
 * denies loopback destinations (`to_localhost`); this one allows loopback clients to loopback
 * destinations only, and nothing else. Run in the foreground (`-N`) so the pid we hold is squid itself.
 */
import { execFileSync } from 'node:child_process'
import { accessSync, chownSync, constants, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startProcess, stopProcess, type Tracked } from './lib/children.ts'
import { freePort, waitForPort } from './lib/net.ts'

export const defaultSquidPath = '/usr/sbin/squid'

export type Squid = {
  port: number
  pid: number
  version: string
  configPath: string
  cacheLogPath: string
  stop(): Promise<void>
}

export function squidConfig(options: {
  port: number
  dir: string
  effectiveUser: string | undefined
}): string {
  const { port, dir, effectiveUser } = options
  return [
    `http_port 127.0.0.1:${port}`,
    'workers 1',
    ...(effectiveUser === undefined ? [] : [`cache_effective_user ${effectiveUser}`]),
    // No caching at all: every request goes to the target, like Sallyport.
    'cache deny all',
    'cache_mem 0 MB',
    'access_log none',
    'cache_store_log none',
    `cache_log ${join(dir, 'cache.log')}`,
    `pid_filename ${join(dir, 'squid.pid')}`,
    `coredump_dir ${dir}`,
    'netdb_filename none',
    'pinger_enable off',
    'icp_port 0',
    'htcp_port 0',
    // Targets are IP literals, so squid never needs DNS; should it ask anyway, it asks loopback only.
    'dns_nameservers 127.0.0.1',
    'visible_hostname sallyport-bench',
    // `localhost` is squid's built-in ACL for loopback clients.
    'acl bench_targets dst 127.0.0.0/8',
    'http_access allow localhost bench_targets',
    'http_access deny all',
    'client_persistent_connections on',
    'server_persistent_connections on',
    'shutdown_lifetime 1 seconds',
    '',
  ].join('\n')
}

function userIds(name: string): { uid: number; gid: number } | undefined {
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const fields = line.split(':')
    if (fields[0] === name && fields.length >= 4) return { uid: Number(fields[2]), gid: Number(fields[3]) }
  }
  return undefined
}

export function squidVersion(squidPath: string): string {
  try {
    return execFileSync(squidPath, ['-v'], { encoding: 'utf8' }).split('\n')[0]?.trim() ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

export async function startSquid(options: { dir: string; squidPath?: string }): Promise<Squid> {
  const squidPath = options.squidPath ?? defaultSquidPath
  try {
    accessSync(squidPath, constants.X_OK)
  } catch {
    throw new Error(
      `no squid at ${squidPath}: install it (Debian: apt-get install squid), point --squid at it, or leave ` +
        'it out (--scenarios direct,sallyport)',
    )
  }
  const port = await freePort()
  // As root, squid drops to `proxy`, which must be able to write its log and pid file in the temp dir.
  const effectiveUser = process.getuid?.() === 0 ? 'proxy' : undefined
  if (effectiveUser !== undefined) {
    const ids = userIds(effectiveUser)
    if (ids === undefined) throw new Error(`user ${effectiveUser} does not exist; squid cannot drop root`)
    chownSync(options.dir, ids.uid, ids.gid)
  }
  const configPath = join(options.dir, 'squid.conf')
  const cacheLogPath = join(options.dir, 'cache.log')
  writeFileSync(configPath, squidConfig({ port, dir: options.dir, effectiveUser }))

  const squid: Tracked = startProcess('squid', squidPath, ['-N', '-f', configPath], {
    logPath: join(options.dir, 'squid.out'),
  })
  try {
    await waitForPort('127.0.0.1', port, { timeoutMs: 15_000, child: squid.child, what: 'squid' })
  } catch (error) {
    await stopProcess(squid, 3_000)
    let cacheLog = ''
    try {
      cacheLog = readFileSync(cacheLogPath, 'utf8').slice(-4_000)
    } catch {
      // no log yet
    }
    throw new Error(`${(error as Error).message}\n${squid.tail()}\n${cacheLog}`, { cause: error })
  }
  return {
    port,
    pid: squid.child.pid!,
    version: squidVersion(squidPath),
    configPath,
    cacheLogPath,
    stop: () => stopProcess(squid, 6_000),
  }
}
