/**
 * Shared pieces of the browser tests: Chromium, an account made through the API with its mailed link,
 * a signed-in browser context, and the axe-core pass (no serious or critical finding).
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { describe, it } from 'node:test'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core'
import { mailedLink, startCli, untilStopped, type RunningCli } from './harness.ts'

export const executablePath = '/usr/bin/chromium'
export const haveChromium = existsSync(executablePath)
export const artifacts = resolve(import.meta.dirname, '..', '..', 'test-artifacts', 'browser')
export const desktop = { width: 1280, height: 800 }
export const phone = { width: 390, height: 844 }
const axeSource = resolve(import.meta.dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js')

/**
 * A suite that needs Chromium: skipped where it is not installed, except under CI, where its absence is a
 * failing test of its own.
 */
export function describeInBrowser(name: string, suite: () => void): void {
  if (!haveChromium && process.env.CI === 'true') {
    it('Chromium is installed for the browser tests', () => {
      assert.fail(`Chromium not found at ${executablePath}; CI must run the browser tests`)
    })
  }
  describe(
    name,
    { skip: haveChromium ? false : `Chromium not found at ${executablePath}; skipping the browser tests` },
    suite,
  )
}

/** An expression evaluated in the page (this project compiles without the DOM types). */
export function inPage<T>(on: Page, expression: string): Promise<T> {
  return on.evaluate<T>(expression)
}

/** Chromium, closed when the file's tests end if the test has not closed it (harness.ts). */
export async function launch(): Promise<Browser> {
  await mkdir(artifacts, { recursive: true })
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const close = untilStopped(() => browser.close())
  browser.once('disconnected', () => void close())
  return browser
}

export type Look = { viewport: typeof desktop; dark?: boolean }

/** The options of a context at this size and colour scheme, the page's CSP enforced. */
export function lookOptions(look: Look): BrowserContextOptions {
  return {
    viewport: look.viewport,
    colorScheme: look.dark === true ? 'dark' : 'light',
    ...(look.viewport === phone && { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
  }
}

/** A context at this size and colour scheme. CSP is bypassed only so the test can inject axe-core. */
export function newContext(browser: Browser, look: Look): Promise<BrowserContext> {
  return browser.newContext({ ...lookOptions(look), bypassCSP: true })
}

/** Collects script errors and requests to anywhere but the service. */
export function watch(page: Page, baseUrl: string, problems: string[]): Page {
  page.setDefaultTimeout(10_000)
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    // A 4xx the page handles is logged by Chromium as a failed resource; it is not a problem.
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) {
      problems.push(`console: ${message.text()}`)
    }
  })
  page.on('request', (request) => {
    if (!request.url().startsWith(baseUrl) && !request.url().startsWith('data:')) {
      problems.push(`request to ${request.url()}`)
    }
  })
  return page
}

async function post(cli: RunningCli, path: string, body: unknown): Promise<Response> {
  return fetch(`${cli.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Sign-up and verification through the API, with the link from the mail the service wrote. */
export async function verifiedAccount(cli: RunningCli, email: string, password: string): Promise<void> {
  const signUp = await post(cli, '/v2/account', { email, password })
  assert.equal(signUp.status, 202, await signUp.text())
  const link = await mailedLink(cli.dataDir, email, '/dashboard/verify')
  const verify = await post(cli, '/v2/account/verify', { token: link.searchParams.get('token') })
  assert.equal(verify.status, 200, await verify.text())
}

export type BrowserRun = { cli: RunningCli; browser: Browser; context: BrowserContext; page: Page }

/**
 * The CLI, Chromium, a desktop page watched for problems, and a verified account made through the API.
 * Whatever started is stopped when the file's tests end if the test has not stopped it (harness.ts).
 */
export async function startWithAccount(
  email: string,
  password: string,
  problems: string[],
): Promise<BrowserRun> {
  const cli = await startCli()
  const browser = await launch()
  const context = await newContext(browser, { viewport: desktop })
  const page = watch(await context.newPage(), cli.baseUrl, problems)
  await verifiedAccount(cli, email, password)
  return { cli, browser, context, page }
}

/** Signs the context in through the API (the cookie lands in the context's jar). */
export async function signIn(context: BrowserContext, cli: RunningCli, email: string, password: string) {
  const response = await context.request.post(`${cli.baseUrl}/v2/session`, {
    data: { email, password },
    headers: { origin: cli.baseUrl },
  })
  assert.equal(response.status(), 200, await response.text())
}

/** axe-core on the page as it is now: no serious or critical violation. */
export async function assertAccessible(page: Page, label: string): Promise<void> {
  await page.addScriptTag({ path: axeSource })
  const violations = await page.evaluate<
    { id: string; impact: string; help: string; nodes: { target: unknown }[] }[]
  >(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`,
  )
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  assert.deepEqual(
    bad.map((v) => `${v.impact} ${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`),
    [],
    label,
  )
}

/** No page scrolls sideways at this width. */
export async function assertNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  )
  assert.ok(overflow <= 0, `${label}: scrolls sideways by ${overflow} px`)
}

export function shotPath(name: string): string {
  return join(artifacts, `${name}.png`)
}
