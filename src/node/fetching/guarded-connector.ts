/**
 * The undici `connect` function every egress connection goes through (DESIGN 5): resolve the host once,
 * check every address, refuse before dialling, then dial the checked address itself. The dialler
 * (dialer.ts) does the dialling, TLS with ALPN and the connect time-out; it is handed an IP literal, for
 * which `net.connect` / `tls.connect` skip the lookup, and the original name as `servername` so SNI and
 * certificate validation still use the name. The same holds for HTTP/1.1 and HTTP/2: undici picks the
 * protocol from the socket's ALPN result, after this connector has chosen the address.
 */
import { isIPv4, isIPv6, type LookupFunction } from 'node:net'
import type { buildConnector } from 'undici'
import { checkHost, type AddressPolicy } from './address-policy.ts'
import { createDialer } from './dialer.ts'
import { NoEgressRouteError, TargetNotPermittedError, TargetUnresolvedError } from './fetch-errors.ts'
import type { Resolver } from './resolver.ts'

export type GuardedConnectorOptions = {
  resolver: Resolver
  policy: AddressPolicy
  /** Local address outgoing connections bind to; undefined lets the OS choose. */
  localAddress?: string | undefined
  connectTimeoutMs: number
  /** PEM certificates trusted for target TLS besides the bundled root store. */
  extraCa?: string | undefined
  /** The dialler, dialer.ts by default; tests inject a fake so nothing is dialled. */
  dial?: buildConnector.connector
}

/** Connect-phase failures after which the next checked address is worth a try; TLS failures are not. */
const tryNextAddressOn = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
])

/** Never called for an IP literal; if it ever were, a second lookup would defeat the check, so it fails. */
const refuseLookup: LookupFunction = (_hostname, _options, callback) => {
  callback(new TargetNotPermittedError(), '', 4)
}

export function createGuardedConnector(options: GuardedConnectorOptions): buildConnector.connector {
  const { resolver, policy, localAddress } = options
  const dial =
    options.dial ??
    createDialer({ timeoutMs: options.connectTimeoutMs, extraCa: options.extraCa, lookup: refuseLookup })
  const sameFamily =
    localAddress === undefined
      ? undefined
      : isIPv6(localAddress)
        ? isIPv6
        : isIPv4(localAddress)
          ? isIPv4
          : undefined

  return function connect(connectOptions, callback) {
    // undici passes the URL's hostname, with the brackets of an IPv6 literal already removed.
    const { hostname } = connectOptions
    // `void`: undici's connector contract is callback-based, and both outcomes end in `callback`.
    void checkHost(hostname, resolver, policy).then(
      (check) => {
        if (!check.ok) {
          const refused = check.reason === 'not_permitted'
          callback(refused ? new TargetNotPermittedError() : new TargetUnresolvedError(check.cause), null)
          return
        }
        // An IPv4 egress address cannot reach an IPv6 target and the other way round.
        const addresses =
          sameFamily === undefined ? check.addresses : check.addresses.filter((a) => sameFamily(a))
        const dialOptions: buildConnector.Options = { ...connectOptions }
        // SNI and certificate checks use the name; an IP literal target has no SNI (RFC 6066 section 3).
        const servername = connectOptions.protocol === 'https:' ? sniName(hostname) : undefined
        if (servername !== undefined) dialOptions.servername = servername
        if (localAddress !== undefined) dialOptions.localAddress = localAddress
        dialInTurn(dial, dialOptions, addresses, callback)
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    )
  }
}

/** Dials the checked addresses one after the other until one connects (or fails in a way worth stopping). */
function dialInTurn(
  dial: buildConnector.connector,
  options: buildConnector.Options,
  addresses: readonly string[],
  callback: buildConnector.Callback,
): void {
  let attempt = 0
  const next = (lastError: Error | undefined): void => {
    const address = addresses[attempt++]
    if (address === undefined) {
      callback(lastError ?? new NoEgressRouteError(), null)
      return
    }
    const onDialled: buildConnector.Callback = (...result) => {
      const [error] = result
      if (error !== null && tryNextAddressOn.has((error as { code?: string }).code ?? '')) next(error)
      else callback(...result)
    }
    try {
      dial({ ...options, hostname: address }, onDialled)
    } catch (error) {
      // net.connect throws synchronously on bad options (an invalid localAddress...).
      callback(error instanceof Error ? error : new Error(String(error)), null)
    }
  }
  next(undefined)
}

function sniName(hostname: string): string | undefined {
  return isIPv4(hostname) || isIPv6(hostname) ? undefined : hostname
}
