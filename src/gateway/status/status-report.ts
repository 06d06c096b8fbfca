/**
 * What the public status page says (issue 15): per region, in service or not, how many nodes are in
 * service, and the 24-hour strip; a one-line summary on top. Nothing that helps find a node: no address,
 * no device id, no latency.
 */
import { cloudRegion, regions, type Region } from '../../shared/regions.ts'
import { inService, type Fleet } from '../fleet/fleet.ts'
import type { HourOfHistory, StatusHistory } from './status-history.ts'

export type Summary = 'operational' | 'degraded' | 'outage'

export type RegionStatus = {
  region: Region
  cloud_region: string
  in_service: boolean
  nodes_in_service: number
  /** The last 24 hours, oldest first. */
  history: { hour: string; availability: number | null }[]
  /** In-service share over the hours that have samples; null before the first sample. */
  availability_24h: number | null
}

export type StatusReport = { summary: Summary; headline: string; regions: RegionStatus[] }

export const headlines: Record<Summary, string> = {
  operational: 'All systems operational',
  degraded: 'Some regions are out of service',
  outage: 'No region is in service',
}

function overall(hours: readonly HourOfHistory[]): number | null {
  const sampled = hours.filter((hour) => hour.availability !== null)
  if (sampled.length === 0) return null
  return sampled.reduce((sum, hour) => sum + hour.availability!, 0) / sampled.length
}

export function statusReport(fleet: Pick<Fleet, 'members'>, history: StatusHistory): StatusReport {
  const report = regions.map((region): RegionStatus => {
    const nodes = fleet.members.filter((member) => member.region === region && inService(member)).length
    const hours = history.strip(region)
    return {
      region,
      cloud_region: cloudRegion[region],
      in_service: nodes > 0,
      nodes_in_service: nodes,
      history: hours.map((hour) => ({
        hour: new Date(hour.start).toISOString(),
        availability: hour.availability === null ? null : Math.round(hour.availability * 10_000) / 10_000,
      })),
      availability_24h: (() => {
        const value = overall(hours)
        return value === null ? null : Math.round(value * 10_000) / 10_000
      })(),
    }
  })
  const up = report.filter((region) => region.in_service).length
  const summary: Summary = up === report.length ? 'operational' : up === 0 ? 'outage' : 'degraded'
  return { summary, headline: headlines[summary], regions: report }
}
