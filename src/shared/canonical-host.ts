/**
 * The one name of a target host that budgets are keyed by (docs/rate-limits.md, "Canonical hosts"): two ways
 * of writing the same host must spend the same per-host budget. Shared by the gateway (every hop's
 * admission) and anything else that keys by host.
 *
 * - Names: lower case, IDN to punycode (`bücher.example` is `xn--bcher-kva.example`), one trailing dot
 *   dropped (`a.example.` is `a.example`).
 * - IPv4 in any form the URL standard accepts (`0x7f.1`, `2130706433`) is its dotted quad.
 * - IPv6 without brackets, in its shortest form; an IPv4-mapped address (`::ffff:a.b.c.d`, in any spelling)
 *   is its IPv4 address, since a connection to one reaches the other.
 */
const mappedIpv4 = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/

function quad(high: string, low: string): string {
  const h = Number.parseInt(high, 16)
  const l = Number.parseInt(low, 16)
  return `${h >> 8}.${h & 0xff}.${l >> 8}.${l & 0xff}`
}

/** The canonical form of a host as written in a URL (`URL.hostname`, brackets allowed) or bare. */
export function canonicalHost(host: string): string {
  let input = host
  // A bare IPv6 literal (no brackets): the URL parser wants them.
  if (input.includes(':') && !input.startsWith('[')) input = `[${input}]`
  let name: string
  try {
    // The URL standard's host parser: lower case, IDN to punycode, IPv4 and IPv6 in their serialised form.
    name = new URL(`http://${input}/`).hostname
  } catch {
    name = input.toLowerCase()
  }
  if (name.startsWith('[') && name.endsWith(']')) {
    const address = name.slice(1, -1)
    const mapped = mappedIpv4.exec(address)
    return mapped === null ? address : quad(mapped[1]!, mapped[2]!)
  }
  return name.endsWith('.') ? name.slice(0, -1) : name
}
