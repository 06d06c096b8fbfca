import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  addressRoles,
  formatTimeline,
  messagesOf,
  pidRoles,
  timelineOf,
} from '../../bench/lib/packet-timeline.ts'

// A gateway (pid 100) with its Redis and PostgreSQL connections, a node (200) and its target (300), and the
// load generator (400), as `ss -tnpH` prints them: each end of a loopback connection is a line of its own.
const ss = `ESTAB 0      0       127.0.0.1:8080   127.0.0.1:50000 users:(("MainThread",pid=100,fd=20))
ESTAB 0      0       127.0.0.1:50000  127.0.0.1:8080  users:(("MainThread",pid=400,fd=21))
ESTAB 0      0       127.0.0.1:50001  127.0.0.1:6390  users:(("MainThread",pid=100,fd=22))
ESTAB 0      89      127.0.0.1:6390   127.0.0.1:50001 users:(("redis-server",pid=500,fd=8))
ESTAB 0      0       127.0.0.1:50002  127.0.0.1:5432  users:(("MainThread",pid=100,fd=23))
ESTAB 0      0       127.0.0.1:5432   127.0.0.1:50002 users:(("postgres",pid=600,fd=7))
ESTAB 0      0       127.0.0.1:50003  127.0.0.1:9000  users:(("MainThread",pid=100,fd=24))
ESTAB 0      0       127.0.0.1:9000   127.0.0.1:50003 users:(("MainThread",pid=200,fd=25))
ESTAB 0      0       127.0.0.12:50004 127.0.0.1:7000  users:(("MainThread",pid=200,fd=26))
ESTAB 0      0       127.0.0.1:7000   127.0.0.12:50004 users:(("node",pid=300,fd=27))
LISTEN 0     511     127.0.0.1:8081   0.0.0.0:*
`

const packet = (seconds: string, from: string, to: string, length: number) => {
  const dot = (end: string) => end.replace(/:(\d+)$/, '.$1')
  return `${seconds} IP ${dot(from)} > ${dot(to)}: Flags [P.], seq 1:${length + 1}, ack 1, win 512, options [nop,nop,TS val 1 ecr 2], length ${length}`
}

const client = '127.0.0.1:50000'
const gateway = '127.0.0.1:8080'
const gatewayToRedis = '127.0.0.1:50001'
const redis = '127.0.0.1:6390'
const gatewayToPostgres = '127.0.0.1:50002'
const postgres = '127.0.0.1:5432'
const gatewayToNode = '127.0.0.1:50003'
const node = '127.0.0.1:9000'
const nodeToTarget = '127.0.0.12:50004'
const target = '127.0.0.1:7000'
const roles = addressRoles(ss, pidRoles({ gateway: [100], node: [200], target: [300] }))

type Message = [from: string, to: string, length: number]

/** A fetch's messages: request, Redis, node and target, PostgreSQL, answer. */
const usualMessages: readonly Message[] = [
  [client, gateway, 151],
  [gatewayToRedis, redis, 300],
  [redis, gatewayToRedis, 40],
  [gatewayToNode, node, 180],
  [gatewayToPostgres, postgres, 208],
  [nodeToTarget, target, 120],
  [target, nodeToTarget, 1100],
  [node, gatewayToNode, 1192],
  [postgres, gatewayToPostgres, 30],
  [gateway, client, 1400],
]

/** One fetch from `start` (seconds), its messages `gaps` (µs) apart. */
function fetchAt(start: number, gaps: readonly number[], ends = usualMessages): string[] {
  let at = start
  return ends.map(([from, to, length], i) => {
    if (i > 0) at += gaps[i - 1]! / 1e6
    return packet(at.toFixed(6), from, to, length)
  })
}

describe('bench/packet-timeline: a fetch between processes, from its packets', () => {
  it('names each address and port by its process: the roles given by pid, Redis and PostgreSQL by name, else a client', () => {
    assert.equal(roles.get(gateway), 'gateway')
    assert.equal(roles.get(gatewayToRedis), 'gateway')
    assert.equal(roles.get(redis), 'redis')
    assert.equal(roles.get(postgres), 'postgres')
    assert.equal(roles.get(node), 'node')
    assert.equal(roles.get(nodeToTarget), 'node', 'a node fetches from an address of its own')
    assert.equal(roles.get(target), 'target')
    assert.equal(roles.get(client), 'client')
    assert.equal(roles.has('127.0.0.1:8081'), false, 'a listening socket carries no process here')
  })

  it('takes each fetch from its request to its answer, and the median of each step over the fetches', () => {
    const gaps = (redisUs: number) => [200, redisUs, 100, 50, 70, 65, 90, 60, 70]
    const lines = [
      // A fetch already under way when the capture began: its answer alone is no fetch.
      packet('99.999000', gateway, client, 1400),
      ...fetchAt(100, gaps(100)),
      // An acknowledgement without data is no message.
      packet('100.002000', client, gateway, 0).replace('Flags [P.]', 'Flags [.]'),
      ...fetchAt(100.01, gaps(120)),
      // The rest of that answer, and the gateway's release to Redis after it: between fetches, in none.
      packet('100.010900', gateway, client, 1400),
      packet('100.010950', gatewayToRedis, redis, 60),
      packet('100.011000', redis, gatewayToRedis, 4),
      ...fetchAt(100.02, gaps(140)),
      // Cut off by the end of the capture: no answer, not counted.
      ...fetchAt(100.03, gaps(100)).slice(0, 4),
    ]
    const messages = messagesOf(lines.join('\n'), roles)
    assert.equal(messages.length, 1 + 30 + 3 + 4)
    assert.deepEqual(messages[1], { atMs: 100_000, from: 'client', to: 'gateway', bytes: 151 })

    const timeline = timelineOf(messages)
    assert.equal(timeline.fetches, 3)
    assert.ok(Math.abs(timeline.medianMs - 0.825) < 1e-6, `median ${timeline.medianMs}`)
    const step = (from: string, to: string) => timeline.steps.find((s) => s.from === from && s.to === to)
    const admission = step('gateway>redis', 'redis>gateway')
    assert.equal(admission?.fetches, 3)
    assert.ok(Math.abs(admission.medianUs - 120) < 0.01, `median ${admission.medianUs}`)
    assert.ok(Math.abs(admission.meanUs - 120) < 0.01)
    assert.ok(Math.abs(step('client>gateway', 'gateway>redis')!.medianUs - 200) < 0.01)
    assert.ok(Math.abs(step('postgres>gateway', 'gateway>client')!.medianUs - 70) < 0.01)
    assert.equal(timeline.steps.length, 9, 'nine steps between ten messages')
  })

  it('leaves out steps seen in fewer fetches than the share asked for', () => {
    const usual = [200, 100, 100, 50, 70, 65, 90, 60, 70]
    const lines = [...fetchAt(100, usual), ...fetchAt(100.01, usual), ...fetchAt(100.02, usual)]
    // In a fourth fetch PostgreSQL answers before the node: two steps no other fetch has.
    const postgresFirst = [...usualMessages]
    ;[postgresFirst[7], postgresFirst[8]] = [postgresFirst[8]!, postgresFirst[7]!]
    const odd = fetchAt(100.03, usual, postgresFirst)
    const timeline = timelineOf(messagesOf([...lines, ...odd].join('\n'), roles), 0.5)
    assert.equal(timeline.fetches, 4)
    assert.equal(
      timeline.steps.some((s) => s.from === 'target>node' && s.to === 'postgres>gateway'),
      false,
    )
    assert.equal(
      timelineOf(messagesOf([...lines, ...odd].join('\n'), roles), 0.25).steps.some(
        (s) => s.from === 'target>node' && s.to === 'postgres>gateway',
      ),
      true,
    )
  })

  it('prints the fetches, then a line per step with its fetches, median and mean', () => {
    const usual = [200, 100, 100, 50, 70, 65, 90, 60, 70]
    const timeline = timelineOf(
      messagesOf([...fetchAt(100, usual), ...fetchAt(100.01, usual)].join('\n'), roles),
    )
    const lines = formatTimeline(timeline, '  ')
    assert.equal(lines.length, 2 + 9)
    assert.match(lines[0]!, /^ {2}2 fetches, median 0\.805 ms /)
    assert.match(lines[2]!, /^ {2}client>gateway -> gateway>redis +2 +200 µs +200 µs$/)
  })
})
