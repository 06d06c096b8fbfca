import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestGateway, type TestGateway } from '../../../test/helpers/test-gateway.ts'
import { script, scripts, stylesheet } from './assets.ts'
import { contentSecurityPolicy, dashboardPages } from './dashboard.ts'
import { squeeze, tagsOf } from '../../../test/helpers/markup.ts'

let gateway: TestGateway
before(async () => {
  gateway = await buildTestGateway()
})
after(() => gateway.close())

function assertSecurityHeaders(headers: Record<string, unknown>): void {
  assert.equal(headers['content-security-policy'], contentSecurityPolicy)
  assert.equal(headers['x-content-type-options'], 'nosniff')
  assert.equal(headers['referrer-policy'], 'same-origin')
}

/** Signed-in pages are served only to a browser with a session cookie; the API decides if it is live. */
const withCookie = { cookie: 'sallyport_session=stale' }

describe('dashboard pages', () => {
  it('a signed-in page asked with no session cookie at all sends to sign-in, with no call to fail first', async () => {
    for (const path of ['/dashboard/keys', '/dashboard/playground', '/dashboard/account']) {
      const response = await gateway.app.inject({ url: path })
      assert.equal(response.statusCode, 302)
      assert.equal(response.headers.location, `/dashboard/signin?next=${encodeURIComponent(path)}`)
    }
    const open = await gateway.app.inject({ url: '/dashboard/signin' })
    assert.equal(open.statusCode, 200)
  })

  for (const page of dashboardPages) {
    it(`${page.path} answers HTML with the CSP and security headers, never cached`, async () => {
      const response = await gateway.app.inject({ url: `${page.path}?token=t0k3n`, headers: withCookie })
      assert.equal(response.statusCode, 200)
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8')
      assertSecurityHeaders(response.headers)
      assert.equal(response.headers['cache-control'], 'no-store')
      assert.match(response.body, /^<!doctype html>\n<html lang="en">/)
      assert.match(response.body, /<a class="skip" href="#main">/)
      assert.match(response.body, /role="status" aria-live="polite"/)
    })
  }

  it('the CSP is the strict one: self only, no inline code, no framing, no base', () => {
    assert.equal(
      contentSecurityPolicy,
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
  })

  it('pages hold no inline script or style and load nothing from another origin', async () => {
    for (const page of dashboardPages) {
      const { body } = await gateway.app.inject({ url: `${page.path}?token=t`, headers: withCookie })
      assert.doesNotMatch(body, /<script(?![^>]*\ssrc=)/, `${page.path}: inline script`)
      assert.doesNotMatch(body, /<style|\sstyle=|\son[a-z]+=/i, `${page.path}: inline style or handler`)
      for (const [, url] of body.matchAll(/\s(?:src|href|action)="([^"]*)"/g)) {
        // A mailto link (the billing contact) loads nothing; it opens the visitor's mail program.
        assert.ok(/^(\/|#|data:,$|mailto:)/.test(url!), `${page.path}: ${url} is not same-origin`)
      }
    }
  })

  it('/favicon.ico answers 204, so no page logs a missing icon', async () => {
    const response = await gateway.app.inject({ url: '/favicon.ico' })
    assert.equal(response.statusCode, 204)
  })

  it('/dashboard sends the visitor on to the keys page, which asks the API about the session', async () => {
    for (const url of ['/dashboard', '/dashboard/']) {
      const response = await gateway.app.inject({ url })
      assert.equal(response.statusCode, 302)
      assert.equal(response.headers.location, '/dashboard/keys')
      assert.equal(response.headers['cache-control'], 'no-store')
    }
  })

  it('a form posted without the script changes nothing and says why, without echoing the body', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/dashboard/signin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.com&password=correct-horse-battery',
    })
    assert.equal(response.statusCode, 400)
    assertSecurityHeaders(response.headers)
    assert.match(squeeze(response.body), /class="notice is-error"> ?Nothing was sent/)
    assert.doesNotMatch(response.body, /correct-horse/)
  })

  it('a verification link posted without the script keeps its token on the page', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/dashboard/verify?token=abc123',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=abc123',
    })
    assert.equal(response.statusCode, 400)
    const token = tagsOf(response.body, 'input').find((tag) => tag.attributes.name === 'token')
    assert.equal(token?.attributes.value, 'abc123')
  })

  it('dashboard routes stay out of the OpenAPI document', () => {
    const paths = Object.keys((gateway.app.swagger() as { paths: Record<string, unknown> }).paths)
    assert.deepEqual(
      paths.filter((path) => path.startsWith('/dashboard')),
      [],
    )
  })

  it('an unknown dashboard path is a 404 problem', async () => {
    const response = await gateway.app.inject({ url: '/dashboard/nope' })
    assert.equal(response.statusCode, 404)
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8')
  })
})

describe('dashboard assets', () => {
  it('pages link the stylesheet and the script by content-hashed URLs', async () => {
    const { body } = await gateway.app.inject({ url: '/dashboard/signin' })
    assert.match(stylesheet.path, /^\/dashboard\/assets\/dashboard\.[0-9a-f]{12}\.css$/)
    assert.match(script.path, /^\/dashboard\/assets\/[0-9a-f]{12}\/main\.js$/)
    assert.ok(tagsOf(body, 'link').some((tag) => tag.attributes.href === stylesheet.path))
    assert.ok(
      tagsOf(body, 'script').some(
        (tag) => tag.attributes.src === script.path && tag.attributes.type === 'module',
      ),
    )
    const preloaded = tagsOf(body, 'link').filter((tag) => tag.attributes.rel === 'modulepreload')
    assert.deepEqual(
      preloaded.map((tag) => tag.attributes.href),
      scripts.filter((module) => module !== script).map((module) => module.path),
    )
  })

  for (const [asset, type] of [
    [stylesheet, 'text/css; charset=utf-8'],
    [script, 'text/javascript; charset=utf-8'],
  ] as const) {
    it(`${asset.path} is served as ${type}, cached for a year`, async () => {
      const response = await gateway.app.inject({ url: asset.path })
      assert.equal(response.statusCode, 200)
      assert.equal(response.headers['content-type'], type)
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable')
      assert.equal(response.headers['x-content-type-options'], 'nosniff')
      assert.equal(response.body, asset.body.toString('utf8'))
      const again = await gateway.app.inject({
        url: asset.path,
        headers: { 'if-none-match': response.headers.etag as string },
      })
      assert.equal(again.statusCode, 304)
    })
  }

  it('an asset under an old or made-up hash is 404, never the current file under a wrong name', async () => {
    for (const url of [
      '/dashboard/assets/dashboard.000000000000.css',
      '/dashboard/assets/x.js',
      '/dashboard/assets/000000000000/main.js',
      script.path.replace('main.js', 'tsconfig.json'),
    ]) {
      const response = await gateway.app.inject({ url })
      assert.equal(response.statusCode, 404)
    }
  })

  it('every module the client script imports is served beside it', () => {
    const served = new Set(scripts.map((module) => module.path))
    for (const module of scripts) {
      for (const [, name] of module.body
        .toString('utf8')
        .matchAll(/^import [^;]*?from '\.\/([\w-]+\.js)'/gm)) {
        assert.ok(served.has(module.path.replace(/[^/]+$/, name!)), `${module.path} imports ${name!}`)
      }
    }
    assert.ok(scripts.length >= 5)
  })
})
