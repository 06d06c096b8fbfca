/**
 * A tiny authoritative DNS server on UDP 127.0.0.1 for egress tests: answers A and AAAA from a fixed map,
 * NXDOMAIN for names it does not know, an empty answer (NODATA) for a known name without that family.
 */
import { createSocket } from 'node:dgram'
import { isIPv4, isIPv6 } from 'node:net'
import * as dnsPacket from 'dns-packet'

export type FakeDnsServer = {
  /** `host:port`, ready for `dnsServers` / `Resolver.setServers`. */
  address: string
  /** Every question asked, as `A name` / `AAAA name`, in arrival order. */
  queries: string[]
  close(): Promise<void>
}

const nxdomain = 3

export async function startFakeDnsServer(records: Record<string, string[]>): Promise<FakeDnsServer> {
  const socket = createSocket('udp4')
  const queries: string[] = []
  const known = new Map(Object.entries(records).map(([name, addresses]) => [name.toLowerCase(), addresses]))

  socket.on('message', (message, remote) => {
    let query: dnsPacket.DecodedPacket
    try {
      query = dnsPacket.decode(message)
    } catch {
      return
    }
    const question = query.questions?.[0]
    if (question === undefined) return
    const name = question.name.toLowerCase()
    queries.push(`${question.type} ${name}`)
    const addresses = known.get(name)
    const answers: dnsPacket.Answer[] = []
    for (const address of addresses ?? []) {
      if (question.type === 'A' && isIPv4(address))
        answers.push({ type: 'A', name: question.name, ttl: 5, data: address })
      if (question.type === 'AAAA' && isIPv6(address))
        answers.push({ type: 'AAAA', name: question.name, ttl: 5, data: address })
    }
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id ?? 0,
      flags:
        dnsPacket.AUTHORITATIVE_ANSWER |
        dnsPacket.RECURSION_DESIRED |
        dnsPacket.RECURSION_AVAILABLE |
        (addresses === undefined ? nxdomain : 0),
      questions: [question],
      answers,
    })
    socket.send(response, remote.port, remote.address)
  })

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject)
    socket.bind(0, '127.0.0.1', () => {
      socket.off('error', reject)
      resolve()
    })
  })
  const { port } = socket.address()
  return {
    address: `127.0.0.1:${port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}
