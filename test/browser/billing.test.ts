/**
 * The account page's billing parts in headless Chromium, against the real CLI: an operator creates an
 * account and a key and moves it to the entry plan (`sallyport admin`), the key fetches a local target,
 * and the owner sees the plan, the month's usage and charge, the 30-day charts and their table, and
 * sets, corrects and removes a spending cap. Screenshots at desktop and phone sizes, light and dark, go
 * to test-artifacts/browser/billing-*.png.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, it } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { artifacts, describeInBrowser, launch, lookOptions, phone, watch } from './browser-kit.ts'
import { runCliOnce } from '../helpers/cli.ts'
import { startCli, startTarget, type RunningCli, type Target } from './harness.ts'

/** Taller than the kit's desktop: the usage charts and their table fit in one screen. */
const desktop = { width: 1280, height: 900 }
const email = 'billing-browser@example.com'
const password = 'a long and lovely passphrase'

describeInBrowser('billing on the dashboard account page', () => {
  let cli: RunningCli
  let target: Target
  let browser: Browser
  let page: Page
  let cookies: Awaited<ReturnType<BrowserContext['cookies']>>
  const problems: string[] = []

  async function admin(...args: string[]): Promise<string> {
    const run = await runCliOnce(['admin', ...args], {
      SALLYPORT_DATA_DIR: cli.dataDir,
      SALLYPORT_LOG_LEVEL: 'warn',
    })
    assert.equal(run.code, 0, run.output)
    return run.output
  }

  async function screenshot(name: string, on: Page = page): Promise<void> {
    await on.screenshot({ path: join(artifacts, `billing-${name}.png`), fullPage: true })
  }

  async function openAccount(viewport: typeof desktop, dark = false): Promise<Page> {
    const context = await browser.newContext(lookOptions({ viewport, dark }))
    await context.addCookies(cookies)
    const opened = watch(await context.newPage(), cli.baseUrl, problems)
    await opened.goto(`${cli.baseUrl}/dashboard/account`)
    await opened.locator('[data-chart="requests"] svg').waitFor()
    return opened
  }

  before(async () => {
    ;[cli, target] = await Promise.all([startCli(), startTarget()])
    await admin('create-account', '--email', email, '--password', password)
    const minted = await admin('create-key', '--email', email, '--name', 'billing', '--scopes', 'proxy,read')
    const key = /sp_live_\w{36}/.exec(minted)![0]
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${cli.baseUrl}/v2/proxy/fetch?region=us-east`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ url: target.url }),
      })
      assert.equal(response.status, 200, await response.text())
    }
    browser = await launch()
    const context = await browser.newContext({ viewport: desktop })
    page = watch(await context.newPage(), cli.baseUrl, problems)
    await page.goto(`${cli.baseUrl}/dashboard/signin?next=/dashboard/account`)
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard/account')
    cookies = await context.cookies()
  })

  after(async () => {
    await browser?.close()
    await Promise.all([cli?.stop(), target?.close()])
  })

  it("on the trial: the month's requests, no charge, and the trial card", async () => {
    await page.locator('#usage-details').waitFor()
    assert.equal(await page.locator('[data-usage="plan"]').innerText(), 'Trial')
    assert.equal(await page.locator('[data-usage="requests"]').innerText(), '3 this month')
    assert.equal(await page.locator('[data-usage="charge"]').innerText(), '0.00 USD: the trial costs nothing')
    assert.equal(await page.locator('[data-usage-row="overage"]').isHidden(), true)
    await page.locator('#trial').waitFor()
    assert.equal(await page.locator('[data-trial="requests_left"]').innerText(), '997 of 1,000')
    await screenshot('trial')
  })

  it("after set-plan entry: the plan's terms, this month's requests and the charge so far", async () => {
    assert.match(await admin('set-plan', '--email', email, '--plan', 'entry'), /plan trial -> entry/)
    await page.reload()
    await page.locator('#usage-details').waitFor()
    assert.equal(
      await page.locator('[data-usage="plan"]').innerText(),
      'Entry: 25.00 USD a month with 50,000 requests, then 0.50 USD per 1,000',
    )
    assert.equal(await page.locator('[data-usage="requests"]').innerText(), '3 of 50,000 included')
    assert.equal(await page.locator('[data-usage="overage"]').innerText(), '0 requests')
    assert.equal(
      await page.locator('[data-usage="charge"]').innerText(),
      '25.00 USD (25.00 plan fee + 0.00 beyond the plan)',
    )
    assert.equal(await page.locator('#trial').isHidden(), true, 'no trial card on a paid plan')
  })

  it('draws both charts as labelled SVG images, with every value in a table', async () => {
    const chart = page.locator('[data-chart="requests"] svg')
    await chart.waitFor()
    assert.equal(await chart.getAttribute('role'), 'img')
    const labelledBy = (await chart.getAttribute('aria-labelledby'))!.split(' ')
    assert.match((await page.locator(`#${labelledBy[0]}`).textContent()) ?? '', /^Requests per day, /)
    assert.match(
      (await page.locator(`#${labelledBy[1]}`).textContent()) ?? '',
      /^3 in total; .*today so far 3\./,
    )
    assert.equal(await page.locator('[data-chart="requests"] rect.bar').count(), 1)
    assert.equal(await page.locator('[data-chart="bytes"] rect.bar').count(), 1)
    await screenshot('desktop')
    await page.getByText('Show the numbers as a table').click()
    const rows = page.locator('#usage-table tbody tr')
    assert.equal(await rows.count(), 30)
    assert.match(await rows.last().innerText(), /\t3\t/)
    await screenshot('desktop-table')
  })

  it('checks the cap before sending, shows the API’s refusal next to the field, then saves it', async () => {
    const field = page.getByLabel('Monthly cap in US dollars')
    await field.fill('12.345')
    await page.getByRole('button', { name: 'Save the cap' }).click()
    assert.match(await page.locator('#spend-cap-cap_usd-error').innerText(), /at most 2 decimals/)
    assert.equal(await field.getAttribute('aria-invalid'), 'true')

    // Well-formed, but below the entry plan's fee: the API refuses it (422) and the page says why, there.
    await field.fill('10.00')
    await page.getByRole('button', { name: 'Save the cap' }).click()
    await page.locator('#spend-cap-cap_usd-error', { hasText: 'monthly fee' }).waitFor()
    // Named as the form names it, not by the API's field name.
    assert.doesNotMatch(await page.locator('#spend-cap-cap_usd-error').innerText(), /cap_usd/)
    assert.match(
      (await page.locator('#spend-cap-cap_usd').getAttribute('aria-describedby')) ?? '',
      /spend-cap-cap_usd-error/,
    )
    await screenshot('cap-refused')

    await field.fill('40')
    await page.getByRole('button', { name: 'Save the cap' }).click()
    await page.locator('#status', { hasText: 'Spending cap saved: 40.00 USD a month.' }).waitFor()
    assert.equal(await page.locator('#cap-current').innerText(), 'Your cap: 40.00 USD a month.')
    assert.equal(await field.getAttribute('aria-invalid'), null)
    assert.equal(await page.getByRole('button', { name: 'Remove the cap' }).isVisible(), true)
    await screenshot('cap-saved')
  })

  it('the cap survives a reload and can be removed', async () => {
    await page.reload()
    await page.locator('#cap-current', { hasText: '40.00 USD' }).waitFor()
    assert.equal(await page.getByLabel('Monthly cap in US dollars').inputValue(), '40.00')
    await page.getByRole('button', { name: 'Remove the cap' }).click()
    await page.locator('#status', { hasText: 'Spending cap removed.' }).waitFor()
    assert.match(await page.locator('#cap-current').innerText(), /^No cap is set/)
    assert.equal(await page.getByRole('button', { name: 'Remove the cap' }).isHidden(), true)
  })

  it('fits a phone (390 and 360 px) and dark mode without scrolling sideways', async () => {
    const small = await openAccount(phone)
    await screenshot('phone', small)
    for (const width of [phone.width, 360]) {
      await small.setViewportSize({ width, height: 800 })
      // The charts redraw to their new width.
      await small.waitForFunction(
        `Number(document.querySelector('[data-chart="requests"] svg').getAttribute('width')) <= ${width - 30}`,
      )
      const scrollWidth = await small.evaluate<number>('document.documentElement.scrollWidth')
      assert.ok(scrollWidth <= width, `the account page scrolls sideways at ${width}px (${scrollWidth}px)`)
    }
    await screenshot('phone-360', small)
    await small.context().close()

    const dark = await openAccount(desktop, true)
    await screenshot('dark', dark)
    await dark.context().close()
  })

  it('no script errors, CSP violations or requests to other origins along the way', () => {
    assert.deepEqual(problems, [])
  })
})
