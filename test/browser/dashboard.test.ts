/**
 * The dashboard in headless Chromium (STYLE: browser tier), against the real CLI: a new user signs up,
 * verifies from the mailed link, signs in, mints a key, uses it, revokes it, and the key is refused on
 * the next request. Screenshots of each step land in test-artifacts/browser/ for a person to look at.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { after, before, it } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import {
  artifacts,
  describeInBrowser,
  desktop,
  inPage,
  launch,
  lookOptions,
  phone,
  watch,
  type Look,
} from './browser-kit.ts'
import { mailedLink, startCli, startTarget, type RunningCli, type Target } from './harness.ts'

describeInBrowser('dashboard in a browser', () => {
  let cli: RunningCli
  let target: Target
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let shot = 0
  const problems: string[] = []
  const email = `browser-${randomBytes(4).toString('hex')}@example.com`
  const password = 'a long and lovely passphrase'
  let apiKey = ''

  /** The whole page, or only the viewport (a modal dialog's backdrop covers just the viewport). */
  async function screenshot(step: string, on: Page = page, fullPage = true): Promise<void> {
    shot += 1
    const path = join(artifacts, `${String(shot).padStart(2, '0')}-${step}.png`)
    await on.screenshot({ path, fullPage })
  }

  async function newPage(options: Look): Promise<Page> {
    const extra = await browser.newContext(lookOptions(options))
    await extra.addCookies(await context.cookies())
    return watch(await extra.newPage(), cli.baseUrl, problems)
  }

  function proxyFetch(key: string): Promise<Response> {
    return fetch(`${cli.baseUrl}/v2/proxy/fetch?region=us-east`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ url: target.url }),
    })
  }

  before(async () => {
    ;[cli, target] = await Promise.all([startCli(), startTarget()])
    browser = await launch()
    context = await browser.newContext({ viewport: desktop })
    page = watch(await context.newPage(), cli.baseUrl, problems)
  })

  after(async () => {
    await browser?.close()
    await Promise.all([cli?.stop(), target?.close()])
  })

  it('a new user signs up and is told to check their mail', async () => {
    await page.goto(`${cli.baseUrl}/dashboard`)
    await page.waitForURL('**/dashboard/signin?next=%2Fdashboard%2Fkeys')
    await page.getByRole('link', { name: 'Create account' }).first().click()
    await page.waitForURL('**/dashboard/signup')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel('Choose a password').fill(password)
    await screenshot('signup')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL('**/dashboard/check-email?email=*')
    assert.match(await page.locator('main').innerText(), new RegExp(email.replace('.', '\\.')))
    await screenshot('check-email')
  })

  it('sending the link again asks for the password, with a problem shown next to its field', async () => {
    assert.equal(await page.getByLabel('E-mail address').inputValue(), email)
    await page.getByLabel('Your password').fill('short')
    await page.getByRole('button', { name: 'Send the link again' }).click()
    const error = page.locator('#resend-password-error')
    await error.waitFor()
    assert.match(await error.innerText(), /at least 10 characters/)
    const field = page.locator('#resend-password')
    assert.equal(await field.getAttribute('aria-invalid'), 'true')
    assert.match((await field.getAttribute('aria-describedby')) ?? '', /\bresend-password-error\b/)
    assert.equal(await inPage(page, 'document.activeElement.id'), 'resend-password')
    await screenshot('resend-short-password')

    await field.fill(password)
    await page.getByRole('button', { name: 'Send the link again' }).click()
    await page.locator('#status', { hasText: /new link is on its way/ }).waitFor()
    assert.equal(await field.getAttribute('aria-invalid'), null)
    assert.equal(await field.inputValue(), '')
    await screenshot('resend-sent')
  })

  it('opening the mailed link does not verify; the button on the page does', async () => {
    const link = await mailedLink(cli.dataDir, email, '/dashboard/verify')
    await page.goto(new URL(`${link.pathname}${link.search}`, cli.baseUrl).href)
    await screenshot('verify')
    const early = await fetch(`${cli.baseUrl}/v2/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    assert.equal(early.status, 403)
    assert.equal(((await early.json()) as { code: string }).code, 'email_not_verified')

    await page.getByRole('button', { name: 'Verify my e-mail address' }).click()
    await page.getByRole('heading', { name: 'Your address is verified' }).waitFor()
    await screenshot('verified')
  })

  it('a wrong password shows the error next to the password field', async () => {
    await page.getByRole('link', { name: 'Sign in' }).last().click()
    await page.waitForURL('**/dashboard/signin')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel('Password').fill('not the right password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    const error = page.locator('#signin-password-error')
    await error.waitFor()
    assert.notEqual((await error.innerText()).trim(), '')
    const field = page.locator('#signin-password')
    assert.equal(await field.getAttribute('aria-invalid'), 'true')
    assert.match((await field.getAttribute('aria-describedby')) ?? '', /\bsignin-password-error\b/)
    assert.equal(await inPage(page, 'document.activeElement.id'), 'signin-password')
    assert.equal(await page.locator('#signin-email').getAttribute('aria-invalid'), null)
    await screenshot('wrong-password')
  })

  it('signs in and lands on the keys page', async () => {
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/dashboard/keys')
    await page.locator('#keys-empty').waitFor()
    await screenshot('keys-empty')
  })

  it('minting with no name and no scope says so next to each field, before any call', async () => {
    await page.locator('#mint-scope-proxy').uncheck()
    await page.getByRole('button', { name: 'Create key' }).click()
    assert.match(await page.locator('#mint-name-error').innerText(), /name/i)
    assert.match(await page.locator('#mint-scopes-error').innerText(), /scope/i)
    assert.equal(await page.locator('#mint-name').getAttribute('aria-invalid'), 'true')
    assert.equal(await inPage(page, 'document.activeElement.id'), 'mint-name')
    await screenshot('mint-errors')
    await page.locator('#mint-scope-proxy').check()
  })

  it('keyboard only: Tab reaches the name field and the mint button, Enter mints a proxy key', async () => {
    await page.reload()
    await page.locator('#keys-empty').waitFor()
    const visited: string[] = []
    let reached = false
    for (let step = 0; step < 40 && !reached; step++) {
      await page.keyboard.press('Tab')
      const focused = await inPage<{ id: string; text: string }>(
        page,
        '({ id: document.activeElement.id, text: document.activeElement.textContent.trim() })',
      )
      visited.push(focused.id || focused.text)
      if (focused.id === 'mint-name') await page.keyboard.type('browser test key')
      reached = focused.text === 'Create key'
    }
    assert.equal(visited[0], 'Skip to content', 'the skip link comes first')
    assert.ok(reached, `Tab never reached the Create key button: ${visited.join(' > ')}`)
    assert.equal(await page.locator('#mint-scope-proxy').isChecked(), true)
    await screenshot('mint-button-focused')
    await page.keyboard.press('Enter')
    await page.locator('#new-key').waitFor()
    apiKey = await page.locator('#new-key-value').inputValue()
    assert.match(apiKey, /^sp_live_\w+$/)
    assert.match(await page.locator('#new-key').innerText(), /will not be shown again/)
    assert.match(await page.locator('#new-key-example').innerText(), /curl .*\/v2\/proxy\/fetch/)
    await page.getByRole('button', { name: 'Copy' }).click()
    // Copied, or (where the clipboard is not granted) selected for Ctrl+C. The clipboard answers
    // asynchronously, so wait for the status rather than read it right after the click.
    await page.locator('#status', { hasText: /Copied|Ctrl\+C/ }).waitFor()
    // The panel shows at once; the list reloads from GET /v2/keys just after.
    const row = page.locator('#keys-table tbody tr')
    await row.first().waitFor()
    assert.equal(await row.count(), 1)
    assert.match(await row.innerText(), /browser test key[\s\S]*proxy[\s\S]*Never/)
    assert.ok(!(await row.innerText()).includes(apiKey), 'the list shows only the prefix')
    assert.match(await row.locator('code').innerText(), /^sp_live_\w+…$/)
    await screenshot('new-key')
  })

  it('the minted key fetches the target through the service', async () => {
    const response = await proxyFetch(apiKey)
    const body = (await response.json()) as { result?: string }
    assert.equal(response.status, 200, JSON.stringify(body))
    assert.ok(body.result?.includes(target.marker), JSON.stringify(body))
  })

  it('looks right on a phone and in dark mode', async () => {
    const small = await newPage({ viewport: phone })
    await small.goto(`${cli.baseUrl}/dashboard/keys`)
    await small.locator('#keys-table tbody tr').waitFor()
    const width = await inPage<number>(small, 'document.documentElement.scrollWidth')
    assert.ok(width <= phone.width, `the keys page scrolls sideways on a phone (${width}px)`)
    await screenshot('phone-keys', small)
    await small.goto(`${cli.baseUrl}/dashboard/account`)
    await small.locator('#account-details').waitFor()
    await screenshot('phone-account', small)
    await small.goto(`${cli.baseUrl}/dashboard/signup`)
    await screenshot('phone-signup', small)
    // The narrowest phones in use: nothing may scroll sideways.
    await small.setViewportSize({ width: 360, height: 740 })
    for (const [path, ready] of [
      ['/dashboard/signup', '#signup'],
      ['/dashboard/keys', '#keys-table tbody tr'],
      ['/dashboard/account', '#trial'],
    ] as const) {
      await small.goto(`${cli.baseUrl}${path}`)
      await small.locator(ready).waitFor()
      const scrollWidth = await inPage<number>(small, 'document.documentElement.scrollWidth')
      assert.ok(scrollWidth <= 360, `${path} scrolls sideways at 360px (${scrollWidth}px)`)
    }
    await small.context().close()

    const dark = await newPage({ viewport: desktop, dark: true })
    await dark.goto(`${cli.baseUrl}/dashboard/keys`)
    await dark.locator('#keys-table tbody tr').waitFor()
    await screenshot('dark-keys', dark)
    await dark.context().close()
  })

  it('revoking asks first, updates the list, and the key is refused on its next request', async () => {
    await page.getByRole('button', { name: 'Revoke key browser test key' }).click()
    const dialog = page.getByRole('dialog', { name: 'Revoke this key?' })
    await dialog.waitFor()
    await screenshot('revoke-dialog', page, false)
    await dialog.getByRole('button', { name: 'Revoke key' }).click()
    await page.locator('#keys-empty').waitFor()
    assert.match(await page.locator('#status').innerText(), /revoked/)
    assert.equal(
      await page.locator('#new-key').isHidden(),
      true,
      'a revoked key is no longer offered to copy',
    )
    await screenshot('revoked')

    const response = await proxyFetch(apiKey)
    assert.equal(response.status, 401)
    assert.equal(((await response.json()) as { code: string }).code, 'invalid_api_key')
  })

  it('the account page shows the trial, and signing out ends the session', async () => {
    await page.getByRole('link', { name: 'Account' }).click()
    await page.locator('#account-details').waitFor()
    assert.match(
      await page.locator('[data-account="email"]').innerText(),
      new RegExp(email.replace('.', '\\.')),
    )
    await page.locator('#trial').waitFor()
    assert.match(await page.locator('[data-trial="days_left"]').innerText(), /^\d+$/)
    await screenshot('account')
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await page.waitForURL('**/dashboard/signin?signed_out=1')
    await page.goto(`${cli.baseUrl}/dashboard/keys`)
    await page.waitForURL('**/dashboard/signin?next=%2Fdashboard%2Fkeys')
    await screenshot('signed-out')
  })

  it('no script errors, CSP violations or requests to other origins along the way', () => {
    assert.deepEqual(problems, [])
  })
})
