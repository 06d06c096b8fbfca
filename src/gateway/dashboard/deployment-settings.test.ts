import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { squeeze, tagsOf } from '../../../test/helpers/markup.ts'
import { buildTestGateway } from '../../../test/helpers/test-gateway.ts'
import type { DashboardSettings } from './pages/page.ts'

const withCookie = { cookie: 'sallyport_session=stale' }

/** The page's text as a person reads it: tags dropped, spaces squeezed. */
const textOf = (body: string) => squeeze(body.replace(/<[^>]+>/g, ' ')).replace(/ ([.,])(?= |$)/g, '$1')

async function pageWith(settings: DashboardSettings, url: string): Promise<string> {
  const gateway = await buildTestGateway(undefined, { dashboard: settings })
  try {
    const response = await gateway.app.inject({ url, headers: withCookie })
    assert.equal(response.statusCode, 200)
    return response.body
  } finally {
    await gateway.close()
  }
}

describe('what the dashboard says about its deployment', () => {
  it('the account page gives the configured billing contact as a mailto link', async () => {
    const body = await pageWith(
      { billingContact: 'sales+plans@example.com', outboxDir: undefined },
      '/dashboard/account',
    )
    const link = tagsOf(body, 'a').find((tag) => String(tag.attributes.href).startsWith('mailto:'))
    assert.equal(link?.attributes.href, 'mailto:sales%2Bplans@example.com')
    assert.match(textOf(body), /e-mail exchange with our billing contact, sales\+plans@example\.com\./)
  })

  it('with no SMTP server, check-your-mail names the outbox folder and where the decoded link is', async () => {
    const text = textOf(
      await pageWith(
        { billingContact: 'billing@example.com', outboxDir: '/srv/sallyport/data/outbox' },
        '/dashboard/check-email?email=a%40example.com',
      ),
    )
    assert.match(text, /written as an \.eml file to the outbox folder \/srv\/sallyport\/data\/outbox/)
    assert.match(text, /X-Sallyport-Link line at the top of that file, and in the service’s log/)
    assert.match(text, /Look in the outbox folder, or have the link sent again/)
    assert.doesNotMatch(text, /spam folder/)
  })

  it('with SMTP, check-your-mail speaks of the inbox and names no folder', async () => {
    const text = textOf(
      await pageWith(
        { billingContact: 'billing@example.com', outboxDir: undefined },
        '/dashboard/check-email?email=a%40example.com',
      ),
    )
    assert.match(text, /We sent a link to a@example\.com/)
    assert.match(text, /Look in your spam folder, or have the link sent again/)
    assert.doesNotMatch(text, /outbox|\.eml|X-Sallyport-Link/)
  })
})
