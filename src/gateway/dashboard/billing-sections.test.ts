import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { scriptSource } from './assets.ts'
import { dashboardPages } from './dashboard.ts'
import { squeeze, tagsOf } from '../../../test/helpers/markup.ts'
import { capPattern } from './pages/billing-sections.ts'
import { testDashboardSettings } from '../../../test/helpers/memory-gateway-deps.ts'

const account = dashboardPages
  .find((page) => page.path === '/dashboard/account')!
  .render({}, testDashboardSettings)

describe('the account page’s billing parts', () => {
  it('the spending-cap form sends PUT /v2/account/spend-cap with the CSRF token', () => {
    const forms = tagsOf(account, 'form').filter(
      (tag) => tag.attributes['data-api'] === '/v2/account/spend-cap',
    )
    assert.deepEqual(
      forms.map((tag) => [tag.attributes.id, tag.attributes['data-api-method'], tag.attributes['data-csrf']]),
      [
        ['spend-cap', 'PUT', true],
        ['spend-cap-clear', 'PUT', true],
      ],
    )
  })

  it('the cap field is labelled, takes decimals on a phone keyboard, and says what a bad value is', () => {
    const cap = tagsOf(account, 'input').find((tag) => tag.attributes.id === 'spend-cap-cap_usd')?.attributes
    assert.ok(cap)
    assert.equal(cap.name, 'cap_usd')
    assert.equal(cap.inputmode, 'decimal')
    assert.equal(cap.autocomplete, 'off')
    assert.equal(cap.pattern, capPattern.regex)
    assert.equal(cap['data-pattern-message'], capPattern.message)
    assert.equal(cap.maxlength, '10')
    assert.match(squeeze(account), /<label for="spend-cap-cap_usd">Monthly cap in US dollars<\/label>/)
    const pattern = new RegExp(`^(?:${capPattern.regex})$`)
    for (const good of ['40', '40.5', '40.00', '1000000.00']) assert.match(good, pattern)
    for (const bad of ['40.005', '-1', '1,000', '4e1', '']) assert.doesNotMatch(bad, pattern)
  })

  it('removing the cap sends null: a hidden, empty cap_usd marked data-empty-null', () => {
    const hidden = tagsOf(account, 'input').filter((tag) => tag.attributes.type === 'hidden')
    assert.deepEqual(
      hidden.map((tag) => [tag.attributes.name, tag.attributes.value, tag.attributes['data-empty-null']]),
      [['cap_usd', '', true]],
    )
    assert.match(scriptSource, /hasAttribute\('data-empty-null'\)[^\n]*\n\s*body\[el\.name\] = null/)
  })

  it('has a box per chart with its caption, and a table with a caption and column headers', () => {
    assert.deepEqual(
      tagsOf(account, 'div')
        .filter((tag) => tag.attributes['data-chart'] !== undefined)
        .map((tag) => tag.attributes['data-chart']),
      ['requests', 'bytes'],
    )
    assert.match(squeeze(account), /<caption> Requests and data per day, last 30 days \(UTC\) <\/caption>/)
    assert.equal(tagsOf(account, 'th').filter((tag) => tag.attributes.scope === 'col').length, 3)
  })

  it('the script draws the charts without style attributes (CSP style-src self) and labels each SVG', () => {
    const source = scriptSource
    assert.doesNotMatch(source, /\.style\b|['"]style['"]/)
    assert.match(source, /role: 'img'/)
    assert.match(source, /'aria-labelledby': id \+ '-title ' \+ id \+ '-desc'/)
    assert.match(source, /svg\('title'/)
    assert.match(source, /svg\('desc'/)
  })
})
