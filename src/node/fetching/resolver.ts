/**
 * Name resolution for egress. The address policy checks whatever this returns and the connector dials
 * exactly those addresses, so a resolver never needs to be trusted, only asked once per connection.
 */
import { promises as dns } from 'node:dns'

export type Resolver = {
  /** Every address of `hostname`; rejects when the name does not resolve. */
  resolve(hostname: string): Promise<string[]>
}

/**
 * `dnsServers` (`host:port` list, DESIGN 4 `SALLYPORT_DNS_SERVERS`) gives a c-ares resolver that asks
 * only those servers; an empty list falls back to the system resolver (getaddrinfo, /etc/hosts included).
 */
export function createResolver(dnsServers: readonly string[]): Resolver {
  if (dnsServers.length === 0) return systemResolver
  // Short per-try time-out: the whole fetch has its own deadline, and a dead server should fail fast.
  const resolver = new dns.Resolver({ timeout: 2_000, tries: 2 })
  resolver.setServers([...dnsServers])
  return {
    async resolve(hostname) {
      const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)])
      const addresses = [
        ...(v4.status === 'fulfilled' ? v4.value : []),
        ...(v6.status === 'fulfilled' ? v6.value : []),
      ]
      // One family failing (typically ENODATA: a name with A but no AAAA) is fine when the other answered:
      // only the addresses returned are ever checked and dialled.
      if (addresses.length > 0) return addresses
      if (v4.status === 'rejected' && !isNoData(v4.reason)) throw v4.reason
      if (v6.status === 'rejected') throw v6.reason
      throw Object.assign(new Error('The name has no address.'), { code: 'ENODATA' })
    },
  }
}

function isNoData(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENODATA'
}

const systemResolver: Resolver = {
  async resolve(hostname) {
    // verbatim: keep the system's order instead of forcing IPv4 first.
    const entries = await dns.lookup(hostname, { all: true, verbatim: true })
    return entries.map((entry) => entry.address)
  },
}
