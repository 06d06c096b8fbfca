/**
 * Where a fetch's time goes between processes, read off the packets themselves: `tcpdump -tt -n` text of the
 * loopback traffic during a run at one fetch at a time, and `ss -tnpH` taken during the same run to name the
 * process behind each address and port. Each packet with a payload becomes a message from one role to another
 * (gateway, node, redis, postgres, target, client); a fetch is the messages from a client's request to a
 * gateway until that gateway's answer to it; and each step, from one message to the next within a fetch, is
 * the time between them: the receiver's wake-up and work, a server's turn, or a branch running beside the
 * path (docs/performance.md, "2026-12-04 (twenty-second)"). At more than one fetch at a time the messages of
 * different fetches interleave and the steps mean nothing.
 */

import { execFileSync, spawn } from 'node:child_process'
import { join } from 'node:path'
import { summarise } from './stats.ts'

/** A packet that carried data: when it was seen (ms), the roles it went from and to, and its payload's size. */
export type Message = { atMs: number; from: string; to: string; bytes: number }

/** One step of a fetch, from one message to the next: how many fetches had it, and how long it took. */
export type Step = { from: string; to: string; fetches: number; medianUs: number; meanUs: number }

export type Timeline = {
  /** Fetches whose request and answer were both seen. */
  fetches: number
  /** Median time from the client's request reaching the gateway to the gateway's answer, ms. */
  medianMs: number
  /** The steps seen in at least `minShare` of the fetches, the most frequent first. */
  steps: Step[]
}

/** The roles a process can have; any other process is a client. */
const serverNames: Record<string, string> = { 'redis-server': 'redis', postgres: 'postgres' }

/**
 * The role of each address and port (`127.0.0.11:4455`) in `ss -tnpH` text: the process's role from
 * `rolesByPid`, else `redis` or `postgres` by the process's name, else `client`. On loopback both ends of a
 * connection are lines of their own, each with its process.
 */
export function addressRoles(ssText: string, rolesByPid: ReadonlyMap<number, string>): Map<string, string> {
  const roles = new Map<string, string>()
  const line = /^\S+\s+\d+\s+\d+\s+(\S+:\d+)\s+\S+:\d+\s+users:\(\("([^"]+)",pid=(\d+)/
  for (const text of ssText.split('\n')) {
    const match = line.exec(text.trim())
    if (match === null) continue
    const [, local, name, pid] = match
    roles.set(local!, rolesByPid.get(Number(pid)) ?? serverNames[name!] ?? 'client')
  }
  return roles
}

/** `tcpdump -tt -n` lines of IPv4 TCP packets with a payload, as messages between the roles of their ends. */
export function messagesOf(tcpdumpText: string, roles: ReadonlyMap<string, string>): Message[] {
  const messages: Message[] = []
  const packet = /^(\d+\.\d+) IP (\d+\.\d+\.\d+\.\d+)\.(\d+) > (\d+\.\d+\.\d+\.\d+)\.(\d+): .*length (\d+)$/
  for (const line of tcpdumpText.split('\n')) {
    const match = packet.exec(line)
    if (match === null || match[6] === '0') continue
    messages.push({
      atMs: Number(match[1]) * 1000,
      from: roles.get(`${match[2]}:${match[3]}`) ?? 'unknown',
      to: roles.get(`${match[4]}:${match[5]}`) ?? 'unknown',
      bytes: Number(match[6]),
    })
  }
  return messages
}

/** The roles of processes by pid, from the pids of each role (`{ gateway: [...], node: [...] }`). */
export function pidRoles(pidsOf: Readonly<Record<string, readonly number[]>>): Map<number, string> {
  const roles = new Map<number, string>()
  for (const [role, pids] of Object.entries(pidsOf)) for (const pid of pids) roles.set(pid, role)
  return roles
}

/**
 * The fetches in `messages` (in the order seen) and their steps. A fetch starts with a message from a
 * client to a gateway and ends with that gateway's message back to a client; messages of other gateways
 * meanwhile (the other gateway's background work) stay in the fetch, as they take the same cores.
 */
export function timelineOf(messages: readonly Message[], minShare = 0.05): Timeline {
  const durations = new Map<string, number[]>()
  const totals: number[] = []
  let fetch: { startMs: number; lastMs: number; last: string; steps: [string, number][] } | undefined
  for (const message of messages) {
    const label = `${message.from}>${message.to}`
    if (message.from === 'client' && message.to === 'gateway') {
      fetch = { startMs: message.atMs, lastMs: message.atMs, last: label, steps: [] }
      continue
    }
    if (fetch === undefined) continue
    fetch.steps.push([`${fetch.last} -> ${label}`, message.atMs - fetch.lastMs])
    fetch.lastMs = message.atMs
    fetch.last = label
    if (message.from === 'gateway' && message.to === 'client') {
      totals.push(message.atMs - fetch.startMs)
      for (const [step, ms] of fetch.steps) {
        let list = durations.get(step)
        if (list === undefined) durations.set(step, (list = []))
        list.push(ms)
      }
      fetch = undefined
    }
  }
  const steps: Step[] = []
  for (const [step, list] of durations) {
    if (list.length < totals.length * minShare) continue
    const [from, to] = step.split(' -> ') as [string, string]
    const { p50, mean } = summarise(Float64Array.from(list))
    steps.push({ from, to, fetches: list.length, medianUs: p50 * 1000, meanUs: mean * 1000 })
  }
  steps.sort((a, b) => b.fetches - a.fetches)
  const medianMs = totals.length === 0 ? 0 : summarise(Float64Array.from(totals)).p50
  return { fetches: totals.length, medianMs, steps }
}

/** The lines that print `timeline`, each starting with `indent`. */
export function formatTimeline(timeline: Timeline, indent = ''): string[] {
  const lines = [
    `${indent}${timeline.fetches} fetches, median ${timeline.medianMs.toFixed(3)} ms from the request reaching a gateway to its answer`,
    `${indent}${'step (a message, then the next)'.padEnd(44)} ${'fetches'.padStart(7)} ${'median'.padStart(9)} ${'mean'.padStart(9)}`,
  ]
  for (const step of timeline.steps) {
    const name = `${step.from} -> ${step.to}`.padEnd(44)
    const median = `${step.medianUs.toFixed(0)} µs`.padStart(9)
    const mean = `${step.meanUs.toFixed(0)} µs`.padStart(9)
    lines.push(`${indent}${name} ${String(step.fetches).padStart(7)} ${median} ${mean}`)
  }
  return lines
}

/** The text `tcpdump -tt -n` prints of a capture file. */
export function readCapture(pcap: string): string {
  return execFileSync('tcpdump', ['-tt', '-n', '-r', pcap], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  })
}

/** Whether this process can capture: tcpdump and ss on the PATH, and root (tcpdump needs CAP_NET_RAW). */
export function canCapture(): string | undefined {
  if (process.getuid?.() !== 0) return 'needs root (tcpdump opens the loopback interface)'
  for (const tool of ['tcpdump', 'ss']) {
    try {
      execFileSync(tool, [tool === 'ss' ? '-V' : '--version'], { stdio: 'ignore' })
    } catch {
      return `needs ${tool} (Debian: apt-get install ${tool === 'ss' ? 'iproute2' : 'tcpdump'})`
    }
  }
  return undefined
}

/**
 * Captures the loopback's TCP traffic for `ms` into `dir` (the first 160 bytes of each packet: its headers),
 * with `ss -tnpH` taken as it starts. Resolves with the timeline of the capture, the processes named by
 * `rolesByPid` (a gateway, a node, the target).
 */
export async function captureTimeline(
  dir: string,
  ms: number,
  rolesByPid: ReadonlyMap<number, string>,
): Promise<Timeline> {
  const pcap = join(dir, `capture-${Date.now()}.pcap`)
  const ss = execFileSync('ss', ['-tnpH'], { encoding: 'utf8' })
  const tcpdump = spawn('tcpdump', ['-i', 'lo', '-s', '160', '-w', pcap, 'tcp'], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve, reject) => {
    tcpdump.once('error', reject)
    tcpdump.once('exit', () => resolve())
  })
  await new Promise((resolve) => setTimeout(resolve, ms))
  tcpdump.kill('SIGINT')
  await exited
  return timelineOf(messagesOf(readCapture(pcap), addressRoles(ss, rolesByPid)))
}
