/** Loopback-only helpers: a free port, and waiting until something accepts connections on one. */
import { readFileSync } from 'node:fs'
import { connect, createServer, type AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ChildProcess } from 'node:child_process'
import { isRunning } from './children.ts'

/** Benchmark traffic goes to loopback only (127.0.0.0/8, ::1). Everything the harness dials is checked. */
export function assertLoopback(url: string): void {
  const { hostname } = new URL(url)
  if (!/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) && hostname !== '[::1]') {
    throw new Error(`refusing to send benchmark traffic to ${hostname}: loopback only`)
  }
}

/**
 * A port free on `host` now, taken below the kernel's ephemeral range: a port the kernel hands out for
 * `listen(0)` or an outgoing connection could be given again to a process started later (an in-process
 * node of `dev` listens on port 0 before its gateway takes the port picked here).
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const low = ephemeralLow()
  for (let attempt = 0; attempt < 50 && low > 20_000; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (low - 10_000))
    if (await canListen(host, port)) return port
  }
  return listenOn(host, 0)
}

function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0])
  } catch {
    return 0
  }
}

async function canListen(host: string, port: number): Promise<boolean> {
  try {
    await listenOn(host, port)
    return true
  } catch {
    return false
  }
}

async function listenOn(host: string, port: number): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  const taken = (server.address() as AddressInfo).port
  await new Promise((resolve) => server.close(resolve))
  return taken
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1_000, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

/** Polls (bounded) until `host:port` accepts a TCP connection; fails early when `child` exits. */
export async function waitForPort(
  host: string,
  port: number,
  options: { timeoutMs: number; child?: ChildProcess; what: string },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs
  while (Date.now() < deadline) {
    if (options.child !== undefined && !isRunning(options.child)) {
      throw new Error(`${options.what} exited before it accepted connections on ${host}:${port}`)
    }
    if (await accepts(host, port)) return
    await sleep(50)
  }
  throw new Error(
    `${options.what} did not accept connections on ${host}:${port} within ${options.timeoutMs} ms`,
  )
}
