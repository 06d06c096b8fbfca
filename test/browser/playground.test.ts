/**
 * The playground and the public status page in headless Chromium, against the real CLI: a fetch of a
 * loopback target run with the session (no key in the page), its body shown as text, its billing, the
 * problem of a failed fetch, the snippets; and the axe-core pass, phone size and dark mode on every page.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, it } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import {
  assertAccessible,
  assertNoSidewaysScroll,
  describeInBrowser,
  desktop,
  newContext,
  phone,
  shotPath,
  signIn,
  startWithAccount,
  watch,
  type Look,
} from './browser-kit.ts'
import { freePort, type RunningCli } from './harness.ts'

const looks: readonly [string, Look][] = [
  ['desktop', { viewport: desktop }],
  ['phone-dark', { viewport: phone, dark: true }],
]

describeInBrowser('playground and status page in a browser', () => {
  let cli: RunningCli
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let target: Server
  let targetUrl = ''
  const marker = `playground-${randomBytes(6).toString('hex')}`
  const problems: string[] = []
  const email = `playground-${randomBytes(4).toString('hex')}@example.com`
  const password = 'a long and lovely passphrase'

  async function requestsUsed(): Promise<number> {
    const response = await context.request.get(`${cli.baseUrl}/v2/account/usage`)
    return ((await response.json()) as { usage: { requests: { used: number } } }).usage.requests.used
  }

  /** Metering is written off the response path: wait for the count to arrive. */
  async function waitForRequestsUsed(expected: number): Promise<void> {
    for (let i = 0; i < 200 && (await requestsUsed()) !== expected; i++) await sleep(50)
    assert.equal(await requestsUsed(), expected)
  }

  before(async () => {
    target = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<h1>${marker}</h1>`)
    })
    await new Promise<void>((done) => target.listen(0, '127.0.0.1', done))
    const address = target.address()
    if (typeof address !== 'object' || address === null) throw new Error('no port')
    targetUrl = `http://127.0.0.1:${address.port}/page`
    ;({ cli, browser, context, page } = await startWithAccount(email, password, problems))
  })

  after(async () => {
    await browser?.close()
    await cli?.stop()
    await new Promise<void>((done) => (target ? target.close(() => done()) : done()))
  })

  it('signed out: the status page, linked from every page header, says all is well and names no node', async () => {
    await page.goto(`${cli.baseUrl}/dashboard/signin`)
    await page.getByRole('link', { name: 'Status' }).click()
    await page.waitForURL('**/status')
    assert.match(await page.locator('main').innerText(), /All systems operational/)
    assert.equal(await page.locator('.strip[role="img"]').count(), 3)
    const text = await page.content()
    assert.doesNotMatch(text, /127\.0\.0\.1|dev-/)
    await page.screenshot({ path: shotPath('status'), fullPage: true })
  })

  it('signed out: every public page passes axe at 1280 px and at 390 px in dark mode', async () => {
    for (const [name, look] of looks) {
      const other = await newContext(browser, look)
      const on = watch(await other.newPage(), cli.baseUrl, problems)
      const refused: string[] = []
      on.on('response', (response) => {
        if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`)
      })
      for (const path of [
        '/status',
        '/dashboard/signin',
        '/dashboard/signup',
        '/dashboard/forgot-password',
        '/dashboard',
      ]) {
        await on.goto(`${cli.baseUrl}${path}`)
        await assertAccessible(on, `${path} ${name}`)
        await assertNoSidewaysScroll(on, `${path} ${name}`)
      }
      await on.screenshot({ path: shotPath(`status-${name}`), fullPage: true })
      await on.goto(`${cli.baseUrl}/v2/docs`)
      // Signed out, no page asks the API about a session it does not have, and none misses an icon.
      assert.deepEqual(refused, [], name)
      await other.close()
    }
  })

  it('keyboard only: a fetch of a loopback target shows the envelope, the body as text, and is billed', async () => {
    await signIn(context, cli, email, password)
    await page.goto(`${cli.baseUrl}/dashboard/playground`)
    await page.locator('#snippet-curl').filter({ hasText: 'region=' }).waitFor()
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab')
      if ((await page.evaluate<string>('document.activeElement.id')) === 'playground-url') break
    }
    assert.equal(await page.evaluate<string>('document.activeElement.id'), 'playground-url')
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type(targetUrl)
    await page.keyboard.press('Tab')
    assert.equal(await page.evaluate<string>('document.activeElement.id'), 'playground-region')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await page.locator('#result').waitFor()
    assert.equal(await page.evaluate<string>('document.activeElement.id'), 'result')
    assert.equal(await page.locator('#preview').textContent(), `<h1>${marker}</h1>`)
    assert.equal(await page.locator('main h1').count(), 1, 'the body is never rendered as HTML')
    assert.equal(await page.locator('[data-envelope="status"]').textContent(), '200')
    assert.equal(await page.locator('[data-envelope="region_used"]').textContent(), 'us-east')
    assert.equal(await page.locator('[data-envelope="final_url"]').textContent(), targetUrl)
    await waitForRequestsUsed(1)

    const curl = (await page.locator('#snippet-curl').textContent()) ?? ''
    assert.ok(
      curl.includes(targetUrl) && curl.includes('region=us-east') && curl.includes('$SALLYPORT_API_KEY'),
    )
    assert.match((await page.locator('#snippet-typescript').textContent()) ?? '', /from 'sallyport\/client'/)
    assert.match((await page.locator('#snippet-python').textContent()) ?? '', /requests\.post\(/)
    await page.screenshot({ path: shotPath('playground-result'), fullPage: true })
  })

  it('a failed fetch shows the problem as the API sent it, and is not billed', async () => {
    const closed = await freePort()
    await page.locator('#playground-url').fill(`http://127.0.0.1:${closed}/`)
    await page.getByRole('button', { name: 'Fetch' }).click()
    await page.locator('#problem').waitFor()
    const json = JSON.parse((await page.locator('#problem-json').textContent()) ?? '{}') as {
      code?: string
    }
    assert.equal(json.code, 'upstream_unavailable')
    assert.equal(await page.locator('[data-problem-code]').textContent(), 'upstream_unavailable')
    assert.ok(await page.locator('#result').isHidden())
    await waitForRequestsUsed(1)
    await page.screenshot({ path: shotPath('playground-problem'), fullPage: true })
    // The browser logs the 502 it was answered; it is the outcome this test asked for.
    const expected = problems.filter((line) => /status of 502/.test(line))
    assert.equal(expected.length, 1)
    problems.splice(problems.indexOf(expected[0]!), 1)
  })

  it('key history: revoked keys show greyed behind the switch, with when and from where', async () => {
    const session = (await (await context.request.get(`${cli.baseUrl}/v2/session`)).json()) as {
      csrf_token: string
    }
    const headers = { 'x-csrf-token': session.csrf_token, origin: cli.baseUrl }
    const minted = await context.request.post(`${cli.baseUrl}/v2/keys`, {
      data: { name: 'old worker', scopes: ['proxy'] },
      headers,
    })
    const { id } = (await minted.json()) as { id: string }
    await context.request.post(`${cli.baseUrl}/v2/keys`, {
      data: { name: 'live worker', scopes: ['read'] },
      headers,
    })
    const revoked = await context.request.delete(`${cli.baseUrl}/v2/keys/${id}`, { headers })
    assert.equal(revoked.status(), 204)

    await page.goto(`${cli.baseUrl}/dashboard/keys`)
    await page.locator('#keys-table tbody tr').first().waitFor()
    assert.equal(await page.locator('#keys-table tbody tr').count(), 1)
    await page.locator('#show-revoked').focus()
    await page.keyboard.press('Space')
    const row = page.locator(`tr[data-key-id="${id}"]`)
    await row.waitFor()
    assert.equal(await row.getAttribute('class'), 'is-revoked')
    assert.match(await row.innerText(), /Revoked .+ from the dashboard/)
    assert.equal(await row.getByRole('button').count(), 0, 'a revoked key has nothing to revoke')
    assert.ok(await page.locator('#revoked-col').isVisible())
    await assertAccessible(page, 'keys with revoked')
    await page.screenshot({ path: shotPath('keys-history'), fullPage: true })
    await page.keyboard.press('Space')
    await row.waitFor({ state: 'detached' })
  })

  it('signed in: keys, playground and account pass axe at 1280 px and at 390 px in dark mode', async () => {
    for (const [name, look] of looks) {
      const other = await newContext(browser, look)
      await other.addCookies(await context.cookies())
      const on = watch(await other.newPage(), cli.baseUrl, problems)
      for (const path of ['/dashboard/keys', '/dashboard/playground', '/dashboard/account']) {
        await on.goto(`${cli.baseUrl}${path}`)
        await on.locator('[data-session-email]').waitFor()
        await assertAccessible(on, `${path} ${name}`)
        await assertNoSidewaysScroll(on, `${path} ${name}`)
        await on.screenshot({
          path: shotPath(`signed-in-${path.split('/').pop()!}-${name}`),
          fullPage: true,
        })
      }
      await other.close()
    }
    assert.deepEqual(problems, [])
  })
})
