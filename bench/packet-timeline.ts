/**
 * `node --import tsx bench/packet-timeline.ts --pcap <file> --ss <file> --gateway <pids> --node <pids>
 *  [--target <pid>] [--min-share 0.05]`
 *
 * Where a fetch at one fetch at a time spends its time between the topology's processes, from a capture of
 * the loopback traffic during a run (bench/lib/packet-timeline.ts). Taken as docs/performance.md says ("How
 * to run"): during a cell at c=1, `ss -tnpH > ss.txt` and `timeout 1.5 tcpdump -i lo -s 160 -w run.pcap tcp`
 * (as root); the gateways', nodes' and target's pids are in the bench's banner. Needs tcpdump to read the file.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { addressRoles, messagesOf, timelineOf } from './lib/packet-timeline.ts'

const { values } = parseArgs({
  options: {
    pcap: { type: 'string' },
    ss: { type: 'string' },
    gateway: { type: 'string' },
    node: { type: 'string' },
    target: { type: 'string' },
    'min-share': { type: 'string', default: '0.05' },
  },
  strict: true,
})

if (values.pcap === undefined || values.ss === undefined || values.gateway === undefined) {
  console.error(
    'usage: node --import tsx bench/packet-timeline.ts --pcap <file> --ss <file> --gateway <pids> --node <pids> [--target <pid>] [--min-share 0.05]',
  )
  process.exit(2)
}

const rolesByPid = new Map<number, string>()
const pids = (list: string | undefined) => (list ?? '').split(',').filter(Boolean).map(Number)
for (const pid of pids(values.gateway)) rolesByPid.set(pid, 'gateway')
for (const pid of pids(values.node)) rolesByPid.set(pid, 'node')
for (const pid of pids(values.target)) rolesByPid.set(pid, 'target')

const roles = addressRoles(readFileSync(values.ss, 'utf8'), rolesByPid)
const text = execFileSync('tcpdump', ['-tt', '-n', '-r', values.pcap], {
  encoding: 'utf8',
  maxBuffer: 1 << 30,
  stdio: ['ignore', 'pipe', 'ignore'],
})
const timeline = timelineOf(messagesOf(text, roles), Number(values['min-share']))

console.log(
  `${timeline.fetches} fetches, median ${timeline.medianMs.toFixed(3)} ms from the request reaching a gateway to its answer`,
)
console.log(
  `${'step (a message, then the next)'.padEnd(44)} ${'fetches'.padStart(7)} ${'median'.padStart(9)} ${'mean'.padStart(9)}`,
)
for (const step of timeline.steps) {
  console.log(
    `${`${step.from} -> ${step.to}`.padEnd(44)} ${String(step.fetches).padStart(7)} ${`${step.medianUs.toFixed(0)} µs`.padStart(9)} ${`${step.meanUs.toFixed(0)} µs`.padStart(9)}`,
  )
}
