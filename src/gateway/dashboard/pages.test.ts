import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { dashboardPages } from './dashboard.ts'
import { escapeHtml, html } from './html.ts'
import { squeeze, tagsOf } from '../../../test/helpers/markup.ts'
import { queryOf } from './pages/page.ts'
import { testDashboardSettings } from '../../../test/helpers/memory-gateway-deps.ts'

const hostile = `"><script>alert(1)</script><img src=x onerror=alert(2)>'`

function render(path: string, query: Record<string, string> = {}): string {
  const page = dashboardPages.find((candidate) => candidate.path === path)
  assert.ok(page, path)
  return page.render(query, testDashboardSettings)
}

function input(body: string, name: string): Record<string, string | true> {
  const tag = tagsOf(body, 'input').find((candidate) => candidate.attributes.name === name)
  assert.ok(tag, `no input named ${name}`)
  return tag.attributes
}

describe('dashboard markup', () => {
  it('escapes a hostile token in the verification and reset pages', () => {
    for (const path of ['/dashboard/verify', '/dashboard/reset-password']) {
      const body = render(path, { token: hostile })
      assert.ok(!body.includes('<script>alert'), path)
      assert.ok(!body.includes('<img'), path)
      assert.ok(body.includes(`value="${escapeHtml(hostile)}"`), path)
      assert.equal(input(body, 'token').value, escapeHtml(hostile))
    }
  })

  it('escapes a hostile address on the check-email page, in the text and in the field', () => {
    const body = render('/dashboard/check-email', { email: hostile })
    assert.ok(!body.includes('<script>alert'))
    assert.equal(body.split(escapeHtml(hostile)).length - 1, 2)
  })

  it('a link without a token says so instead of showing a form that cannot work', () => {
    for (const path of ['/dashboard/verify', '/dashboard/reset-password']) {
      const body = render(path)
      assert.match(squeeze(body), /missing its token/)
      assert.doesNotMatch(body, /<form/)
    }
  })

  it('every form control has a label, and every label points at a control', () => {
    for (const page of dashboardPages) {
      const body = page.render({ token: 't', email: 'a@example.com' }, testDashboardSettings)
      const controls = tagsOf(body, 'input|select|textarea|meter').filter(
        (tag) => tag.attributes.type !== 'hidden',
      )
      const labelled = new Set(tagsOf(body, 'label').map((tag) => tag.attributes.for))
      for (const control of controls) {
        const id = control.attributes.id
        assert.ok(typeof id === 'string', `${page.path}: ${control.source} has no id`)
        assert.ok(labelled.has(id), `${page.path}: no label for #${id}`)
      }
      const ids = new Set(controls.map((tag) => tag.attributes.id))
      for (const target of labelled)
        assert.ok(ids.has(target), `${page.path}: a label for ${String(target)} labels nothing`)
    }
  })

  it('ids are unique on every page, and every aria reference points at something', () => {
    for (const page of dashboardPages) {
      const body = page.render({ token: 't' }, testDashboardSettings)
      const ids = [...body.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1])
      assert.equal(new Set(ids).size, ids.length, `${page.path}: duplicate id`)
      for (const [, refs] of body.matchAll(/\saria-(?:describedby|labelledby)="([^"]+)"/g)) {
        for (const ref of refs!.split(' ')) assert.ok(ids.includes(ref), `${page.path}: #${ref} missing`)
      }
    }
  })

  it('forms carry the autocomplete, inputmode and length hints password managers and phones use', () => {
    const signUp = render('/dashboard/signup')
    assert.deepEqual(pick(input(signUp, 'email'), 'type', 'autocomplete', 'inputmode', 'required'), {
      type: 'email',
      autocomplete: 'email',
      inputmode: 'email',
      required: true,
    })
    assert.deepEqual(
      pick(input(signUp, 'password'), 'type', 'autocomplete', 'required', 'minlength', 'maxlength'),
      {
        type: 'password',
        autocomplete: 'new-password',
        required: true,
        minlength: '10',
        maxlength: '128',
      },
    )
    assert.equal(input(render('/dashboard/signin'), 'password').autocomplete, 'current-password')
    // Resend binds the new link to the password typed here, under the sign-up rules.
    const resend = input(render('/dashboard/check-email', { email: 'a@example.com' }), 'password')
    assert.deepEqual(pick(resend, 'type', 'autocomplete', 'required', 'minlength', 'maxlength'), {
      type: 'password',
      autocomplete: 'current-password',
      required: true,
      minlength: '10',
      maxlength: '128',
    })
    const reset = input(render('/dashboard/reset-password', { token: 't' }), 'password')
    assert.deepEqual(pick(reset, 'autocomplete', 'minlength'), {
      autocomplete: 'new-password',
      minlength: '10',
    })
  })

  it('every form is a real POST form that the script sends to the JSON API', () => {
    for (const page of dashboardPages) {
      for (const tag of tagsOf(page.render({ token: 't' }, testDashboardSettings), 'form')) {
        assert.equal(tag.attributes.method, 'post', `${page.path}: ${tag.source}`)
        assert.match(String(tag.attributes['data-api']), /^\/v2\//, `${page.path}: ${tag.source}`)
      }
    }
  })

  it('the keys page offers each scope, shows a new key once with a warning, and confirms a revoke', () => {
    const body = render('/dashboard/keys')
    const boxes = tagsOf(body, 'input').filter((tag) => tag.attributes.name === 'scopes')
    assert.deepEqual(
      boxes.map((tag) => [tag.attributes.value, tag.attributes.checked ?? false]),
      [
        ['proxy', true],
        ['read', false],
      ],
    )
    const newKey = tagsOf(body, 'input').find((tag) => tag.attributes.id === 'new-key-value')
    assert.equal(newKey?.attributes.readonly, true)
    assert.match(squeeze(body), /it will not be shown again/)
    assert.ok(tagsOf(body, 'dialog').some((tag) => tag.attributes.id === 'revoke-dialog'))
    assert.match(body, /data-csrf/)
  })

  it('the sign-in page says when the visitor has just signed out', () => {
    assert.match(render('/dashboard/signin', { signed_out: '1' }), /You are signed out\./)
    assert.match(squeeze(render('/dashboard/signin', { signed_out: 'all' })), /signed out on every device/)
    assert.doesNotMatch(render('/dashboard/signin', { signed_out: hostile }), /notice is-success/)
  })
})

describe('html and query helpers', () => {
  it('html escapes values, nests safe fragments, and drops false and undefined', () => {
    const inner = html`<b>${'<i>'}</b>`
    assert.equal(
      html`<p title="${'"x"'}">${inner}${false}${undefined}${['a', '&']}</p>`.value,
      '<p title="&quot;x&quot;"><b>&lt;i&gt;</b>a&amp;</p>',
    )
  })

  it('queryOf keeps the first value of a repeated parameter and caps its length', () => {
    assert.deepEqual(queryOf({ token: ['a', 'b'], n: 1, long: 'x'.repeat(600) }), {
      token: 'a',
      long: 'x'.repeat(512),
    })
    assert.deepEqual(queryOf(undefined), {})
  })
})

function pick(attributes: Record<string, string | true>, ...names: string[]): Record<string, string | true> {
  return Object.fromEntries(names.map((name) => [name, attributes[name]!]))
}
