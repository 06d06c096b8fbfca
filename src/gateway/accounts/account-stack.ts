/**
 * Accounts, sessions, keys and metering wired over one database and one mailer: what the gateway's
 * composition root, the admin commands and the tests all build the same way.
 */
import type { Logger } from 'pino'
import type { Database } from '../../infra/database/database.ts'
import type { Mailer } from '../../infra/mail/mailer.ts'
import type { Clock } from '../../shared/clock.ts'
import { createBackgroundTasks } from '../background-tasks.ts'
import { createKeyAuthenticator } from '../keys/key-authenticator.ts'
import { createKeyRepository, type KeyRepository } from '../keys/key-repository.ts'
import { createKeyService } from '../keys/key-service.ts'
import { withRevocationMarkers, type KeyStates } from '../keys/key-states.ts'
import type { AttemptStore } from '../throttles/attempt-store.ts'
import { createAnonymousThrottle, type AnonymousPolicy } from '../throttles/anonymous-throttle.ts'
import { createAttemptRepository } from '../throttles/attempt-repository.ts'
import { createMeteringService } from '../metering/metering-service.ts'
import { createUsageRepository } from '../metering/usage-repository.ts'
import { createSessionRepository } from '../sessions/session-repository.ts'
import { createSessionService, type SessionPolicy } from '../sessions/session-service.ts'
import { createSignInService } from '../sessions/sign-in-service.ts'
import { createSignInThrottle, type SignInPolicy } from '../sessions/sign-in-throttle.ts'
import { createAccountPurge, type PurgePolicy } from './account-purge.ts'
import { createAccountLifeRepository } from './account-life-repository.ts'
import { createAccountLifeService } from './account-life-service.ts'
import { createAccountRepository } from './account-repository.ts'
import { type Links } from './account-links.ts'
import { createAccountService } from './account-service.ts'
import { createHashingGate, type HashingPolicy } from './hashing-gate.ts'
import { createMailGate, type MailGatePolicy } from './mail-gate.ts'
import { createPasswordHasher, type PasswordHasher } from './password-hasher.ts'
import { createTwoFactorService } from './two-factor-service.ts'

export type AccountStackOptions = {
  db: Database
  mailer: Pick<Mailer, 'send'>
  clock: Clock
  log: Pick<Logger, 'error' | 'warn' | 'info'>
  links: Links
  /** Tests pass cheap scrypt parameters; production uses OWASP's. */
  hasher?: PasswordHasher
  sessionPolicy?: SessionPolicy
  signInPolicy?: SignInPolicy
  mailGatePolicy?: MailGatePolicy
  anonymousPolicy?: AnonymousPolicy
  hashingPolicy?: HashingPolicy
  purgePolicy?: PurgePolicy
  /** The sign-in slow-down's wait; tests record instead of sleeping. */
  delay?: (ms: number) => Promise<unknown>
  /** Event logs for the throttles; the database by default, so every gateway sees the same counts. */
  attempts?: AttemptStore
  /** Wraps the key repository (tests spy on lookups). */
  keyRepository?: (repo: KeyRepository) => KeyRepository
  /**
   * Key state in the admission store (ADR 0011): with it, key records are kept in memory and confirmed by
   * each admission, and every revocation writes its marker. Without it (admin commands, which revoke
   * nothing), every key is looked up in the database.
   */
  keyStates?: KeyStates
}

export function createAccountStack(options: AccountStackOptions) {
  const { db, clock } = options
  const background = createBackgroundTasks(options.log)
  const attempts = options.attempts ?? createAttemptRepository(db)
  const usage = createUsageRepository(db, { log: options.log })
  const metering = createMeteringService({
    repo: usage,
    clock,
    background,
    log: options.log,
  })
  const accountRepository = createAccountRepository(db)
  const hasher = options.hasher ?? createPasswordHasher()
  const lifeRepository = createAccountLifeRepository(db)
  const twoFactor = createTwoFactorService({ repo: lifeRepository, clock })
  // Started by the gateway once its database is migrated (deps.ts); admin commands never start it.
  const purge = createAccountPurge({
    repo: accountRepository,
    attempts,
    clock,
    log: options.log,
    policy: options.purgePolicy,
  })
  // One ceiling per client address across every anonymous account call, wherever the service lives.
  const anonymous = createAnonymousThrottle({ store: attempts, clock, policy: options.anonymousPolicy })
  const accounts = createAccountService({
    repo: accountRepository,
    hasher,
    hashing: createHashingGate(options.hashingPolicy),
    anonymous,
    mailer: options.mailer,
    mailGate: createMailGate({
      store: attempts,
      clock,
      ...(options.mailGatePolicy !== undefined && { policy: options.mailGatePolicy }),
    }),
    links: options.links,
    usage: metering,
    clock,
    background,
  })
  const sessions = createSessionService({
    repo: createSessionRepository(db),
    clock,
    ...(options.sessionPolicy !== undefined && { policy: options.sessionPolicy }),
  })
  const throttle = createSignInThrottle({
    store: attempts,
    clock,
    ...(options.signInPolicy !== undefined && { policy: options.signInPolicy }),
    ...(options.delay !== undefined && { delay: options.delay }),
  })
  const signIn = createSignInService({ accounts, sessions, throttle, twoFactor })
  const { keyStates } = options
  const baseKeyRepository = createKeyRepository(db)
  const spiedKeyRepository = options.keyRepository?.(baseKeyRepository) ?? baseKeyRepository
  const keyRepository =
    keyStates === undefined
      ? spiedKeyRepository
      : withRevocationMarkers(spiedKeyRepository, keyStates, options.log)
  const keys = createKeyService({ repo: keyRepository, clock })
  const authenticator = createKeyAuthenticator({ repo: keyRepository, clock, background, states: keyStates })
  const life = createAccountLifeService({
    accounts: accountRepository,
    life: lifeRepository,
    keys: keyRepository,
    sessions,
    hasher,
    anonymous,
    mailer: options.mailer,
    links: options.links,
    clock,
    background,
  })
  /** Writes what is still pending (usage tally, mails, last-use stamps): before shutdown, and in tests. */
  async function drain(): Promise<void> {
    await metering.drain()
    await background.drain()
    await usage.settle()
  }
  /** The last drain, at shutdown: counts the database did not take are logged for an operator to add. */
  async function close(): Promise<void> {
    await purge.stop()
    await metering.drain()
    await background.drain()
    // The journal's last fold; counts the database refused stay in the journal for the next start.
    await usage.close().catch((error: unknown) => {
      options.log.warn({ err: error }, 'usage journal: counts stay in the journal for the next start')
    })
    const lost = metering.unwrittenCounts()
    if (lost.length === 0) return
    options.log.error(
      {
        usage: lost.map(({ accountId, day, requests, bytes }) => ({
          account_id: accountId,
          day,
          requests,
          bytes,
        })),
      },
      'usage counts could not be written before shutdown: add them to usage_daily by hand',
    )
  }
  /**
   * At start-up, once migrated: counts a killed process left in the usage journal go into the ledger
   * before anything is served.
   */
  async function replayUsage(): Promise<void> {
    await usage.settle()
  }
  return {
    accounts,
    sessions,
    signIn,
    keys,
    life,
    twoFactor,
    metering,
    authenticator,
    background,
    purge,
    drain,
    close,
    replayUsage,
  }
}

export type AccountStack = ReturnType<typeof createAccountStack>
