/**
 * `sallyport gateway` and the cursor secret: without SALLYPORT_CURSOR_SECRET it starts (one gateway works
 * with a secret of its own) but says loudly that cursors will not cross gateways or restarts.
 */
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it } from 'node:test'
import { freePort, runCli } from '../../helpers/cli.ts'

const warning = 'SALLYPORT_CURSOR_SECRET is not set'

for (const secret of [undefined, 'c'.repeat(40)]) {
  it(
    `sallyport gateway ${secret === undefined ? 'warns when the cursor secret is not set' : 'says nothing when it is set'}`,
    { timeout: 60_000 },
    async (t) => {
      const dir = await mkdtemp(join(tmpdir(), 'sallyport-social-'))
      t.after(() => rm(dir, { recursive: true, force: true }))
      const gateway = runCli(['gateway'], {
        SALLYPORT_DATA_DIR: dir,
        PORT: String(await freePort()),
        SALLYPORT_FLEET_SECRET: 'x'.repeat(40),
        // No node answers there: the start-up is what is under test.
        SALLYPORT_NODES: `us-east=http://127.0.0.1:${await freePort()}`,
        SALLYPORT_LOG_LEVEL: 'info',
        ...(secret !== undefined && { SALLYPORT_CURSOR_SECRET: secret }),
      })
      t.after(() => gateway.kill())
      await gateway.waitFor('gateway listening', 45_000)
      if (secret === undefined) {
        const line = gateway
          .output()
          .split('\n')
          .find((entry) => entry.includes(warning))
        assert.ok(line, gateway.output())
        assert.equal(JSON.parse(line).level, 'warn')
        assert.match(line, /every other gateway/)
      } else {
        assert.ok(!gateway.output().includes(warning), gateway.output())
      }
      assert.equal(await gateway.kill(), 0, gateway.output())
    },
  )
}
