/**
 * The service as a user runs it: `sallyport dev` started through the package's own launcher
 * (bin/sallyport.js) on a free port with a data dir of its own, an account and an API key made with the
 * operator CLI, and a target on 127.0.0.1 that counts what it serves.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, runCliOnce, type CliProcess, repoRoot } from './cli.ts'
import { spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { provisionApiKey } from './provision.ts'

export type DevService = {
  baseUrl: string
  port: number
  dataDir: string
  /** The environment of this instance: data dir, and for callers SALLYPORT_API_KEY and SALLYPORT_BASE_URL. */
  env: Record<string, string>
  apiKey: string
  dev: CliProcess
  /** Runs `sallyport ...` through bin/sallyport.js with this instance's environment. */
  sallyport(
    args: string[],
    extraEnv?: Record<string, string>,
  ): Promise<{ code: number | null; stdout: string; stderr: string }>
  stop(): Promise<void>
}

/** `node bin/sallyport.js ...` to completion, stdout and stderr apart. */
export async function runLauncher(
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['bin/sallyport.js', ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  child.stdin.end(input ?? '')
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  return { code, stdout, stderr }
}

export async function startDevService(extraEnv: Record<string, string> = {}): Promise<DevService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sallyport-dev-'))
  const port = await freePort()
  const env = {
    SALLYPORT_DATA_DIR: dataDir,
    SALLYPORT_ALLOW_TARGETS: '127.0.0.0/8',
    SALLYPORT_LOG_LEVEL: 'warn',
    SALLYPORT_HEALTH_INTERVAL_MS: '100',
    ...extraEnv,
  }
  const child = spawn(process.execPath, ['bin/sallyport.js', 'dev', '--port', String(port)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const dev: CliProcess = {
    child,
    output: () => log,
    async waitFor(text, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs
      const found = () => (typeof text === 'string' ? log.includes(text) : text.test(log))
      while (!found()) {
        if (child.exitCode !== null) throw new Error(`dev exited (${child.exitCode}):\n${log}`)
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(text)}:\n${log}`)
        await sleep(25)
      }
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
  const stop = async () => {
    await dev.kill()
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    await dev.waitFor('Sallyport is running')
    const baseUrl = `http://127.0.0.1:${port}`
    const apiKey = await provisionApiKey(env, `user-${randomBytes(4).toString('hex')}@example.com`)
    const callerEnv = { ...env, SALLYPORT_API_KEY: apiKey, SALLYPORT_BASE_URL: baseUrl }
    return {
      baseUrl,
      port,
      dataDir,
      env: callerEnv,
      apiKey,
      dev,
      sallyport: (args, more = {}) => runLauncher(args, { ...callerEnv, ...more }),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Waits until the service's regions list says whether the region serves. */
export async function regionServes(
  baseUrl: string,
  apiKey: string,
  region: string,
  serves: boolean,
): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const answer = await fetch(`${baseUrl}/v2/proxy/regions`, { headers: { 'x-api-key': apiKey } })
    const text = await answer.text()
    if (text.includes(`"${region}"`) === serves && answer.ok) return
    if (Date.now() > deadline)
      throw new Error(`region ${region} never ${serves ? 'served' : 'left'}: ${text}`)
    await sleep(50)
  }
}

export type CountingTarget = {
  url: string
  marker: string
  hits(path?: string): number
  close(): Promise<void>
}

/** A target on 127.0.0.1 answering a marker text, counting the requests per path. */
export async function startCountingTarget(): Promise<CountingTarget> {
  const marker = `sallyport-marker-${randomBytes(8).toString('hex')}`
  const hits = new Map<string, number>()
  const server: Server = createServer((request, response) => {
    hits.set(request.url ?? '/', (hits.get(request.url ?? '/') ?? 0) + 1)
    if (request.url?.startsWith('/bytes')) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from([0, 1, 2, 255]))
      return
    }
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(`${marker} ${request.url}`)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    marker,
    hits: (path) =>
      path === undefined ? [...hits.values()].reduce((a, b) => a + b, 0) : (hits.get(path) ?? 0),
    close: () => new Promise((done) => server.close(() => done())),
  }
}

export { runCliOnce }
