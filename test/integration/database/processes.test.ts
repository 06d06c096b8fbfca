/**
 * The processes on each engine, as operators run them: `sallyport migrate` from two shells at once,
 * `admin create-account`, `sallyport gateway` answering /readyz; `sallyport dev` staying on SQLite; and
 * /readyz failing fast when PostgreSQL does not answer.
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { loadGatewayConfig } from '../../../src/config/gateway-config.ts'
import { buildGateway } from '../../../src/gateway/app.ts'
import { createGatewayDeps } from '../../../src/gateway/deps.ts'
import { databaseFileName } from '../../../src/infra/database/database.ts'
import { migrations } from '../../../src/infra/database/migrations/index.ts'
import { freePort, runCli, runCliOnce } from '../../helpers/cli.ts'
import { forEachDialect, postgresAvailable, postgresUrl } from '../../helpers/databases.ts'

const fleetSecret = 'x'.repeat(40)

forEachDialect((name, openDb) => {
  describe(`the CLI on ${name}`, () => {
    it(
      'migrates once from two processes at once, then admin and gateway share the database',
      { timeout: 90_000 },
      async (t) => {
        const database = await openDb({ migrated: false })
        t.after(database.close)
        const env = { ...database.env, SALLYPORT_LOG_LEVEL: 'info' }

        const runs = await Promise.all([runCliOnce(['migrate'], env), runCliOnce(['migrate'], env)])
        for (const run of runs) assert.equal(run.code, 0, run.output)
        const applied = runs.map((run) => /applied (.*)$/m.exec(run.output)?.[1]).filter(Boolean)
        assert.deepEqual(applied, [Object.keys(migrations).join(', ')], runs.map((r) => r.output).join('\n'))
        assert.equal(runs.filter((run) => run.output.includes('up to date')).length, 1)
        for (const run of runs)
          assert.doesNotMatch(run.output, /:\/\/[^@\s]*:[^@\s*]+@/, 'no password printed')

        const created = await runCliOnce(['admin', 'create-account', '--email', 'ops@example.com'], env)
        assert.equal(created.code, 0, created.output)
        const row = await database.db
          .selectFrom('accounts')
          .select(['email', 'email_verified_at'])
          .executeTakeFirstOrThrow()
        assert.equal(row.email, 'ops@example.com')
        assert.equal(typeof row.email_verified_at, 'number')

        const port = await freePort()
        const gateway = runCli(['gateway'], {
          ...env,
          PORT: String(port),
          SALLYPORT_FLEET_SECRET: fleetSecret,
          // No node answers there: readiness is about the stores, not the fleet.
          SALLYPORT_NODES: `us-east=http://127.0.0.1:${await freePort()}`,
          SALLYPORT_DATABASE_POOL_SIZE: '3',
        })
        t.after(() => gateway.kill())
        await gateway.waitFor('gateway listening', 30_000)
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`)
        const body = (await ready.json()) as { status: string; checks: Record<string, string> }
        assert.equal(ready.status, 200, JSON.stringify(body))
        assert.equal(body.checks.database, 'ok')
        assert.equal(await gateway.kill(), 0, gateway.output())
      },
    )
  })
})

describe('sallyport dev', () => {
  it(
    'stays on SQLite in the data dir even with SALLYPORT_DATABASE_URL set',
    { timeout: 60_000 },
    async (t) => {
      const dir = await mkdtemp(join(tmpdir(), 'sallyport-dev-'))
      t.after(() => rm(dir, { recursive: true, force: true }))
      const dev = runCli(['dev', '--port', String(await freePort())], {
        SALLYPORT_DATA_DIR: dir,
        // A closed port: a dev that used it would fail to start.
        SALLYPORT_DATABASE_URL: `postgres://nobody@127.0.0.1:${await freePort()}/none`,
        SALLYPORT_LOG_LEVEL: 'warn',
      })
      t.after(() => dev.kill())
      await dev.waitFor('Sallyport is running', 45_000)
      assert.match(dev.output(), /database {5}SQLite, .*sallyport\.db/)
      assert.match(dev.output(), /SALLYPORT_DATABASE_URL is ignored/)
      assert.ok(existsSync(join(dir, databaseFileName)))
    },
  )
})

/** A gateway app with its real runtime in this process, in a temp data dir, closed after the test. */
async function gatewayApp(t: TestContext, env: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), 'sallyport-runtime-'))
  const config = loadGatewayConfig(
    {},
    {
      SALLYPORT_FLEET_SECRET: fleetSecret,
      SALLYPORT_NODES: 'us-east=http://127.0.0.1:9',
      SALLYPORT_LOG_LEVEL: 'silent',
      SALLYPORT_DATA_DIR: dir,
      ...env,
    },
  )
  const runtime = createGatewayDeps(config)
  const app = buildGateway(runtime)
  t.after(async () => {
    await app.close()
    await runtime.close()
    await rm(dir, { recursive: true, force: true })
  })
  return app
}

/** A gateway runtime in this process, on the database the URL names, and its /readyz answer. */
async function readyz(t: TestContext, databaseEnv: Record<string, string>) {
  const app = await gatewayApp(t, databaseEnv)
  const started = Date.now()
  const response = await app.inject({ method: 'GET', url: '/readyz' })
  return {
    status: response.statusCode,
    body: response.json<{ status: string; checks: Record<string, string> }>(),
    took: Date.now() - started,
  }
}

describe('/readyz checks the database', () => {
  it('answers ready on SQLite', async (t) => {
    const { status, body } = await readyz(t, {})
    assert.equal(status, 200, JSON.stringify(body))
    assert.equal(body.checks.database, 'ok')
  })

  it(
    'answers ready on PostgreSQL',
    { skip: postgresAvailable ? false : 'no PostgreSQL in this run' },
    async (t) => {
      const { status, body } = await readyz(t, { SALLYPORT_DATABASE_URL: postgresUrl })
      assert.equal(status, 200, JSON.stringify(body))
      assert.equal(body.checks.database, 'ok')
    },
  )

  it(
    'answers 503 when PostgreSQL does not answer, giving up on the connection at the connect time-out',
    { timeout: 30_000 },
    async (t) => {
      // A listener that accepts and never says a word: a hung server or a black-holed route.
      const sockets = new Set<Socket>()
      const closedByClient: Promise<void>[] = []
      const silent = createServer((socket) => {
        sockets.add(socket)
        closedByClient.push(new Promise((resolve) => socket.once('close', () => resolve())))
        // Read and drop what the client sends (so its closing is seen), never answer.
        socket.resume()
      })
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
      t.after(() => {
        for (const socket of sockets) socket.destroy()
        silent.close()
      })
      const { port } = silent.address() as AddressInfo
      const { status, body, took } = await readyz(t, {
        SALLYPORT_DATABASE_URL: `postgres://sallyport@127.0.0.1:${port}/sallyport`,
        SALLYPORT_DATABASE_CONNECT_TIMEOUT_MS: '300',
      })
      assert.equal(status, 503)
      assert.equal(body.status, 'not_ready')
      assert.equal(body.checks.database, 'failing')
      // The pool itself gave up and closed the connection it was opening (the server never closes it): the
      // connect time-out bounds the wait, not the readiness probe's own 2 s limit, nor a client's patience.
      assert.ok(sockets.size >= 1)
      await Promise.all(closedByClient)
      // Only there to catch a hang; the figure on an idle machine is about 300 ms.
      assert.ok(took < 10_000, `took ${took} ms`)
    },
  )
})

describe('the gateway runtime', () => {
  it('shows on every plan the rate limits admission applies, SALLYPORT_MAX_IN_FLIGHT included', async (t) => {
    const app = await gatewayApp(t, {
      SALLYPORT_MAX_IN_FLIGHT: '64',
      SALLYPORT_PLANS: '{"scale":{"monthly_fee_usd":"499.00"}}',
    })
    const response = await app.inject({ method: 'GET', url: '/v2/plans' })
    assert.equal(response.statusCode, 200)
    const plans = response.json<{
      plans: { id: string; monthly_fee: { cents: number }; limits: unknown }[]
    }>().plans
    for (const plan of plans) {
      assert.deepEqual(
        plan.limits,
        { fetch_per_minute: 120, host_per_minute: 60, general_per_minute: 300, in_flight: 64 },
        plan.id,
      )
    }
    assert.equal(plans.find((plan) => plan.id === 'scale')?.monthly_fee.cents, 49_900)
  })
})
