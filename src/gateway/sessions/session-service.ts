/**
 * Dashboard sessions, kept server-side (DESIGN 4). The session id is 32 random bytes that only the
 * browser's cookie holds; the database keeps its SHA-256. Time-outs follow OWASP's session guidance:
 * 60 minutes idle (sliding; last_seen is written at most once a minute) and 12 hours absolute.
 *
 * The CSRF token is derived from the session id (HMAC), so it needs no storage, changes with every
 * sign-in, and cannot be computed from anything the database holds.
 */
import { Buffer } from 'node:buffer'
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../../shared/clock.ts'
import { digestOf, isSecretShaped, newSecret } from '../accounts/secrets.ts'
import type { SessionRepository } from './session-repository.ts'

export type SessionPolicy = { idleMs: number; absoluteMs: number; touchEveryMs: number }

export const defaultSessionPolicy: SessionPolicy = {
  idleMs: 60 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
  touchEveryMs: 60_000,
}

export type LiveSession = { accountId: string; csrfToken: string }

export function csrfTokenOf(sessionId: string): string {
  return createHmac('sha256', sessionId).update('sallyport csrf token').digest('base64url')
}

/** Constant-time comparison of a presented CSRF token with the session's. */
export function csrfTokenMatches(session: LiveSession, presented: string): boolean {
  const expected = Buffer.from(session.csrfToken)
  const given = Buffer.from(presented)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function createSessionService({
  repo,
  clock,
  policy = defaultSessionPolicy,
}: {
  repo: SessionRepository
  clock: Clock
  policy?: SessionPolicy
}) {
  /** A fresh session id at every sign-in: a value planted in the browser before is never adopted. */
  async function start(accountId: string): Promise<{ sessionId: string; csrfToken: string }> {
    const now = clock.now()
    await repo.removeExpired(accountId, now - policy.idleMs, now - policy.absoluteMs)
    const sessionId = newSecret()
    await repo.insert({
      digest: digestOf(sessionId),
      account_id: accountId,
      created_at: now,
      last_seen_at: now,
    })
    return { sessionId, csrfToken: csrfTokenOf(sessionId) }
  }

  /** The live session this id opens, or undefined (unknown, signed out, idle or too old). */
  async function resolve(sessionId: string): Promise<LiveSession | undefined> {
    if (!isSecretShaped(sessionId)) return undefined
    const digest = digestOf(sessionId)
    const row = await repo.find(digest)
    if (row === undefined) return undefined
    const now = clock.now()
    if (now - row.last_seen_at >= policy.idleMs || now - row.created_at >= policy.absoluteMs) {
      await repo.remove(digest)
      return undefined
    }
    if (now - row.last_seen_at >= policy.touchEveryMs) await repo.touch(digest, now)
    return { accountId: row.account_id, csrfToken: csrfTokenOf(sessionId) }
  }

  async function end(sessionId: string): Promise<void> {
    if (isSecretShaped(sessionId)) await repo.remove(digestOf(sessionId))
  }

  /** Every other session of the account ends; `sessionId`'s stays. */
  async function endOthers(accountId: string, sessionId: string): Promise<void> {
    await repo.removeOthers(accountId, digestOf(sessionId))
  }

  async function endAll(accountId: string): Promise<void> {
    await repo.removeForAccount(accountId)
  }

  return { start, resolve, end, endOthers, endAll, policy }
}

export type SessionService = ReturnType<typeof createSessionService>
