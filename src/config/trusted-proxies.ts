/**
 * SALLYPORT_TRUSTED_PROXIES: the load balancers whose `X-Forwarded-For` the gateway believes, as a
 * comma-separated list of addresses and CIDR blocks (`10.0.0.0/8, 2001:db8::/32`). The client address
 * (Fastify's `request.ip`) is then the first address in that header, read from the right, that is not one of
 * them; the per-address ceilings of anonymous calls (docs/security.md) count it. Unset: the header is
 * ignored and the client address is the TCP peer, which a caller cannot forge.
 */
import { isIP } from 'node:net'
import { ConfigError, list, type Env } from './env-parsing.ts'

function isProxyEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

export function trustedProxies(env: Env): readonly string[] {
  const entries = list(env.SALLYPORT_TRUSTED_PROXIES)
  for (const entry of entries) {
    if (!isProxyEntry(entry)) {
      throw new ConfigError(
        `SALLYPORT_TRUSTED_PROXIES: '${entry}' is not an IP address or a CIDR block (e.g. 10.0.0.0/8, 2001:db8::/32)`,
      )
    }
  }
  return Object.freeze(entries)
}
