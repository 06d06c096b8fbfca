/**
 * Billing periods: calendar months in UTC (a period starts at 00:00 UTC on the 1st), and the UTC day
 * names (`YYYY-MM-DD`) that metering keys its rows by.
 */
export const dayMs = 86_400_000

export type Period = Readonly<{
  /** `YYYY-MM`. */
  month: string
  /** Epoch ms of the first instant of the month, UTC. */
  start: number
  /** Epoch ms of the first instant of the next month: the period is [start, end). */
  end: number
  firstDay: string
  lastDay: string
}>

export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

function periodFrom(year: number, monthIndex: number): Period {
  const start = Date.UTC(year, monthIndex, 1)
  const end = Date.UTC(year, monthIndex + 1, 1)
  return Object.freeze({
    month: new Date(start).toISOString().slice(0, 7),
    start,
    end,
    firstDay: dayOf(start),
    lastDay: dayOf(end - dayMs),
  })
}

/** The period `now` falls in. */
export function periodOf(now: number): Period {
  const date = new Date(now)
  return periodFrom(date.getUTCFullYear(), date.getUTCMonth())
}

/** `2026-03` → its period; undefined for anything else (`2026-3`, `2026-13`, `26-03`). */
export function parseMonth(month: string): Period | undefined {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month)
  if (match === null) return undefined
  return periodFrom(Number(match[1]), Number(match[2]) - 1)
}

/** Every UTC day from `firstDay` to `lastDay`, both included, in order. */
export function daysFrom(firstDay: string, lastDay: string): string[] {
  const days: string[] = []
  for (let at = Date.parse(`${firstDay}T00:00:00Z`); dayOf(at) <= lastDay; at += dayMs) days.push(dayOf(at))
  return days
}
