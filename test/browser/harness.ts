/**
 * What the browser test runs against: the real CLI (`sallyport dev`) as a child process, a target on
 * 127.0.0.1 that answers a marker, and the mail outbox the embedded default writes `.eml` files to.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'

const repoRoot = resolve(import.meta.dirname, '..', '..')

/**
 * Everything the harness started and nothing has stopped yet: `sallyport dev`, targets, browsers. A hook
 * that fails half-way (`Promise.all([startCli(), launch()])` with one of them failing) never hands the
 * other to the test's own `after`, and a live child process or browser keeps the test process running
 * for ever. So whatever is still running is stopped when the file's tests end, however they ended.
 */
const running = new Set<() => Promise<void>>()

/** Registers a stop function; the one returned stops it now, once, and forgets it. */
export function untilStopped(stop: () => Promise<void>): () => Promise<void> {
  let stopped: Promise<void> | undefined
  const once = () => {
    running.delete(once)
    stopped ??= stop()
    return stopped
  }
  running.add(once)
  return once
}

after(async () => {
  await Promise.allSettled([...running].map((stop) => stop()))
})

export type RunningCli = { baseUrl: string; dataDir: string; output(): string; stop(): Promise<void> }

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  await new Promise<void>((done) => server.close(() => done()))
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return address.port
}

/** Starts `sallyport dev` on a free port and resolves once it has printed its URLs. */
export async function startCli(timeoutMs = 30_000): Promise<RunningCli> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sallyport-browser-'))
  const port = await freePort()
  const child = spawn(process.execPath, ['bin/sallyport.js', 'dev', '--port', String(port)], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SALLYPORT_DATA_DIR: dataDir,
      SALLYPORT_ALLOW_TARGETS: '127.0.0.0/8',
      SALLYPORT_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  // Should the test process end without its hooks (killed by the runner), the child goes with it.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const stop = untilStopped(async () => {
    await stopChild(child)
    process.removeListener('exit', killOnExit)
    await rm(dataDir, { recursive: true, force: true })
  })
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const match = /API\s+(http:\/\/[^\s/]+)\/v2\/proxy\/fetch/.exec(output)
    if (match !== null) return { baseUrl: match[1]!, dataDir, output: () => output, stop }
    if (child.exitCode !== null) break
    await sleep(50)
  }
  await stop()
  throw new Error(`sallyport dev did not start (exit ${String(child.exitCode)}):\n${output}`)
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

export type Target = { url: string; marker: string; close(): Promise<void> }

/** A target on 127.0.0.1 that answers one marker text, so the test can tell its answer apart. */
export async function startTarget(): Promise<Target> {
  const marker = `sallyport-browser-marker-${randomBytes(8).toString('hex')}`
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(marker)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return {
    url: `http://127.0.0.1:${address.port}/`,
    marker,
    close: untilStopped(() => new Promise<void>((done) => server.close(() => done()))),
  }
}

/** RFC 2045 quoted-printable: soft line breaks go, `=XX` becomes the byte. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/**
 * A link to `path` in a mail to `to`, read from `<data dir>/outbox/*.eml`. Waits for the mail:
 * the service may send it after answering.
 */
export async function mailedLink(
  dataDir: string,
  to: string,
  path: string,
  timeoutMs = 10_000,
): Promise<URL> {
  const outbox = join(dataDir, 'outbox')
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path.replace(/[/.?]/g, '\\$&')}\\?token=[^\\s"'<>&]+`)
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const names = await readdir(outbox).catch(() => [] as string[])
    for (const name of names
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .reverse()) {
      const mail = decodeQuotedPrintable(await readFile(join(outbox, name), 'utf8'))
      if (!mail.toLowerCase().includes(to.toLowerCase())) continue
      const match = pattern.exec(mail)
      if (match !== null) return new URL(match[0])
    }
    await sleep(100)
  }
  throw new Error(`no mail to ${to} with a ${path} link in ${outbox}`)
}
