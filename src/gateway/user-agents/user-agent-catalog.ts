/** Lookups over the curated catalog (SPEC 4.4). The data itself lives in catalog-entries.ts. */
import { catalogEntries } from './catalog-entries.ts'
import type { Browser, DeviceType, OperatingSystem, UserAgentEntry } from './user-agent.ts'

export type UserAgentFilter = {
  browser?: Browser | undefined
  os?: OperatingSystem | undefined
  device_type?: DeviceType | undefined
  /** At most this many entries, counted after the other filters. */
  limit?: number | undefined
}

/** The entries that match every given filter, in catalog order (newest release first on each platform). */
export function listUserAgents(
  filter: UserAgentFilter = {},
  entries: readonly UserAgentEntry[] = catalogEntries,
): UserAgentEntry[] {
  const matching = entries.filter(
    (entry) =>
      (filter.browser === undefined || entry.browser === filter.browser) &&
      (filter.os === undefined || entry.os === filter.os) &&
      (filter.device_type === undefined || entry.device_type === filter.device_type),
  )
  return filter.limit === undefined ? matching : matching.slice(0, filter.limit)
}
