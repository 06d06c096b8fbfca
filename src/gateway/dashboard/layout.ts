/** The page shell every dashboard page shares: head, skip link, navigation, status region. */
import { script, scripts, stylesheet } from './assets.ts'
import { form } from './forms.ts'
import { attrs, html, type SafeHtml } from './html.ts'

export type NavKind = 'public' | 'signed-in'

export type Notice = { kind: 'error' | 'success'; text: string }

export type PageOptions = {
  title: string
  /** The client script's name for the page (body `data-page`). */
  page: string
  /** The page's own path, marked as current in the navigation. */
  path: string
  nav: NavKind
  body: SafeHtml
  /** Shown at the top of the page when it loads (not announced: the status region is for outcomes). */
  notice?: Notice | undefined
  wide?: boolean
  /** A short lead paragraph under the heading. */
  lead?: SafeHtml | string
}

const navLinks: Record<NavKind, readonly { href: string; label: string }[]> = {
  public: [
    { href: '/dashboard/signin', label: 'Sign in' },
    { href: '/dashboard/signup', label: 'Create account' },
    { href: '/v2/docs', label: 'API reference' },
    { href: '/status', label: 'Status' },
  ],
  'signed-in': [
    { href: '/dashboard/keys', label: 'API keys' },
    { href: '/dashboard/playground', label: 'Playground' },
    { href: '/dashboard/account', label: 'Account' },
    { href: '/v2/docs', label: 'API reference' },
    { href: '/status', label: 'Status' },
  ],
}

function nav(kind: NavKind, current: string): SafeHtml {
  const links = navLinks[kind].map(
    (link) =>
      html`<li>
        <a ${attrs({ href: link.href, 'aria-current': link.href === current && 'page' })}>${link.label}</a>
      </li>`,
  )
  return html`<nav aria-label="Dashboard">
    <ul>
      ${links}
    </ul>
  </nav>`
}

export function renderPage(options: PageOptions): string {
  const page = html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="color-scheme" content="light dark" />
      <meta name="referrer" content="same-origin" />
      <title>${options.title} · Sallyport</title>
      <link rel="icon" href="data:," />
      <link rel="stylesheet" href="${stylesheet.path}" />
      <script type="module" src="${script.path}"></script>
      ${scripts
        .filter((module) => module !== script)
        .map((module) => html`<link rel="modulepreload" href="${module.path}" />`)}
    </head>
    <body data-page="${options.page}">
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <a class="brand" href="/dashboard">Sallyport <span>dashboard</span></a>
        ${nav(options.nav, options.path)}
        ${
          options.nav === 'signed-in' &&
          html`<p class="who" data-session-email hidden></p>
            ${form({
              id: 'header-signout',
              api: '/v2/session',
              apiMethod: 'DELETE',
              csrf: true,
              onSuccess: 'signout',
              submit: 'Sign out',
              submitClass: 'button secondary small',
              label: 'Sign out',
            })}`
        }
      </header>
      <main ${attrs({ id: 'main', tabindex: -1, class: options.wide === true ? 'wide' : undefined })}>
        <h1>${options.title}</h1>
        ${options.lead !== undefined && html`<p class="lead">${options.lead}</p>`}
        <noscript
          ><p class="notice is-error">
            This dashboard needs JavaScript to talk to the API. Turn it on for this site and reload the page.
          </p></noscript
        >
        ${options.notice !== undefined && html`<p class="notice is-${options.notice.kind}">${options.notice.text}</p>`}
        <div id="status" class="status" role="status" aria-live="polite" aria-atomic="true"></div>
        ${options.body}
      </main>
    </body>
  </html>`
  return `<!doctype html>\n${page.value}\n`
}
