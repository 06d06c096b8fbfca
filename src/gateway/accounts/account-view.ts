/** The account as its owner sees it (SPEC 5.7): plan, verification and the trial's days and requests left. */
import type { AccountRow } from './account-repository.ts'

const day = 24 * 60 * 60_000

/** SPEC 5.7 / 8: 30 days from verification and 1,000 requests across all keys. */
export const trial = { days: 30, requests: 1000 } as const

export type AccountView = {
  id: string
  email: string
  email_verified: boolean
  plan: string
  created_at: string
  trial: {
    ends_at: string
    days_left: number
    requests_used: number
    requests_left: number
    requests_included: number
  }
}

/** The trial runs from verification, or from sign-up while the address is still waiting. */
export function accountView(account: AccountRow, requestsUsed: number, now: number): AccountView {
  const start = account.email_verified_at ?? account.created_at
  const endsAt = start + trial.days * day
  return {
    id: account.id,
    email: account.email,
    email_verified: account.email_verified_at !== null,
    plan: account.plan,
    created_at: new Date(account.created_at).toISOString(),
    trial: {
      ends_at: new Date(endsAt).toISOString(),
      days_left: Math.max(0, Math.ceil((endsAt - now) / day)),
      requests_used: requestsUsed,
      requests_left: Math.max(0, trial.requests - requestsUsed),
      requests_included: trial.requests,
    },
  }
}
