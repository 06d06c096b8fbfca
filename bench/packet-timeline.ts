/**
 * `node --import tsx bench/packet-timeline.ts --pcap <file> --ss <file> --gateway <pids> --node <pids>
 *  [--target <pid>] [--min-share 0.05]`
 *
 * Where a fetch at one fetch at a time spends its time between the topology's processes, from a capture of
 * the loopback traffic taken by hand during a run (bench/lib/packet-timeline.ts; `npm run bench --
 * --topology --packet-timeline` takes and reads one itself). As docs/performance.md says ("How to run"):
 * during a cell at c=1, `ss -tnpH > ss.txt` and `timeout 1.5 tcpdump -i lo -s 160 -w run.pcap tcp` (as
 * root); the gateways', nodes' and target's pids are in the bench's banner. Needs tcpdump to read the file.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import {
  addressRoles,
  formatTimeline,
  messagesOf,
  pidRoles,
  readCapture,
  timelineOf,
} from './lib/packet-timeline.ts'

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

// `| head` closing the pipe is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

if (values.pcap === undefined || values.ss === undefined || values.gateway === undefined) {
  console.error(
    'usage: node --import tsx bench/packet-timeline.ts --pcap <file> --ss <file> --gateway <pids> --node <pids> [--target <pid>] [--min-share 0.05]',
  )
  process.exit(2)
}

const pids = (list: string | undefined) => (list ?? '').split(',').filter(Boolean).map(Number)
const rolesByPid = pidRoles({
  gateway: pids(values.gateway),
  node: pids(values.node),
  target: pids(values.target),
})

const roles = addressRoles(readFileSync(values.ss, 'utf8'), rolesByPid)
const timeline = timelineOf(messagesOf(readCapture(values.pcap), roles), Number(values['min-share']))
for (const line of formatTimeline(timeline)) console.log(line)
