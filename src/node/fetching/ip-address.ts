/**
 * IP addresses as numbers, so the address policy compares prefixes instead of strings. Only the canonical
 * spellings that `net.isIP` accepts are parsed: the WHATWG URL parser has already turned every other IPv4
 * spelling (decimal, octal, hex, short forms) into dotted decimal, and anything a resolver returns that is
 * not canonical is refused rather than guessed at (fail closed).
 */
import { isIPv4, isIPv6 } from 'node:net'

/** IPv4 as one unsigned 32-bit number; IPv6 as eight 16-bit groups. */
export type IpAddress = { family: 4; value: number } | { family: 6; groups: readonly number[] }

export type Cidr = { address: IpAddress; prefix: number }

function parseIPv4(text: string): number | undefined {
  if (!isIPv4(text)) return undefined
  const parts = text.split('.')
  let value = 0
  for (const part of parts) value = value * 256 + Number(part)
  return value
}

function parseIPv6(text: string): number[] | undefined {
  // A zone id (`fe80::1%eth0`) names a local interface: never a public target, so not parsed at all.
  if (!isIPv6(text) || text.includes('%')) return undefined
  let body = text
  const tail: number[] = []
  const lastColon = body.lastIndexOf(':')
  const last = body.slice(lastColon + 1)
  if (last.includes('.')) {
    // Dotted tail (`::ffff:127.0.0.1`): the same 32 bits as the hex spelling `::ffff:7f00:1`.
    const v4 = parseIPv4(last)
    if (v4 === undefined) return undefined
    tail.push(v4 >>> 16, v4 & 0xffff)
    body = body.slice(0, lastColon + 1)
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1)
  }
  const toGroups = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((g) => parseInt(g, 16))
  const gap = body.indexOf('::')
  let groups: number[]
  if (gap === -1) {
    groups = [...toGroups(body), ...tail]
  } else {
    const head = toGroups(body.slice(0, gap))
    const rest = [...toGroups(body.slice(gap + 2)), ...tail]
    groups = [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest]
  }
  return groups.length === 8 ? groups : undefined
}

/** Parses an address as a connection would see it; `undefined` for anything that is not a canonical IP. */
export function parseIp(text: string): IpAddress | undefined {
  const v4 = parseIPv4(text)
  if (v4 !== undefined) return { family: 4, value: v4 }
  const v6 = parseIPv6(text)
  return v6 === undefined ? undefined : { family: 6, groups: v6 }
}

/**
 * The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:0:0/96, RFC 4291 2.5.5.2), which reaches
 * the IPv4 host itself on a dual-stack socket. DESIGN 5 judges such an address by the IPv4 inside it.
 */
export function unmapIPv4(address: IpAddress): IpAddress {
  if (address.family === 4) return address
  const g = address.groups
  const mapped = g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff
  return mapped ? { family: 4, value: (g[6] ?? 0) * 0x10000 + (g[7] ?? 0) } : address
}

export function formatIPv4(value: number): string {
  return `${value >>> 24}.${(value >>> 16) & 0xff}.${(value >>> 8) & 0xff}.${value & 0xff}`
}

/** `10.0.0.0/8`, `2001:db8::/32`, or a bare address (a /32 or /128). Throws on anything else. */
export function parseCidr(text: string): Cidr {
  const slash = text.indexOf('/')
  const address = parseIp(slash === -1 ? text : text.slice(0, slash))
  if (address === undefined) throw new Error(`Not a CIDR block: ${JSON.stringify(text)}`)
  const max = address.family === 4 ? 32 : 128
  const prefixText = slash === -1 ? String(max) : text.slice(slash + 1)
  const prefix = Number(prefixText)
  if (!/^\d{1,3}$/.test(prefixText) || prefix > max)
    throw new Error(`Not a CIDR block: ${JSON.stringify(text)}`)
  return { address, prefix }
}

export function cidrContains(cidr: Cidr, address: IpAddress): boolean {
  const net = cidr.address
  if (net.family === 4) {
    if (address.family !== 4) return false
    // `>>> 32` is `>>> 0` in JavaScript, so a /0 is handled apart.
    return cidr.prefix === 0 || (net.value ^ address.value) >>> (32 - cidr.prefix) === 0
  }
  if (address.family !== 6) return false
  let remaining = cidr.prefix
  for (let i = 0; i < 8 && remaining > 0; i++) {
    const bits = Math.min(16, remaining)
    const shift = 16 - bits
    if ((net.groups[i] ?? 0) >> shift !== (address.groups[i] ?? 0) >> shift) return false
    remaining -= bits
  }
  return true
}
