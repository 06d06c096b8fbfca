/**
 * `sallyport dev --workers 3` (docs/adr/0015-embedded-stores-in-the-supervisor.md), on the CLI: three processes
 * serve, the supervisor and the two workers it forks (docs/adr/0025-dev-worker-count.md); no Redis, and still
 * they share what one process keeps, exactly. A burst spread over all
 * three is admitted as one process admits it, an answer stored by one is replayed by the others, a key
 * revoked through one is refused by all at the next request, and a node drained through `admin drain-node`
 * is out of service for all as soon as the command answers.
 * The supervisor serves a connection itself while it has none other in use, and hands the others to its
 * workers in turn (docs/adr/0024-dev-supervisor-serves-connections.md): each request here opens a connection
 * of its own, so successive requests reach the supervisor, or, while `occupySupervisor` keeps a request in
 * flight there, each worker in turn. Which process answered is told by its request ids' prefix.
 * The supervisor prints the banner once, replaces a worker that dies, and on SIGTERM drains both, removes
 * its fleet file and exits 0.
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { access, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, describe, it, test } from 'node:test'
import { eventually, freePort, runCli, runCliOnce, type CliProcess } from '../helpers/cli.ts'
import { burstAccount, fleetEnv, startTextTarget, type TextTarget } from '../helpers/e2e-fleet.ts'
import { scrape, valueOf } from '../helpers/metrics.ts'
import {
  alive,
  answeredBy,
  heldConnection,
  occupySupervisor,
  onEveryWorker,
  onNewConnection,
  workerPids,
} from '../helpers/workers.ts'
import { provisionApiKey } from '../helpers/provision.ts'
import { outboxToken, postJson } from '../helpers/topology.ts'

describe('sallyport dev with two workers', { timeout: 180_000 }, () => {
  let dataDir: string
  let env: Record<string, string>
  let target: TextTarget
  let dev: CliProcess
  let base: string
  let burstKey: string
  let replayKey: string
  let usageKey: string

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sallyport-e2e-dev-workers-'))
    target = await startTextTarget((hit, path) => `hit ${hit} ${path}`)
    // No fleet secret: dev makes one up, and its workers must share it.
    const { SALLYPORT_FLEET_SECRET: _made, ...settings } = fleetEnv(dataDir, {
      SALLYPORT_GLOBAL_HOST_LIMIT: '100000',
      // Any free port: the banner must show the one the supervisor got.
      SALLYPORT_OPERATOR_PORT: '0',
    })
    env = settings
    burstKey = (await burstAccount(env, 'burst@example.test')).key
    replayKey = await provisionApiKey(env, 'replay@example.test', 'proxy')
    usageKey = await provisionApiKey(env, 'usage@example.test', 'proxy,read')
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    dev = runCli(['dev', '--port', String(port), '--workers', '3'], env)
    await dev.waitFor('Sallyport is running', 90_000)
    await eventually(async () => {
      for (let i = 0; i < 4; i++) {
        const regions = await onNewConnection(`${base}/v2/proxy/regions`, {
          headers: { 'x-api-key': replayKey },
        })
        if (!regions.body.includes('"europe"')) return undefined
      }
      return true
    }, 30_000)
  })

  after(async () => {
    await dev?.kill('SIGKILL')
    await target?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const fetchVia = (apiKey: string, url: string, headers: Record<string, string> = {}, region = 'us-east') =>
    onNewConnection(`${base}/v2/proxy/fetch?region=${region}`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ url }),
    })

  /** The lines of dev's log about its workers and its connections' hand-off, for an assertion's message. */
  const workerEvents = () =>
    dev
      .output()
      .split('\n')
      .filter((line) => /worker|connection/i.test(line))
      .join('\n')

  /** Runs `body` while the supervisor serves a request that never ends: new connections go to the workers. */
  const onWorkers = async <T>(body: () => Promise<T>): Promise<T> => {
    const occupied = await occupySupervisor(base, replayKey)
    try {
      return await body()
    } finally {
      await occupied.release()
    }
  }

  it('prints one banner, naming the workers, once both serve', () => {
    const output = dev.output()
    assert.equal(output.match(/Sallyport is running/g)?.length, 1)
    assert.match(output, /Sallyport is running \(embedded default, 3 processes\)/)
    assert.equal(workerPids(output, 'dev').length, 2)
    assert.match(output, /"workers":2,[^\n]*"msg":"dev workers listening"/)
  })

  // Before any other fetch: the totals are this test's alone.
  it('serves, at the metrics URL of its banner, what the supervisor and both workers counted', async () => {
    const metricsUrl = /metrics {6}(http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(dev.output())?.[1]
    assert.ok(metricsUrl !== undefined && !metricsUrl.includes(':0/'), dev.output())
    const fetches = 6
    const delivered = async (i: number) => {
      const answer = await fetchVia(replayKey, `${target.url}/metrics/${i}`)
      assert.equal(
        answer.status,
        200,
        `fetch ${i}: ${answer.body}\n${dev.output().split('\n').slice(-30).join('\n')}`,
      )
    }
    for (let i = 0; i < fetches / 2; i++) await delivered(i)
    await onWorkers(async () => {
      for (let i = fetches / 2; i < fetches; i++) await delivered(i)
    })
    for (let i = 0; i < 2; i++) {
      const { samples } = await scrape(metricsUrl)
      assert.equal(valueOf(samples, 'sallyport_gateway_egress_total', { outcome: 'envelope' }), fetches)
      assert.equal(valueOf(samples, 'sallyport_node_fetches_total', { outcome: 'envelope' }), fetches)
    }
  })

  it('serves a caller with one connection at a time itself, the others on its workers in turn', async () => {
    const regions = () => onNewConnection(`${base}/v2/proxy/regions`, { headers: { 'x-api-key': replayKey } })
    // The supervisor learns that a connection closed when its socket says so, or, for one it handed over,
    // when the worker's word comes back; until then the connection still counts, and the supervisor wins
    // a tie. A request sent at once after the last one's answer can meet that lag, so each waits a little
    // first, and the order is looked for over a few tries: the hand-off balances, it does not promise.
    const settled = () => sleep(100)
    const inTurn = (answered: readonly string[], supervisor: string) =>
      !answered.includes(supervisor) &&
      answered[0] !== answered[1] &&
      answered[0] === answered[2] &&
      answered[1] === answered[3]
    const tries: string[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const alone = new Set<string>()
      for (let i = 0; i < 3; i++) {
        await settled()
        alone.add(answeredBy(await regions()))
      }
      const others = await onWorkers(async () => {
        const answered: string[] = []
        for (let i = 0; i < 4; i++) {
          await settled()
          answered.push(answeredBy(await regions()))
        }
        return answered
      })
      const [supervisor] = alone
      if (alone.size === 1 && inTurn(others, supervisor!)) return
      tries.push(`alone: ${[...alone].join(', ')}; while the supervisor was busy: ${others.join(', ')}`)
    }
    // Which processes started, stopped or were replaced: the way to read this failure.
    assert.fail(`${tries.join('\n')}\ndev's workers:\n${workerEvents()}`)
  })

  it('admits exactly 120 of a burst of 200 fetches spread over the supervisor and both workers', async () => {
    const hitsBefore = target.hits()
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => fetchVia(burstKey, `${target.url}/burst/${i}`)),
    )
    assert.equal(answers.filter((answer) => answer.status === 200).length, 120)
    for (const answer of answers.filter((each) => each.status !== 200)) {
      assert.equal(answer.status, 429, answer.body)
      assert.match(answer.body, /"code":"rate_limited"/)
    }
    assert.equal(target.hits() - hitsBefore, 120, 'refused fetches never reached the target')
  })

  it('replays on every process the answer one stored, with no second egress', async () => {
    const key = randomUUID()
    const url = `${target.url}/replay/${key}`
    const first = await fetchVia(replayKey, url, { 'idempotency-key': key })
    assert.equal(first.status, 200, first.body)
    const hits = target.hits()
    const replays = async () => {
      for (let i = 0; i < 4; i++) {
        const replay = await fetchVia(replayKey, url, { 'idempotency-key': key })
        assert.equal(replay.status, 200)
        assert.equal(replay.headers['idempotency-replayed'], 'true')
        assert.equal(replay.body, first.body)
      }
    }
    await onWorkers(replays)
    await replays()
    assert.equal(target.hits(), hits, 'no second egress')
  })

  it('counts on every process, at once, each fetch another process delivered', async () => {
    // Each process appends its counts to a usage journal of its own; a reader applies every journal first
    // (docs/adr/0026-usage-journal-for-sqlite.md), so no answer waits for a flush.
    const used = async (via: () => Promise<{ status: number; body: string }>) => {
      const answer = await via()
      assert.equal(answer.status, 200, answer.body)
      return (JSON.parse(answer.body) as { requests: { used: number } }).requests.used
    }
    const usage = () => onNewConnection(`${base}/v2/usage`, { headers: { 'x-api-key': usageKey } })
    const before = await used(usage)
    for (let i = 1; i <= 4; i++) {
      // Delivered by a worker, read on the supervisor.
      const fetched = await onWorkers(() => fetchVia(usageKey, `${target.url}/usage/${i}`))
      assert.equal(fetched.status, 200, fetched.body)
      assert.equal(await used(usage), before + 2 * i - 1)
      // Delivered by the supervisor, read on a worker.
      assert.equal((await fetchVia(usageKey, `${target.url}/usage/${i}b`)).status, 200)
      assert.equal(await onWorkers(() => used(usage)), before + 2 * i)
    }
  })

  it('refuses a key revoked through one process on every process at the very next request', async () => {
    const email = 'revoked@example.test'
    const password = 'correct horse battery staple'
    assert.equal((await postJson(base, '/v2/account', { email, password })).status, 202)
    const token = await outboxToken(join(dataDir, 'outbox'))
    assert.equal((await postJson(base, '/v2/account/verify', { token })).status, 200)
    const signIn = await postJson(base, '/v2/session', { email, password })
    assert.equal(signIn.status, 200)
    const cookie = /^(sallyport_session=[^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1]
    assert.ok(cookie, 'a session cookie')
    const { csrf_token: csrf } = (await signIn.json()) as { csrf_token: string }
    const session = { cookie, 'x-csrf-token': csrf }
    const minted = await postJson(base, '/v2/keys', { name: 'doomed', scopes: ['proxy'] }, session)
    assert.equal(minted.status, 201)
    const { id, key } = (await minted.json()) as { id: string; key: string }
    const regionsWith = () => onNewConnection(`${base}/v2/proxy/regions`, { headers: { 'x-api-key': key } })
    // The supervisor and both workers have the key in their cache now.
    assert.equal((await regionsWith()).status, 200)
    await onWorkers(async () => {
      for (let i = 0; i < 4; i++) assert.equal((await regionsWith()).status, 200)
    })
    const revoked = await onNewConnection(`${base}/v2/keys/${id}`, { method: 'DELETE', headers: session })
    assert.equal(revoked.status, 204, revoked.body)
    const refusedEach = async () => {
      for (let i = 0; i < 4; i++) {
        const refused = await regionsWith()
        assert.equal(refused.status, 401)
        assert.match(refused.body, /invalid_api_key/)
      }
    }
    await onWorkers(refusedEach)
    await refusedEach()
  })

  it('takes a node drained with admin drain-node out of service on every process, and back', async () => {
    const drained = await runCliOnce(['admin', 'drain-node', '--region', 'europe'], env)
    assert.equal(drained.code, 0, drained.output)
    assert.match(drained.output, /drained/)
    // At once, before any probe: a drained node refuses new jobs, whichever process sends them.
    const refusedEach = async () => {
      for (let i = 0; i < 4; i++) {
        const answer = await fetchVia(replayKey, `${target.url}/drained`, {}, 'europe')
        assert.equal(answer.status, 503, answer.body)
        assert.match(answer.body, /region_out_of_service/)
      }
    }
    await onWorkers(refusedEach)
    await refusedEach()
    const back = await runCliOnce(['admin', 'drain-node', '--region', 'europe', '--undo'], env)
    assert.equal(back.code, 0, back.output)
    assert.match(back.output, /back in service/)
    const servedAgain = async () =>
      (await fetchVia(replayKey, `${target.url}/back`, {}, 'europe')).status === 200
    await onWorkers(() => onEveryWorker(servedAgain, 20_000, 6))
    await onEveryWorker(servedAgain, 20_000, 2)
  })

  it('replaced no worker while the tests above ran', () => {
    assert.equal(workerPids(dev.output(), 'dev').length, 2, workerEvents())
    assert.doesNotMatch(dev.output(), /worker exited/, workerEvents())
  })

  it('replaces a worker that dies and keeps serving, with the state it shared', async () => {
    const [victim] = workerPids(dev.output(), 'dev')
    assert.ok(victim !== undefined && alive(victim), dev.output())
    process.kill(victim, 'SIGKILL')
    await dev.waitFor(/"signal":"SIGKILL".*"msg":"a dev worker exited: starting another"/, 30_000)
    await eventually(async () => (workerPids(dev.output(), 'dev').length === 3 ? true : undefined), 30_000)
    const serving = () =>
      dev.output().split('"msg":"serving the connections its supervisor hands over"').length - 1
    await eventually(async () => (serving() === 3 ? true : undefined), 90_000)
    // The burst account's budget is still spent: the windows were the supervisor's, not the dead worker's.
    await onWorkers(() =>
      onEveryWorker(async () => (await fetchVia(burstKey, `${target.url}/after`)).status === 429, 60_000),
    )
  })

  it('drains every worker and itself on SIGTERM, removes its fleet file and exits 0', async () => {
    await access(join(dataDir, 'dev-fleet.json'))
    const pids = workerPids(dev.output(), 'dev').filter(alive)
    assert.equal(pids.length, 2)
    // A keep-alive connection left idle on the supervisor is closed by its shutdown, not waited for.
    const idle = heldConnection()
    assert.equal((await idle.send(`${base}/v2/plans`)).status, 200)
    const started = Date.now()
    assert.equal(await dev.kill('SIGTERM'), 0, dev.output())
    assert.ok(Date.now() - started < 10_000, `stopped after ${Date.now() - started} ms`)
    idle.close()
    for (const pid of pids) assert.equal(alive(pid), false, `worker ${pid} still running`)
    assert.equal(dev.output().match(/"msg":"dev worker stopped"/g)?.length, 2)
    await assert.rejects(access(join(dataDir, 'dev-fleet.json')), { code: 'ENOENT' })
  })
})

// `--workers 2` is the supervisor and one worker: it forks one, not two.
test('a dev asked to stop while its worker starts stops it once it serves, and exits 0', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sallyport-e2e-dev-workers-'))
  const dev = runCli(['dev', '--port', String(await freePort()), '--workers', '2'], fleetEnv(dataDir))
  try {
    await dev.waitFor(/"msg":"dev worker started"/, 60_000)
    assert.equal(await dev.kill('SIGTERM'), 0, dev.output())
    assert.equal(dev.output().match(/"msg":"dev worker started"/g)?.length, 1, dev.output())
    assert.equal(dev.output().match(/"msg":"dev worker stopped"/g)?.length, 1, dev.output())
    for (const pid of workerPids(dev.output(), 'dev'))
      assert.equal(alive(pid), false, `worker ${pid} still running`)
  } finally {
    await dev.kill('SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
  }
})
