/**
 * The reference at /v2/docs, and the pages around it (/, /plans, /v2/docs/errors), in headless Chromium on
 * a 390 px phone: nothing wider than the screen, a table of contents with every operation, and on every
 * operation its code samples and a response example; nothing loaded from anywhere but the service.
 */
import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { after, before, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import {
  assertAccessible,
  describeInBrowser,
  desktop,
  inPage,
  launch,
  newContext,
  phone,
} from './browser-kit.ts'
import { eventually } from '../helpers/cli.ts'
import { startCli, type RunningCli } from './harness.ts'

const artifacts = resolve(import.meta.dirname, '..', '..', 'test-artifacts', 'browser-docs')

type Answer = { content?: Record<string, { example?: unknown }> }
type Operation = {
  operationId: string
  description?: string
  responses: Record<string, Answer>
  requestBody?: { content?: Record<string, { example?: unknown }> }
}

describeInBrowser('the reference in a browser', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  const problems: string[] = []
  const widthOf = () => inPage<number>(page, 'document.documentElement.scrollWidth')

  before(async () => {
    await mkdir(artifacts, { recursive: true })
    ;[cli, browser] = await Promise.all([startCli(), launch()])
    const context = await browser.newContext({
      viewport: phone,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    })
    page = await context.newPage()
    page.setDefaultTimeout(15_000)
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('request', (request) => {
      if (!request.url().startsWith(cli.baseUrl) && !request.url().startsWith('data:')) {
        problems.push(`request to ${request.url()}`)
      }
    })
  })
  after(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it(
    '/v2/docs: a contents list by tag with every operation, samples and examples on each, 390 px wide',
    { timeout: 180_000 },
    async () => {
      const document = (await (await fetch(`${cli.baseUrl}/v2/docs/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { operationId: string; tags: string[] }>>
      }
      const operations = Object.values(document.paths).flatMap((item) => Object.values(item))
      assert.ok(operations.length > 40)
      assert.doesNotMatch(JSON.stringify(document), /\(SPEC \d/)

      await page.goto(`${cli.baseUrl}/v2/docs`)
      await page.waitForSelector('.opblock')
      await page.screenshot({ path: join(artifacts, '01-reference.png') })
      assert.equal(await inPage(page, `document.querySelector('meta[name=viewport]') !== null`), true)

      // The contents: every operation, linked, under its tag.
      const links = await inPage<string[]>(
        page,
        `[...document.querySelectorAll('.information-container a[href^="#/"]')].map((a) => a.getAttribute('href'))`,
      )
      for (const operation of operations) {
        assert.ok(links.includes(`#/${operation.tags[0]}/${operation.operationId}`), operation.operationId)
      }
      assert.equal(await page.locator('.opblock').count(), operations.length)
      // Markdown renders: no literal asterisks of bold text.
      assert.doesNotMatch(await page.locator('.information-container').innerText(), /\*\*/)
      assert.ok((await page.locator('.opblock-tag-section').count()) >= 6)

      // A contents link opens its operation.
      await page.locator('.information-container a[href="#/proxy/fetch"]').click()
      await page.waitForSelector('#operations-proxy-fetch.is-open')

      // Every operation in the document the page renders: its three samples, and an example on each answer
      // with a body (the generator's output; Redocly checks them against the schemas in npm run check).
      const rendered = (await (await fetch(`${cli.baseUrl}/v2/docs/json`)).json()) as {
        paths: Record<string, Record<string, Operation>>
      }
      for (const [path, item] of Object.entries(rendered.paths)) {
        for (const operation of Object.values(item)) {
          const description = String(operation.description)
          for (const label of [
            'curl:\n\n```sh\ncurl -s',
            'TypeScript:\n\n```ts\n',
            'Python:\n\n```python\nimport',
          ]) {
            assert.ok(description.includes(label), `${path} ${operation.operationId}: ${label}`)
          }
          const answers = Object.values(operation.responses).flatMap((r) => Object.values(r.content ?? {}))
          assert.ok(answers.length > 0, `${operation.operationId}: an answer with a body`)
          for (const answer of answers)
            assert.notEqual(answer.example, undefined, `${operation.operationId}: example`)
          const body = operation.requestBody?.content?.['application/json']
          if (body !== undefined)
            assert.notEqual(body.example, undefined, `${operation.operationId}: request example`)
        }
      }

      // In the page, the first operation of every tag opened: its samples with copy buttons, a response example.
      const firstOfTag = new Map<string, string>()
      for (const operation of operations)
        if (!firstOfTag.has(operation.tags[0]!)) firstOfTag.set(operation.tags[0]!, operation.operationId)
      for (const [tag, operationId] of firstOfTag) {
        const block = page.locator(`#operations-${tag}-${operationId}`)
        if (
          !(await block.evaluate((element) =>
            (element as unknown as { classList: { contains(name: string): boolean } }).classList.contains(
              'is-open',
            ),
          ))
        ) {
          await block.locator('.opblock-summary-control').click()
        }
        await block.locator('.responses-wrapper').waitFor()
        const text = await block.innerText()
        for (const label of ['curl:', 'TypeScript:', 'Python:', 'curl -s'])
          assert.ok(text.includes(label), `${operationId}: ${label}`)
        assert.ok((await block.locator('pre .sallyport-copy').count()) >= 3, `${operationId}: copy buttons`)
        assert.ok(
          (await block.locator('.responses-wrapper .highlight-code, .responses-wrapper .example').count()) >
            0,
          `${operationId}: response example`,
        )
      }
      const fetchBlock = await page.locator('#operations-proxy-fetch').innerText()
      assert.match(fetchBlock, /sallyport\.fetch\(\{ url: 'https:\/\/example\.com\/', region: 'europe' \}\)/)
      assert.match(fetchBlock, /"url": "https:\/\/example\.com\/"/)
      await page.screenshot({ path: join(artifacts, '02-all-open.png'), fullPage: false })
      assert.ok((await widthOf()) <= phone.width, `reference is ${await widthOf()} px wide`)
    },
  )

  it(
    '/v2/docs, an operation of every tag open: no serious or critical axe-core finding, each scrolling box reachable by keyboard',
    { timeout: 300_000 },
    async () => {
      for (const viewport of [phone, desktop]) {
        const context = await newContext(browser, { viewport })
        const reference = await context.newPage()
        reference.setDefaultTimeout(15_000)
        await reference.goto(`${cli.baseUrl}/v2/docs`)
        await reference.waitForSelector('.opblock')
        // The first operation of every tag opened (all 61 take minutes to draw): parameters, examples, answers.
        const firsts = await reference.locator('.opblock-tag-section').evaluateAll((sections) =>
          sections.map((section) => {
            const button = (
              section as unknown as { querySelector(s: string): { click(): void } | null }
            ).querySelector('.opblock-summary-control')
            button?.click()
            return button === null ? 0 : 1
          }),
        )
        const opened = firsts.reduce((sum: number, one) => sum + one, 0)
        assert.ok(opened >= 6)
        await eventually(
          async () =>
            (await reference.locator('.opblock .responses-wrapper').count()) === opened ? true : undefined,
          60_000,
        )
        // The boxes that scroll (code samples, examples, tables) and cannot be reached with the keyboard.
        const unreachable = await inPage<string[]>(
          reference,
          `(async () => {
              await new Promise((done) => setTimeout(done, 500));
              return [...document.querySelectorAll('.swagger-ui *')].filter((element) => {
                const style = getComputedStyle(element);
                const scrolls = (/auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth) ||
                  (/auto|scroll/.test(style.overflowY) && element.scrollHeight > element.clientHeight);
                return scrolls && element.tabIndex < 0 && element.querySelector('a[href], button, input, select, textarea, [tabindex]') === null;
              }).map((element) => element.tagName + '.' + element.className);
            })()`,
        )
        assert.deepEqual(unreachable, [], `at ${viewport.width} px`)
        await assertAccessible(reference, `/v2/docs at ${viewport.width} px`)
        await context.close()
      }
    },
  )

  it('/, /plans and the error guide lead somewhere readable and fit 390 px', async () => {
    await page.goto(`${cli.baseUrl}/`)
    assert.equal(await page.locator('h1').innerText(), 'Sallyport')
    assert.ok((await widthOf()) <= phone.width)
    await page.locator('main a[href="/plans"]').click()
    await page.waitForURL(`${cli.baseUrl}/plans`)
    assert.match(await page.locator('table').innerText(), /Entry\s+25\.00 USD\s+50,000\s+0\.50 USD \/ 1,000/)
    assert.ok((await widthOf()) <= phone.width)
    await page.screenshot({ path: join(artifacts, '03-plans.png'), fullPage: true })
    await page.goto(`${cli.baseUrl}/v2/docs/errors`)
    assert.ok((await page.locator('tr#region_out_of_service').innerText()).includes('503'))
    assert.ok((await widthOf()) <= phone.width, `error guide is ${await widthOf()} px wide`)
    assert.deepEqual(problems, [])
  })
})
