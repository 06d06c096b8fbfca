/** What each network's operations are built from (one composition in social-service.ts). */
import type { Clock } from '../../shared/clock.ts'
import { AppError } from '../../shared/errors.ts'
import type { CursorCodec } from './cursor-codec.ts'
import type { UpstreamClient } from './upstream-client.ts'

export type CacheTtls = {
  /** Profiles, accounts, users, tags. */
  profileMs: number
  /** Feeds, timelines, story lists, threads. */
  listMs: number
  /** Single posts and Hacker News items. */
  itemMs: number
}

export const defaultCacheTtls: CacheTtls = { profileMs: 60_000, listMs: 30_000, itemMs: 60_000 }

export type NetworkDeps = {
  upstream: UpstreamClient
  codec: CursorCodec
  clock: Clock
  ttl: CacheTtls
}

/** An answer whose shape is not what the network documents. */
export function unexpectedAnswer(label: string): AppError {
  return new AppError('upstream_unavailable', `${label} answered in an unexpected shape.`)
}
