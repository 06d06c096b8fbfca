/**
 * `node --import tsx bench/micro/wake-up.ts [--quick]`
 *
 * What one hop between two processes costs on this machine, with no work at either end: a Node process
 * sends 64 bytes over loopback TCP to another, which writes them straight back. At c=1 every message finds
 * its reader asleep, as every hop of a fetch does when one fetch runs at a time; at c=64 the readers are
 * busy and a read carries several messages. Prints the round trip's median and the CPU per message on each
 * side (process.cpuUsage, every thread). A fetch through the production topology makes eight such one-way
 * hops where squid makes four (docs/performance.md), so twice this round trip is the latency, and four times
 * the CPU per one-way hop the extra work, that the layout costs before any code of its own runs.
 */
import { fork } from 'node:child_process'
import { createServer, connect } from 'node:net'
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import { summarise } from '../lib/stats.ts'

const messageBytes = 64

if (process.argv[2] === '--echo') {
  // The far end: writes back what it reads, and reports its CPU when asked over IPC.
  const server = createServer((socket) => socket.on('data', (chunk) => socket.write(chunk)))
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    process.send!({ port: typeof address === 'object' && address !== null ? address.port : 0 })
  })
  process.on('message', (message) => {
    if (message === 'cpu') process.send!({ cpu: process.cpuUsage() })
    if (message === 'exit') process.exit(0)
  })
} else {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } }, strict: true })
  const messages = values.quick ? 2_000 : 20_000
  const child = fork(process.argv[1]!, ['--echo'], { execArgv: process.execArgv })
  const [{ port }] = (await once(child, 'message')) as [{ port: number }]
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  socket.setNoDelay(true)

  const childCpu = async (): Promise<number> => {
    child.send('cpu')
    const [{ cpu }] = (await once(child, 'message')) as [{ cpu: NodeJS.CpuUsage }]
    return cpu.user + cpu.system
  }

  /** Sends `count` messages with `inFlight` outstanding at a time; resolves with each round trip in µs. */
  const run = async (count: number, inFlight: number): Promise<number[]> => {
    const payload = Buffer.alloc(messageBytes, 0x61)
    const sentAt: bigint[] = []
    const rounds: number[] = []
    let pending = 0
    let sent = 0
    return new Promise((resolve) => {
      const send = () => {
        while (sent < count && sent - rounds.length < inFlight) {
          sentAt.push(process.hrtime.bigint())
          socket.write(payload)
          sent++
        }
      }
      const onData = (chunk: Buffer) => {
        pending += chunk.length
        const now = process.hrtime.bigint()
        while (pending >= messageBytes) {
          pending -= messageBytes
          rounds.push(Number(now - sentAt[rounds.length]!) / 1000)
        }
        if (rounds.length === count) {
          socket.off('data', onData)
          resolve(rounds)
        } else send()
      }
      socket.on('data', onData)
      send()
    })
  }

  console.log(`${messages} messages of ${messageBytes} bytes, Node ${process.version}`)
  console.log('concurrency  round trip p50  CPU per message: sender  echo side')
  for (const inFlight of [1, 64]) {
    await run(Math.min(1_000, messages), inFlight) // warm-up
    const ownBefore = process.cpuUsage()
    const childBefore = await childCpu()
    const rounds = await run(messages, inFlight)
    const own = process.cpuUsage(ownBefore)
    const childAfter = await childCpu()
    const perMessage = (micros: number) => `${(micros / messages).toFixed(1)} µs`
    console.log(
      `${String(inFlight).padStart(11)}  ${summarise(Float64Array.from(rounds)).p50.toFixed(1).padStart(11)} µs` +
        `  ${perMessage(own.user + own.system).padStart(23)}  ${perMessage(childAfter - childBefore).padStart(9)}`,
    )
  }
  socket.destroy()
  child.send('exit')
}
