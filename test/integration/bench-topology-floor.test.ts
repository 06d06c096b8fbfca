import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it, test } from 'node:test'
import pg from 'pg'
import { request } from 'undici'
import { makeBody } from '../../bench/lib/bodies.ts'
import { stopProcess, type Tracked } from '../../bench/lib/children.ts'
import { startTarget } from '../../bench/lib/target-process.ts'
import { benchPostgresUrl, startTopologyFloor } from '../../bench/topology.ts'
import type { TopologySallyport } from '../../bench/topology.ts'
import { topologyMissing } from '../helpers/topology-test.ts'

// The bench's topology floor (bench/topology-floor.ts) is measured beside the topology: what it answers
// must be the envelope the bench checks, and what it does per fetch what its description says.
const name = "bench's topology floor: the topology's processes doing the least"

if (topologyMissing !== undefined) {
  // STYLE: a test that needs PostgreSQL or Redis fails, never skips, under CI.
  if (process.env.CI === 'true') test(`${name} can run`, () => assert.fail(topologyMissing))
  else test(name, { skip: topologyMissing }, () => {})
} else
  describe(name, () => {
    let dir: string
    let target: { tracked: Tracked; port: number }
    let floor: TopologySallyport
    let schema: string

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'sallyport-floor-'))
      target = await startTarget()
      floor = await startTopologyFloor({
        gateways: 2,
        regions: ['us-east', 'europe'],
        profileDir: undefined,
        logPath: join(dir, 'floor.log'),
      })
      schema = /PostgreSQL schema (\S+);/.exec(floor.notes.join('\n'))![1]!
    })

    after(async () => {
      await floor?.stop().catch(() => {})
      if (target !== undefined) await stopProcess(target.tracked, 5_000)
      await rm(dir, { recursive: true, force: true })
    })

    const fetchThrough = (origin: string, region: string, key = floor.apiKey) =>
      request(`${origin}/v2/proxy/fetch?region=${region}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ url: `http://127.0.0.1:${target.port}/1k` }),
      })

    it("answers the target's body in the envelope, through every gateway and region, and counts each fetch", async () => {
      const body = makeBody(1024).toString('utf8')
      let fetched = 0
      for (const origin of floor.origins) {
        for (const region of floor.regions) {
          const response = await fetchThrough(origin, region)
          assert.equal(response.statusCode, 200)
          const envelope = (await response.body.json()) as Record<string, unknown>
          assert.equal(envelope.region_used, region)
          assert.equal(envelope.status, 200)
          assert.equal(envelope.bytes, 1024)
          assert.equal(envelope.result, body)
          fetched += 1
        }
      }
      // Each envelope waited for its count's commit.
      const client = new pg.Client({ connectionString: benchPostgresUrl })
      await client.connect()
      try {
        const { rows } = await client.query<{ requests: string }>(
          `select sum(requests)::text as requests from ${schema}.floor_usage`,
        )
        assert.equal(Number(rows[0]!.requests), fetched)
      } finally {
        await client.end()
      }
    })

    it('refuses another key, and reports its processes by kind', async () => {
      const refused = await fetchThrough(floor.origins[0]!, 'us-east', 'another key')
      assert.equal(refused.statusCode, 401)
      await refused.body.dump()
      const kinds = await floor.pidsByKind()
      assert.equal(kinds.gateways!.length >= 2, true)
      assert.equal(kinds.nodes!.length >= 3, true)
      assert.equal(kinds.redis!.length, 1)
      assert.equal(kinds.postgres!.length >= 1, true)
    })

    it('stops its processes and drops its schema', async () => {
      const { gateways, nodes, redis } = await floor.pidsByKind()
      const own = new Set([...floor.pids, ...redis!])
      await floor.stop()
      // A zombie has ended; only its reaping is left to whoever adopted it.
      const isAlive = (pid: number) => {
        try {
          return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
        } catch {
          return false
        }
      }
      // The processes the floor started are gone when stop returns.
      assert.deepEqual([...own].filter(isAlive), [])
      // Their descendants (under tsx with a cold cache, its esbuild service) follow once their parent's pipe
      // closes.
      const descendants = [...gateways!, ...nodes!].filter((pid) => !own.has(pid))
      const deadline = Date.now() + 10_000
      while (descendants.some(isAlive) && Date.now() < deadline)
        await new Promise((done) => setTimeout(done, 50))
      assert.deepEqual(descendants.filter(isAlive), [])
      const client = new pg.Client({ connectionString: benchPostgresUrl })
      await client.connect()
      try {
        const { rows } = await client.query('select 1 from pg_namespace where nspname = $1', [schema])
        assert.equal(rows.length, 0)
      } finally {
        await client.end()
      }
    })
  })
