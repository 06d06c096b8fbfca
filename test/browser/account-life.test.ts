/**
 * The account's own life in headless Chromium, against the real CLI: two-factor sign-in turned on with
 * a code the test computes from the secret the page shows, signing out from the header and back in with
 * a code, the address changed through the mailed link, the password changed, and the account deleted
 * (its key refused at the next request). axe-core on the account page at 1280 px and 390 px dark.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, it } from 'node:test'
import { Secret, TOTP } from 'otpauth'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import {
  assertAccessible,
  assertNoSidewaysScroll,
  describeInBrowser,
  newContext,
  phone,
  shotPath,
  startWithAccount,
  watch,
} from './browser-kit.ts'
import { mailedLink, type RunningCli } from './harness.ts'

describeInBrowser('the account’s own life in a browser', () => {
  let cli: RunningCli
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let secret = ''
  let apiKey = ''
  const problems: string[] = []
  const email = `life-${randomBytes(4).toString('hex')}@example.com`
  const newEmail = `moved-${randomBytes(4).toString('hex')}@example.com`
  const password = 'a long and lovely passphrase'
  const newPassword = 'another long passphrase'

  /** The code of the next 30-second step: the one used to turn it on is never accepted again. */
  function nextCode(): string {
    return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 })
  }

  async function signInWithUi(address: string, pass: string, code?: string): Promise<void> {
    await page.goto(`${cli.baseUrl}/dashboard/signin`)
    await page.getByLabel('E-mail address').fill(address)
    await page.getByLabel('Password', { exact: true }).fill(pass)
    await page.getByRole('button', { name: 'Sign in' }).click()
    if (code !== undefined) {
      const field = page.getByLabel('Two-factor code')
      await field.waitFor()
      assert.equal(await page.evaluate<string>('document.activeElement.id'), 'signin-code')
      await page.screenshot({ path: shotPath('life-code-asked'), fullPage: true })
      await page.keyboard.type(code)
      await page.keyboard.press('Enter')
    }
    await page.waitForURL('**/dashboard/keys')
  }

  before(async () => {
    ;({ cli, browser, context, page } = await startWithAccount(email, password, problems))
  })

  after(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it('turns on two-factor sign-in with a code computed from the secret the page shows', async () => {
    await signInWithUi(email, password)
    await page.getByLabel('Name').fill('life key')
    await page.getByRole('button', { name: 'Create key' }).click()
    await page.locator('#new-key').waitFor()
    apiKey = await page.locator('#new-key-value').inputValue()
    assert.match(apiKey, /\S{20,}/)

    await page.goto(`${cli.baseUrl}/dashboard/account`)
    await page.locator('#totp-state', { hasText: /^Off/ }).waitFor()
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await page.locator('#totp-setup').waitFor()
    secret = ((await page.locator('#totp-secret').textContent()) ?? '').replace(/\s/g, '')
    assert.match(secret, /^[A-Z2-7]{32}$/)
    const now = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() })
    await page.getByLabel('Code from the app').fill(now)
    await page.getByRole('button', { name: 'Turn on', exact: true }).click()
    await page.locator('#recovery').waitFor()
    assert.equal(await page.locator('#recovery-codes li').count(), 10)
    await page.locator('#totp-state', { hasText: /^On\. 10 recovery codes left/ }).waitFor()
    await page.screenshot({ path: shotPath('life-recovery-codes'), fullPage: true })
  })

  it('signs out from the header and back in with the code, by keyboard', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL('**/dashboard/signin?signed_out=1')
    await signInWithUi(email, password, nextCode())
  })

  it('changes the address through the link mailed to the new one', async () => {
    await page.goto(`${cli.baseUrl}/dashboard/account`)
    await page.getByLabel('New e-mail address').fill(newEmail)
    await page.locator('#email-password').fill(password)
    await page.getByRole('button', { name: 'Change address' }).click()
    await page.locator('#status', { hasText: /link is on its way/ }).waitFor()
    const link = await mailedLink(cli.dataDir, newEmail, '/dashboard/confirm-email')
    await page.goto(new URL(`${link.pathname}${link.search}`, cli.baseUrl).href)
    await page.getByRole('button', { name: 'Use this address' }).click()
    await page.getByRole('heading', { name: 'Your address is changed' }).waitFor()
    await page.goto(`${cli.baseUrl}/dashboard/account`)
    await page.locator('[data-account="email"]', { hasText: newEmail }).waitFor()
  })

  it('changes the password, the current one required', async () => {
    await page.locator('#password-current_password').fill('not the password')
    await page.locator('#password-new_password').fill(newPassword)
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.locator('#password-current_password-error').waitFor()
    assert.equal(await page.evaluate<string>('document.activeElement.id'), 'password-current_password')
    await page.locator('#password-current_password').fill(password)
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.locator('#status', { hasText: /password is changed/ }).waitFor()
  })

  it('turns usage alerts off from the account page, by keyboard', async () => {
    const box = page.locator('#alerts-usage_alerts')
    await page.waitForFunction('document.querySelector("#alerts-usage_alerts").checked === true')
    await box.focus()
    await page.keyboard.press('Space')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.locator('#status', { hasText: 'Usage alerts are off.' }).waitFor()
    await page.reload()
    await page.locator('#totp-state', { hasText: /^On/ }).waitFor()
    await page.waitForFunction('document.querySelector("#alerts-usage_alerts").checked === false')
  })

  it('the account page passes axe at 1280 px and at 390 px in dark mode', async () => {
    await assertAccessible(page, 'account desktop')
    const dark = await newContext(browser, { viewport: phone, dark: true })
    await dark.addCookies(await context.cookies())
    const small = watch(await dark.newPage(), cli.baseUrl, problems)
    await small.goto(`${cli.baseUrl}/dashboard/account`)
    await small.locator('[data-session-email]').waitFor()
    await small.locator('#totp-state', { hasText: /^On/ }).waitFor()
    await assertAccessible(small, 'account phone dark')
    await assertNoSidewaysScroll(small, 'account phone dark')
    await small.screenshot({ path: shotPath('life-account-phone-dark'), fullPage: true })
    await small.goto(`${cli.baseUrl}/dashboard/confirm-email?token=x`)
    await assertAccessible(small, 'confirm-email phone dark')
    await dark.close()
  })

  it('deletes the account: signed out, the key refused at its next request, the address gone', async () => {
    await page.goto(`${cli.baseUrl}/dashboard/account`)
    await page.getByLabel('Your password, to confirm').fill(newPassword)
    await page.getByRole('button', { name: 'Delete my account' }).click()
    await page.waitForURL('**/dashboard/signin?deleted=1')
    assert.match(await page.locator('main').innerText(), /account is deleted/)
    const refused = await fetch(`${cli.baseUrl}/v2/proxy/regions`, { headers: { 'x-api-key': apiKey } })
    assert.equal(refused.status, 401)
    const signIn = await fetch(`${cli.baseUrl}/v2/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: newEmail, password: newPassword }),
    })
    assert.equal(signIn.status, 401)
    assert.deepEqual(problems, [])
  })
})
