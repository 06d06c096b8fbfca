/**
 * The public status page's memory (issue 15): every `sampleEveryMs` this gateway writes down, per region,
 * whether its own health probes have a node in service there, and keeps the last 24 hours in hourly
 * buckets. Kept in memory per gateway: a restarted gateway starts an empty strip, and two gateways may
 * show slightly different strips (docs/dashboard.md, "Status page").
 */
import type { Clock } from '../../shared/clock.ts'
import { regions, type Region } from '../../shared/regions.ts'
import type { Fleet } from '../fleet/fleet.ts'

export const hourMs = 3_600_000
export const stripHours = 24

type Bucket = { up: number; samples: number }

export type StatusHistoryOptions = {
  fleet: Pick<Fleet, 'regionInService'>
  clock: Clock
  sampleEveryMs?: number
}

export type HourOfHistory = {
  /** Start of the hour, epoch ms (UTC). */
  start: number
  /** Share of samples in that hour with the region in service, 0 to 1; null when nothing was sampled. */
  availability: number | null
}

export function createStatusHistory(options: StatusHistoryOptions) {
  const { fleet, clock } = options
  const sampleEveryMs = options.sampleEveryMs ?? 60_000
  const buckets = new Map<Region, Map<number, Bucket>>(regions.map((region) => [region, new Map()]))
  let timer: NodeJS.Timeout | undefined

  function hourOf(time: number): number {
    return Math.floor(time / hourMs) * hourMs
  }

  /** One sample of every region, as this gateway's probes see it now. */
  function sample(): void {
    const now = clock.now()
    const hour = hourOf(now)
    const oldest = hour - (stripHours - 1) * hourMs
    for (const region of regions) {
      const byHour = buckets.get(region)!
      const bucket = byHour.get(hour) ?? { up: 0, samples: 0 }
      bucket.samples += 1
      if (fleet.regionInService(region)) bucket.up += 1
      byHour.set(hour, bucket)
      for (const start of byHour.keys()) if (start < oldest) byHour.delete(start)
    }
  }

  /** The last 24 hours of a region, oldest first; the last entry is the hour running now. */
  function strip(region: Region): HourOfHistory[] {
    const last = hourOf(clock.now())
    const byHour = buckets.get(region)!
    const hours: HourOfHistory[] = []
    for (let i = stripHours - 1; i >= 0; i--) {
      const start = last - i * hourMs
      const bucket = byHour.get(start)
      hours.push({ start, availability: bucket === undefined ? null : bucket.up / bucket.samples })
    }
    return hours
  }

  function start(): void {
    if (timer !== undefined) return
    sample()
    timer = setInterval(sample, sampleEveryMs)
    timer.unref()
  }

  function stop(): void {
    if (timer !== undefined) clearInterval(timer)
    timer = undefined
  }

  return { sample, strip, start, stop }
}

export type StatusHistory = ReturnType<typeof createStatusHistory>
