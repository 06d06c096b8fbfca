/**
 * Which usage alerts an account's month has earned (issue 15): 80 % and 100 % of the trial's requests,
 * of the plan's included requests, and of the spending cap. Pure: the service claims and mails.
 */
import type { UsageView } from '../billing/billing-service.ts'

export type AlertKind = 'trial' | 'included' | 'cap'

export const thresholds = [80, 100] as const

export type DueAlert = {
  kind: AlertKind
  threshold: (typeof thresholds)[number]
  used: number
  limit: number
}

function crossed(kind: AlertKind, used: number, limit: number): DueAlert[] {
  if (limit <= 0) return []
  return thresholds
    .filter((t) => used * 100 >= limit * t)
    .map((threshold) => ({ kind, threshold, used, limit }))
}

export function dueAlerts(usage: UsageView): DueAlert[] {
  const due: DueAlert[] = []
  if (usage.trial !== null)
    due.push(...crossed('trial', usage.trial.requestsUsed, usage.trial.requestsIncluded))
  if (usage.plan !== 'trial') {
    due.push(...crossed('included', usage.charge.usedRequests, usage.charge.includedRequests))
  }
  if (usage.capCents !== null) due.push(...crossed('cap', usage.charge.totalCents, usage.capCents))
  return due
}
