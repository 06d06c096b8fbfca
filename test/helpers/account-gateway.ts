/**
 * A gateway with the real account area on a real SQLite file in its own temp dir (so tests run in
 * parallel), a mail catcher, a manual clock, cheap scrypt parameters, captured logs and fake egress nodes.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import pino, { type LoggerOptions } from 'pino'
import { buildGateway } from '../../src/gateway/app.ts'
import { createAccountStack, type AccountStackOptions } from '../../src/gateway/accounts/account-stack.ts'
import { createPasswordHasher } from '../../src/gateway/accounts/password-hasher.ts'
import { createAlertStack } from '../../src/gateway/alerts/alert-stack.ts'
import { createBillingStack } from '../../src/gateway/billing/billing-stack.ts'
import { createPlanCatalog } from '../../src/gateway/billing/plans.ts'
import type { Fleet } from '../../src/gateway/fleet/fleet.ts'
import { keyStatesOf } from '../../src/gateway/keys/key-states.ts'
import type { Scope } from '../../src/gateway/keys/scopes.ts'
import { fixedLimits } from '../../src/gateway/rate-limits/account-limits.ts'
import { createMemoryAdmissionStore } from '../../src/gateway/rate-limits/memory-admission-store.ts'
import { systemClock } from '../../src/shared/clock.ts'
import { openSqliteDatabase, type Database } from '../../src/infra/database/database.ts'
import { migrateToLatest } from '../../src/infra/database/migrator.ts'
import type { MailContext, MailMessage } from '../../src/infra/mail/mailer.ts'
import { loggerOptions } from '../../src/shared/logger.ts'
import { manualClock, type ManualClock } from './manual-clock.ts'
import { memoryGatewayDeps } from './memory-gateway-deps.ts'
import { createFakeFleet, type FakeNode } from './test-gateway.ts'

export type CaughtMail = MailMessage & MailContext

export type AccountGatewayOptions = Partial<
  Pick<
    AccountStackOptions,
    | 'sessionPolicy'
    | 'signInPolicy'
    | 'mailGatePolicy'
    | 'anonymousPolicy'
    | 'hashingPolicy'
    | 'hasher'
    | 'keyRepository'
    | 'attempts'
  >
> & {
  publicBaseUrl?: string
  nodes?: FakeNode[]
  /**
   * Ask billing's standing before each fetch (trial expiry, spending cap), as deps.ts wires it; the gateway
   * then also runs on the test clock (its rate-limit windows too, which do not move unless it is advanced).
   */
  standing?: boolean
  /** SALLYPORT_TRUSTED_PROXIES of the gateway: load balancers whose X-Forwarded-For names the client. */
  trustedProxies?: readonly string[]
  /**
   * Key records in memory, confirmed by each admission (ADR 0011), as every gateway runs; false: every key
   * is looked up in the database.
   */
  keyCache?: boolean
}

export type AccountGateway = Awaited<ReturnType<typeof buildAccountTestGateway>>

export const testPassword = 'correct horse battery'

/** Cheap scrypt for tests: the format and the code path are the production ones. */
export const testHasher = () => createPasswordHasher({ logN: 10, r: 8, p: 1 })

export async function openTestDatabase(): Promise<{ db: Database; dir: string; close: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'sallyport-test-'))
  const db = openSqliteDatabase(join(dir, 'sallyport.db'))
  await migrateToLatest(db)
  return {
    db,
    dir,
    close: async () => {
      await db.destroy()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export async function buildAccountTestGateway(options: AccountGatewayOptions = {}) {
  const database = await openTestDatabase()
  const clock: ManualClock = manualClock()
  const mails: CaughtMail[] = []
  const delays: number[] = []
  const logLines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString())
      done()
    },
  })
  // The production logger options (serializers included), written to a capture stream.
  const logger = { ...loggerOptions('info', 'gateway'), stream } as LoggerOptions
  const fleet: Fleet = await createFakeFleet(options.nodes)
  // The gateway's admission store, which also holds the key state its key cache is confirmed against.
  const admissionStore = createMemoryAdmissionStore({
    clock: options.standing === true ? clock : systemClock,
  })
  const stack = createAccountStack({
    ...(options.keyCache !== false && { keyStates: keyStatesOf(admissionStore) }),
    db: database.db,
    mailer: {
      send: async (message, context) => {
        mails.push({ ...message, ...context })
      },
    },
    clock,
    log: pino(loggerOptions('info', 'gateway'), stream),
    links: { base: () => options.publicBaseUrl ?? 'http://sallyport.test' },
    hasher: options.hasher ?? testHasher(),
    ...(options.anonymousPolicy !== undefined && { anonymousPolicy: options.anonymousPolicy }),
    ...(options.hashingPolicy !== undefined && { hashingPolicy: options.hashingPolicy }),
    delay: async (ms) => {
      delays.push(ms)
    },
    ...(options.sessionPolicy !== undefined && { sessionPolicy: options.sessionPolicy }),
    ...(options.signInPolicy !== undefined && { signInPolicy: options.signInPolicy }),
    ...(options.mailGatePolicy !== undefined && { mailGatePolicy: options.mailGatePolicy }),
    ...(options.keyRepository !== undefined && { keyRepository: options.keyRepository }),
    ...(options.attempts !== undefined && { attempts: options.attempts }),
  })
  const billing = createBillingStack({
    db: database.db,
    metering: stack.metering,
    clock,
    catalog: createPlanCatalog(),
  })
  const alerts = createAlertStack({
    db: database.db,
    billing: billing.billing,
    mailer: {
      send: async (message, context) => {
        mails.push({ ...message, ...context })
      },
    },
    clock,
    background: stack.background,
    log: pino(loggerOptions('info', 'gateway'), stream),
    links: { base: () => options.publicBaseUrl ?? 'http://sallyport.test' },
  })
  const deps = memoryGatewayDeps(fleet, {
    authenticator: stack.authenticator,
    logger,
    account: { ...stack, alerts, publicBaseUrl: options.publicBaseUrl },
    metering: alerts.watch(stack.metering),
    billing,
    catalog: billing.catalog,
    ...(options.standing === true && { standing: billing.standing, clock }),
    ...(options.trustedProxies !== undefined && { trustedProxies: options.trustedProxies }),
    rateLimits: {
      store: admissionStore,
      limits: fixedLimits(),
      hostKeySecret: randomBytes(32).toString('base64url'),
    },
  })
  const app: FastifyInstance = buildGateway(deps)
  await app.ready()

  const cookieName = options.publicBaseUrl?.startsWith('https:')
    ? '__Host-sallyport_session'
    : 'sallyport_session'

  /** Waits for mail, usage counts and last-use stamps still running in the background. */
  const settle = () => stack.drain()

  async function mailsTo(address: string): Promise<CaughtMail[]> {
    await settle()
    return mails.filter((mail) => mail.to.toLowerCase() === address.toLowerCase())
  }

  /** The token of the newest mail of this kind to this address. */
  async function tokenFrom(address: string, kind: string): Promise<string> {
    const mail = (await mailsTo(address)).filter((m) => m.kind === kind).at(-1)
    const token = mail === undefined ? undefined : /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
    if (token === undefined) throw new Error(`no ${kind} mail with a token to ${address}`)
    return token
  }

  function post(url: string, body: unknown, extra: Partial<InjectOptions> = {}) {
    return app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(extra.headers ?? {}) },
      payload: JSON.stringify(body),
      ...(extra.remoteAddress !== undefined && { remoteAddress: extra.remoteAddress }),
    })
  }

  /** Sign-up through the API and confirmation with the mailed token. */
  async function verifiedAccount(email: string, password = testPassword): Promise<void> {
    const signUp = await post('/v2/account', { email, password })
    if (signUp.statusCode !== 202) throw new Error(`sign-up answered ${signUp.statusCode}: ${signUp.body}`)
    const verify = await post('/v2/account/verify', { token: await tokenFrom(email, 'verify_email') })
    if (verify.statusCode !== 200) throw new Error(`verify answered ${verify.statusCode}: ${verify.body}`)
  }

  function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
    const header = response.headers['set-cookie']
    const lines = Array.isArray(header) ? header : header === undefined ? [] : [header]
    const line = lines.find((value) => value.startsWith(`${cookieName}=`))
    const value = line?.slice(cookieName.length + 1).split(';')[0]
    return value === undefined || value === '' ? undefined : value
  }

  type Session = { cookie: string; csrf: string; accountId: string; headers: Record<string, string> }

  async function signIn(
    email: string,
    password = testPassword,
    remoteAddress = '192.0.2.10',
  ): Promise<Session> {
    const response = await post('/v2/session', { email, password }, { remoteAddress })
    if (response.statusCode !== 200)
      throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`)
    const cookie = sessionCookieOf(response)!
    const body = response.json()
    return {
      cookie,
      csrf: body.csrf_token,
      accountId: body.account.id,
      headers: { cookie: `${cookieName}=${cookie}`, 'x-csrf-token': body.csrf_token },
    }
  }

  async function mintKey(session: Session, name = 'test', scopes: Scope[] = ['proxy', 'read']) {
    const response = await post('/v2/keys', { name, scopes }, { headers: session.headers })
    if (response.statusCode !== 201) throw new Error(`mint answered ${response.statusCode}: ${response.body}`)
    return response.json<{
      id: string
      key: string
      prefix: string
      name: string
      scopes: Scope[]
      created_at: string
    }>()
  }

  return {
    app,
    db: database.db,
    dir: database.dir,
    clock,
    stack,
    billing,
    alerts,
    mails,
    delays,
    logLines,
    cookieName,
    settle,
    mailsTo,
    tokenFrom,
    post,
    verifiedAccount,
    sessionCookieOf,
    signIn,
    mintKey,
    close: async () => {
      await app.close()
      await fleet.close()
      await deps.close()
      await admissionStore.close()
      await settle()
      await database.close()
    },
  }
}
