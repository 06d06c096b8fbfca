/**
 * The web dashboard under /dashboard (DESIGN 4): server-rendered pages, one stylesheet and one small
 * script served from here, and nothing from anywhere else. The pages talk to the same JSON endpoints
 * as any client (/v2/account, /v2/session, /v2/keys); this module never touches accounts or keys itself.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../../shared/errors.ts'
import { assetCacheControl, assets } from './assets.ts'
import { accountPage } from './pages/account-page.ts'
import { keysPage } from './pages/keys-page.ts'
import { playgroundPage } from './pages/playground-page.ts'
import { queryOf, type DashboardPage, type DashboardSettings } from './pages/page.ts'
import { confirmEmailPage, forgotPasswordPage, resetPasswordPage, signInPage } from './pages/sign-in-pages.ts'
import { checkEmailPage, signUpPage, verifyPage } from './pages/sign-up-pages.ts'

export const dashboardPages: readonly DashboardPage[] = [
  signUpPage,
  checkEmailPage,
  verifyPage,
  signInPage,
  forgotPasswordPage,
  resetPasswordPage,
  confirmEmailPage,
  keysPage,
  playgroundPage,
  accountPage,
]

/** No inline script or style anywhere, so the policy needs no nonce and no 'unsafe-inline'. */
export const contentSecurityPolicy =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

export const pageHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  // Mailed tokens sit in page URLs (/dashboard/verify?token=...): never send them to another origin.
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  // Pages show account data: no cache, shared or private, may keep them.
  'cache-control': 'no-store',
}

const hidden = { schema: { hide: true } } as const

/** The session cookie under either of its names (`__Host-` on https), whatever its value. */
function hasSessionCookie(header: string | undefined): boolean {
  return header !== undefined && /(?:^|;\s*)(?:__Host-)?sallyport_session=[^;\s]/.test(header)
}

/** A rendered page with the dashboard's headers, for any route that serves one. */
export function sendPage(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.headers(pageHeaders).code(status).type('text/html; charset=utf-8').send(body)
}

export function registerDashboard(app: FastifyInstance, settings: DashboardSettings): void {
  void app.register(async (dashboard) => {
    dashboard.addHook('onRequest', async (_request, reply) => {
      reply.headers(pageHeaders)
    })

    // A form submitted without the client script (it failed to load, or JavaScript is off) posts here.
    // The body is dropped unread: it may hold a password, and only the JSON API acts on it.
    dashboard.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'buffer' },
      (_request, _body, done) => done(null, undefined),
    )

    for (const page of dashboardPages) {
      dashboard.get(page.path, hidden, async (request, reply) => {
        // Without any session cookie the page could only ask the API and be told 403: go to sign-in at
        // once. A stale cookie still gets the page, whose script asks and then moves on.
        if (page.signedIn === true && !hasSessionCookie(request.headers.cookie)) {
          return reply.redirect(`/dashboard/signin?next=${encodeURIComponent(page.path)}`, 302)
        }
        return sendPage(reply, page.render(queryOf(request.query), settings))
      })
      dashboard.post(page.path, hidden, async (request, reply) =>
        sendPage(
          reply,
          page.render(queryOf(request.query), settings, {
            kind: 'error',
            text: 'Nothing was sent: this form needs the dashboard’s script, which did not run. Turn on JavaScript for this site, reload the page and try again.',
          }),
          400,
        ),
      )
    }

    // Signed in or not is the API's to say: the keys page asks GET /v2/session and sends a visitor
    // without a session on to the sign-in page.
    for (const path of ['/dashboard', '/dashboard/']) {
      dashboard.get(path, hidden, async (_request, reply) => reply.redirect('/dashboard/keys', 302))
    }

    // Browsers ask for /favicon.ico on pages without an icon link (/v2/docs): nothing, not a 404.
    dashboard.get('/favicon.ico', hidden, async (_request, reply) =>
      reply.code(204).header('cache-control', 'public, max-age=86400').send(),
    )

    const byPath = new Map(assets.map((asset) => [asset.path, asset]))
    dashboard.get('/dashboard/assets/*', hidden, async (request, reply) => {
      const asset = byPath.get(request.url.split('?')[0] ?? '')
      if (asset === undefined) throw new AppError('not_found', 'There is nothing at this path.')
      void reply.header('cache-control', assetCacheControl).header('etag', asset.etag)
      if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send()
      return reply.type(asset.type).send(asset.body)
    })
  })
}
