/**
 * A ceiling on mails per address (default 5 an hour), so sign-up, resend and reset cannot be used to
 * flood someone's mailbox. Over the ceiling a mail is skipped silently: those endpoints answer the same
 * whatever happens, so the caller learns nothing from it either.
 */
import type { Clock } from '../../shared/clock.ts'
import { attemptKey, type AttemptStore } from '../throttles/attempt-store.ts'

export type MailGatePolicy = { perAddress: number; windowMs: number }

export const defaultMailGatePolicy: MailGatePolicy = { perAddress: 5, windowMs: 60 * 60_000 }

export function createMailGate({
  store,
  clock,
  policy = defaultMailGatePolicy,
}: {
  store: AttemptStore
  clock: Clock
  policy?: MailGatePolicy
}) {
  async function allow(emailKey: string): Promise<boolean> {
    const now = clock.now()
    const key = attemptKey('mail', emailKey)
    // Counted before the check, so mails asked for all at once see each other and cannot pass the ceiling.
    const id = await store.add(key, now)
    const window = await store.window(key, now - policy.windowMs)
    if (window.count <= policy.perAddress) return true
    await store.remove(key, id)
    return false
  }
  return { allow }
}

export type MailGate = ReturnType<typeof createMailGate>
