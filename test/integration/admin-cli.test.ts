/**
 * `sallyport migrate`, `admin create-account` and `admin create-key` as operators, end-to-end tests and
 * benchmarks run them: child processes on a fresh data dir.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, it } from 'node:test'
import { createAccountStack } from '../../src/gateway/accounts/account-stack.ts'
import { openDatabase } from '../../src/infra/database/database.ts'
import { systemClock } from '../../src/shared/clock.ts'

const run = promisify(execFile)
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

function sallyport(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SALLYPORT_DATA_DIR: dataDir,
    SALLYPORT_LOG_LEVEL: 'silent',
  }
  delete env.NODE_TEST_CONTEXT
  return run(process.execPath, ['bin/sallyport.js', ...args], { cwd: repoRoot, env })
}

describe('sallyport migrate and admin account commands', () => {
  it(
    'migrate, create a verified account with a generated password, mint a key that authenticates',
    { timeout: 60_000 },
    async (t) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'sallyport-admin-'))
      t.after(() => rm(dataDir, { recursive: true, force: true }))

      assert.match((await sallyport(dataDir, 'migrate')).stdout, /applied 0001-accounts/)

      const created = await sallyport(dataDir, 'admin', 'create-account', '--email', 'ops@example.com')
      assert.match(
        created.stdout,
        /^created account acct_\w+ for ops@example\.com \(verified, plan trial\)$/m,
      )
      const password = /^password: (\w{20})$/m.exec(created.stdout)?.[1]
      assert.ok(password, created.stdout)

      const minted = await sallyport(
        dataDir,
        'admin',
        'create-key',
        '--email',
        'ops@example.com',
        '--name',
        'bench',
        '--scopes',
        'proxy,read',
      )
      assert.match(minted.stdout, /^created key key_\w+ "bench" \(proxy, read\) for ops@example\.com/m)
      const key = /^key: (sp_live_\w{36})$/m.exec(minted.stdout)?.[1]
      assert.ok(key, minted.stdout)

      // Refusals and a repeated migrate, side by side.
      const refused = (error: { code: number; stderr: string }) => error
      const [upToDate, again, missing] = await Promise.all([
        sallyport(dataDir, 'migrate'),
        sallyport(dataDir, 'admin', 'create-account', '--email', 'OPS@example.com').catch(refused),
        sallyport(
          dataDir,
          'admin',
          'create-key',
          '--email',
          'nobody@example.com',
          '--name',
          'x',
          '--scopes',
          'proxy',
        ).catch(refused),
      ])
      assert.match(upToDate.stdout, /up to date/)
      assert.equal((again as { code: number }).code, 2)
      assert.match((again as { stderr: string }).stderr, /exists already/)
      assert.match((missing as { stderr: string }).stderr, /no account for nobody@example\.com/)

      const db = openDatabase({ dataDir, databaseUrl: undefined })
      t.after(() => db.destroy())
      const stack = createAccountStack({
        db,
        mailer: { send: async () => undefined },
        clock: systemClock,
        log: console,
        links: { base: () => 'http://localhost' },
      })
      const principal = await stack.authenticator.authenticate(key)
      assert.deepEqual(principal.scopes, ['proxy', 'read'])
      assert.equal(
        (await stack.accounts.checkCredentials('ops@example.com', password))?.email,
        'ops@example.com',
      )
      await stack.drain()
    },
  )
})
