/**
 * The dashboard against the real account area: every endpoint it calls is served, and the limits its
 * forms check before sending are the ones the API publishes in its OpenAPI document.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildAccountTestGateway, type AccountGateway } from '../../../test/helpers/account-gateway.ts'
import { scriptSource } from './assets.ts'
import { dashboardPages } from './dashboard.ts'
import { tagsOf } from '../../../test/helpers/markup.ts'
import { testDashboardSettings } from '../../../test/helpers/memory-gateway-deps.ts'

type Schema = {
  properties?: Record<string, Schema>
  minLength?: number
  maxLength?: number
  items?: Schema
  enum?: string[]
  anyOf?: Schema[]
  const?: string
}

let gateway: AccountGateway
before(async () => {
  gateway = await buildAccountTestGateway()
})
after(() => gateway.close())

function bodySchema(path: string, method: string): Schema {
  const document = gateway.app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>
  }
  const schema = document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema
  assert.ok(schema, `${method.toUpperCase()} ${path} has no JSON body in the OpenAPI document`)
  return schema
}

function field(page: string, name: string): Record<string, string | true> {
  const rendered = dashboardPages
    .find((candidate) => candidate.path === page)!
    .render({ token: 't' }, testDashboardSettings)
  const tag = tagsOf(rendered, 'input').find((candidate) => candidate.attributes.name === name)
  assert.ok(tag, `${page} has no field ${name}`)
  return tag.attributes
}

describe('the dashboard and the API agree', () => {
  it('every endpoint the pages and the script call is served', () => {
    const calls = new Set<string>()
    for (const page of dashboardPages) {
      for (const form of tagsOf(page.render({ token: 't' }, testDashboardSettings), 'form')) {
        calls.add(`${String(form.attributes['data-api-method'])} ${String(form.attributes['data-api'])}`)
      }
    }
    const source = scriptSource
    for (const [, method, path] of source.matchAll(/api\('(GET|POST|DELETE)', '([^']+)'/g)) {
      const bare = path!.split('?')[0]!
      calls.add(`${method} ${bare.endsWith('/') ? `${bare}:id` : bare}`)
    }
    assert.ok(calls.size >= 12, [...calls].join(', '))
    for (const call of calls) {
      const [method, url] = call.split(' ') as ['GET' | 'POST' | 'DELETE', string]
      assert.ok(gateway.app.hasRoute({ method, url }), `${call} is not served`)
    }
  })

  it('password bounds on sign-up and reset match the API', () => {
    for (const [page, path] of [
      ['/dashboard/signup', '/v2/account'],
      ['/dashboard/reset-password', '/v2/account/password-reset/confirm'],
    ] as const) {
      const published = bodySchema(path, 'post').properties?.password
      const password = field(page, 'password')
      assert.equal(password.minlength, String(published?.minLength), page)
      assert.equal(password.maxlength, String(published?.maxLength), page)
    }
  })

  it('the e-mail field and the key name are no longer than the API accepts', () => {
    const email = bodySchema('/v2/account', 'post').properties?.email
    assert.equal(field('/dashboard/signup', 'email').maxlength, String(email?.maxLength))
    const name = bodySchema('/v2/keys', 'post').properties?.name
    assert.equal(field('/dashboard/keys', 'name').maxlength, String(name?.maxLength))
  })

  it('the scope checkboxes are exactly the scopes a key can have', () => {
    const items = bodySchema('/v2/keys', 'post').properties?.scopes?.items
    const published = [
      ...(items?.enum ?? []),
      ...(items?.anyOf ?? []).flatMap((option) => option.enum ?? [option.const]),
    ]
    const rendered = dashboardPages
      .find((page) => page.path === '/dashboard/keys')!
      .render({}, testDashboardSettings)
    const boxes = tagsOf(rendered, 'input').filter((tag) => tag.attributes.name === 'scopes')
    assert.deepEqual(boxes.map((tag) => tag.attributes.value).sort(), [...published].sort())
  })
})
