/**
 * The target-address policy of DESIGN 5 (SSRF): which addresses an egress node may connect to. Pure except
 * for `checkHost`, which asks the injected resolver. Nothing here logs: a target host never reaches a log
 * (DESIGN 7).
 */
import { isIP } from 'node:net'
import {
  cidrContains,
  formatIPv4,
  parseCidr,
  parseIp,
  unmapIPv4,
  type Cidr,
  type IpAddress,
} from './ip-address.ts'
import type { Resolver } from './resolver.ts'

/**
 * Every IPv4 block that is not globally reachable (IANA special-purpose registry, RFC 6890): this network,
 * private (RFC 1918), shared (RFC 6598), loopback, link-local (incl. cloud metadata 169.254.169.254), IETF
 * protocol assignments, documentation (RFC 5737), 6to4 relay anycast (RFC 7526), benchmarking (RFC 2544),
 * multicast, reserved and the limited broadcast address 255.255.255.255 (inside 240/4).
 */
const deniedIPv4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
].map(parseCidr)

/**
 * IPv6 is an allow list: only global unicast 2000::/3 (RFC 4291), so ::, ::1, NAT64 64:ff9b::/96 and
 * 64:ff9b:1::/48 (RFC 6052, 8215), unique-local fc00::/7 (incl. fd00:ec2::254), link-local fe80::/10 and
 * multicast ff00::/8 are all refused without being listed. Within 2000::/3 these are refused too.
 */
const globalIPv6 = parseCidr('2000::/3')
const deniedIPv6 = [
  '2001::/23', // IETF protocol assignments: Teredo 2001::/32 (RFC 4380), benchmarking 2001:2::/48
  '2001:db8::/32', // documentation (RFC 3849)
  '2002::/16', // 6to4 (RFC 3056): the IPv4 inside is unchecked
  '3fff::/20', // documentation (RFC 9637)
].map(parseCidr)

export type AddressPolicy = {
  /** True when a connection to this address is allowed. Anything that is not a canonical IP is refused. */
  permits(address: string): boolean
}

/** `allowTargets` are CIDR blocks exempt from the deny rules (tests and local development only, DESIGN 4). */
export function createAddressPolicy(allowTargets: readonly string[]): AddressPolicy {
  const allowed: readonly Cidr[] = allowTargets.map(parseCidr)
  return {
    permits(address) {
      const parsed = parseIp(address)
      return parsed !== undefined && permitsParsed(unmapIPv4(parsed), allowed)
    },
  }
}

function permitsParsed(address: IpAddress, allowed: readonly Cidr[]): boolean {
  if (allowed.some((cidr) => cidrContains(cidr, address))) return true
  if (address.family === 4) return !deniedIPv4.some((cidr) => cidrContains(cidr, address))
  return cidrContains(globalIPv6, address) && !deniedIPv6.some((cidr) => cidrContains(cidr, address))
}

export type HostCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; reason: 'not_permitted' }
  | { ok: false; reason: 'unresolved'; cause: unknown }

/**
 * Resolves `hostname` once, checks EVERY address and refuses the host if any one is refused (DESIGN 5).
 * The addresses returned are the ones to dial: the caller connects to them and never looks the name up
 * again, so a rebinding DNS server cannot answer differently the second time. IP literals (as the WHATWG
 * URL parser normalised them; IPv6 may come bracketed) are judged without resolving. IPv4-mapped IPv6
 * addresses come back as the IPv4 inside, the address that was judged and the one actually reached.
 */
export async function checkHost(
  hostname: string,
  resolver: Resolver,
  policy: AddressPolicy,
): Promise<HostCheck> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
  let candidates: unknown
  if (isIP(host) !== 0) {
    candidates = [host]
  } else {
    try {
      // `new Promise` also catches a resolver that throws or answers synchronously instead of a promise.
      candidates = await new Promise((resolve) => resolve(resolver.resolve(host)))
    } catch (cause) {
      return { ok: false, reason: 'unresolved', cause }
    }
  }
  if (!Array.isArray(candidates) || candidates.length === 0) {
    return { ok: false, reason: 'unresolved', cause: undefined }
  }
  const addresses: string[] = []
  for (const candidate of candidates as unknown[]) {
    // Anything but an IP (a name, an empty string) would be resolved again when dialled: refuse it.
    if (typeof candidate !== 'string' || !policy.permits(candidate))
      return { ok: false, reason: 'not_permitted' }
    const dialled = toDialledAddress(candidate)
    if (!addresses.includes(dialled)) addresses.push(dialled)
  }
  return { ok: true, addresses }
}

function toDialledAddress(address: string): string {
  const parsed = parseIp(address)
  if (parsed === undefined) return address
  const inner = unmapIPv4(parsed)
  return inner.family === 4 && parsed.family === 6 ? formatIPv4(inner.value) : address
}
