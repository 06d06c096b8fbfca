import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { loadGatewayConfig } from '../config/gateway-config.ts'
import { buildGateway } from './app.ts'
import { createGatewayDeps } from './deps.ts'

/** The check-email and account pages of a gateway wired from this environment by the composition root. */
async function pagesUnder(env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sallyport-deps-'))
  const config = loadGatewayConfig(
    { nodes: [], port: 0 },
    {
      SALLYPORT_DATA_DIR: dataDir,
      SALLYPORT_FLEET_SECRET: 'f'.repeat(32),
      SALLYPORT_LOG_LEVEL: 'silent',
      ...env,
    },
  )
  const runtime = createGatewayDeps(config)
  const app = buildGateway(runtime)
  try {
    const get = async (url: string) =>
      (await app.inject({ url, headers: { cookie: 'sallyport_session=stale' } })).body
    return {
      dataDir,
      settings: runtime.dashboard,
      checkEmail: await get('/dashboard/check-email'),
      account: await get('/dashboard/account'),
    }
  } finally {
    await app.close()
    await runtime.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

describe('the gateway composition root and the dashboard', () => {
  it('without SMTP, the pages name the outbox in the data dir and the configured billing contact', async () => {
    const pages = await pagesUnder({ SALLYPORT_BILLING_CONTACT: 'accounts@example.com' })
    assert.deepEqual(pages.settings, {
      billingContact: 'accounts@example.com',
      outboxDir: join(pages.dataDir, 'outbox'),
    })
    assert.ok(pages.checkEmail.includes(`<code class="break">${join(pages.dataDir, 'outbox')}</code>`))
    assert.ok(pages.account.includes('href="mailto:accounts@example.com"'))
  })

  it('with SALLYPORT_SMTP_URL, mail is sent and the check-email page names no outbox', async () => {
    const pages = await pagesUnder({ SALLYPORT_SMTP_URL: 'smtp://127.0.0.1:2525' })
    assert.equal(pages.settings.outboxDir, undefined)
    assert.equal(pages.settings.billingContact, 'billing@localhost')
    assert.doesNotMatch(pages.checkEmail, /outbox/i)
    assert.match(pages.checkEmail, /spam folder/)
  })
})
