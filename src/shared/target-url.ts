/**
 * The URL rules of a target (DESIGN 5), shared by the gateway's request check and the node's check of every
 * hop: http or https only, no user name or password, a host. Each side words its own refusal.
 */
export type TargetUrlFault = 'scheme' | 'credentials' | 'host'

/** What breaks the rules in `url`, or undefined for a URL that may be fetched. */
export function targetUrlFault(url: URL): TargetUrlFault | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme'
  if (url.username !== '' || url.password !== '') return 'credentials'
  if (url.hostname === '') return 'host'
  return undefined
}
