/**
 * The reference for people at /v2/docs: Swagger UI through @fastify/swagger-ui, its scripts, styles and
 * icons served from the package itself (no CDN, no web fonts, nothing fetched from elsewhere: it works on
 * a sealed network). What people read there is the published document with, for this page only, a table
 * of contents by tag and each operation's code samples shown under it; a small theme makes it fit a
 * phone and adds copy buttons.
 */
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'

type Json = Record<string, unknown>
type Operation = Json & { operationId?: string; summary?: string; description?: string; tags?: string[] }
type Sample = { lang: string; label: string; source: string }

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const

const fence: Record<string, string> = { Shell: 'sh', TypeScript: 'ts', Python: 'python' }

/** Swagger UI's id of an operation's block, the target of the table of contents' links. */
export function operationAnchor(tag: string, operationId: string): string {
  return `#/${tag}/${operationId}`
}

/** The document as the page shows it: a contents list in the introduction, samples in the descriptions. */
export function forPeople(document: Json): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>
  const tags = ((document.tags ?? []) as { name: string; description?: string }[]).map((tag) => tag.name)
  const byTag = new Map<string, string[]>(tags.map((tag) => [tag, []]))
  for (const [path, item] of Object.entries(paths)) {
    for (const method of methods) {
      const operation = item[method]
      if (operation === undefined) continue
      const tag = operation.tags?.[0] ?? 'default'
      const samples = (operation['x-codeSamples'] ?? []) as Sample[]
      if (samples.length > 0) {
        operation.description = [
          operation.description ?? '',
          '**Examples**',
          ...samples.map(
            (sample) => `${sample.label}:\n\n\`\`\`${fence[sample.lang] ?? ''}\n${sample.source}\n\`\`\``,
          ),
        ]
          .filter((part) => part !== '')
          .join('\n\n')
      }
      const entries = byTag.get(tag) ?? []
      entries.push(
        `- [${operation.summary ?? operation.operationId}](${operationAnchor(tag, operation.operationId ?? '')}) ` +
          `\`${method.toUpperCase()} ${path}\``,
      )
      byTag.set(tag, entries)
    }
  }
  const contents = [...byTag]
    .filter(([, entries]) => entries.length > 0)
    .map(([tag, entries]) => `**${tag}**\n\n${entries.join('\n')}`)
  const info = (document.info ?? {}) as Json
  return {
    ...document,
    info: {
      ...info,
      description: [
        typeof info.description === 'string' ? info.description : '',
        'Every error code, what it means and whether to retry: [the error guide](/v2/docs/errors). ' +
          'Machine-readable: [openapi.json](/v2/docs/openapi.json). From code: the TypeScript client ' +
          '`sallyport/client` and the `sallyport fetch` command (see the README).',
        '## Contents',
        ...contents,
      ].join('\n\n'),
    },
  }
}

/** Narrow screens: nothing wider than the viewport; long code and tables wrap or scroll inside their box. */
const themeCss = `
.swagger-ui { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.swagger-ui .wrapper { padding: 0 12px; box-sizing: border-box; max-width: 1200px; }
.swagger-ui .information-container .info { margin: 24px 0; }
.swagger-ui .info .title { font-size: 28px; }
.swagger-ui .markdown pre, .swagger-ui .renderedMarkdown pre { position: relative; white-space: pre-wrap; overflow-wrap: anywhere; }
.swagger-ui .markdown code, .swagger-ui .renderedMarkdown code { overflow-wrap: anywhere; }
.swagger-ui .markdown li code { white-space: normal; }
.sallyport-copy { position: absolute; top: 4px; right: 4px; font: 12px system-ui, sans-serif; padding: 2px 8px; border: 1px solid #888; border-radius: 4px; background: #fff; color: #111; cursor: pointer; }
.swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
.swagger-ui .opblock .opblock-summary-path { max-width: 100%; overflow-wrap: anywhere; word-break: break-all; }
.swagger-ui .opblock-description-wrapper, .swagger-ui .opblock-external-docs-wrapper, .swagger-ui .opblock-title_normal { padding: 12px; }
.swagger-ui table { display: block; overflow-x: auto; max-width: 100%; }
.swagger-ui .responses-inner { padding: 12px; overflow-x: auto; }
.swagger-ui .highlight-code, .swagger-ui .microlight { max-width: 100%; overflow-x: auto; white-space: pre-wrap !important; overflow-wrap: anywhere; }
.swagger-ui .model-box, .swagger-ui section.models { max-width: 100%; overflow-x: auto; }
.swagger-ui .opblock-tag { flex-wrap: wrap; }
.swagger-ui .opblock-tag small { flex: 1 1 100%; padding: 4px 0 0; }
.swagger-ui .scheme-container { padding: 12px 0; }
.swagger-ui .servers > label select { max-width: 100%; }
/* Contrast (WCAG 2 AA, 4.5:1): the package's method badges, links, labels and one highlighting colour are lighter. */
html .swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0b66c2; }
html .swagger-ui .opblock.opblock-post .opblock-summary-method { background: #137a4b; }
html .swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a5200; }
html .swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c42b2b; }
html .swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0d7a66; }
html .swagger-ui .opblock.opblock-deprecated { opacity: 1; }
html .swagger-ui .opblock.opblock-deprecated .opblock-summary-method { background: #6b6b6b; color: #fff; }
html .swagger-ui .opblock.opblock-deprecated .opblock-summary-description,
html .swagger-ui .opblock-summary-path__deprecated, html .swagger-ui .opblock-summary-path__deprecated span { color: #5f636b; }
html .swagger-ui .info a, html .swagger-ui .info .url, html .swagger-ui .markdown a, html .swagger-ui .renderedMarkdown a { color: #1f5fae; }
html .swagger-ui .btn.authorize { color: #137a4b; border-color: #137a4b; }
html .swagger-ui .btn.authorize svg { fill: #137a4b; }
html .swagger-ui .info .title small pre { background: #585e69; }
html .swagger-ui .info .title small.version-stamp { background: #4a6b02; }
html .swagger-ui .info .title small.version-stamp pre { background: transparent; }
html .swagger-ui .parameter__in { color: #555; }
html .swagger-ui .renderedMarkdown code, html .swagger-ui .markdown code { color: #6a0dbf; }
html .swagger-ui .microlight span[style*="rgb(211, 99, 99)"] { color: #ff9a9a !important; }
/* A box that scrolls takes the keyboard focus (sallyport.js): show where it is. */
.swagger-ui [data-scroll-focus]:focus-visible { outline: 3px solid #0b66c2; outline-offset: 2px; }
@media (max-width: 600px) {
  .swagger-ui .opblock .opblock-summary-method { min-width: 56px; padding: 4px 0; }
  .swagger-ui .opblock .opblock-summary-description { flex: 1 1 100%; padding-top: 4px; }
  .swagger-ui .parameters-col_description { width: auto; }
  .swagger-ui .response-col_status { width: 3.5em; }
}
`

/**
 * In the page: a viewport for phones (the package's page has none), copy buttons on code samples, the
 * table of contents' links (and a shared `#/tag/operationId` address) opening and showing the operation
 * they name, and what axe-core asks of the package's markup: boxes that scroll take the keyboard focus,
 * selects have a name.
 */
const themeJs = `
(function () {
  var meta = document.createElement('meta');
  meta.name = 'viewport';
  meta.content = 'width=device-width, initial-scale=1';
  document.head.appendChild(meta);
  function addCopyButtons(root) {
    root.querySelectorAll('.markdown pre, .renderedMarkdown pre').forEach(function (pre) {
      if (pre.querySelector('.sallyport-copy')) return;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'sallyport-copy';
      button.textContent = 'Copy';
      button.addEventListener('click', function () {
        var code = pre.querySelector('code');
        var text = (code || pre).innerText;
        navigator.clipboard.writeText(text).then(function () { button.textContent = 'Copied'; });
      });
      pre.appendChild(button);
    });
  }
  // A box that scrolls (a long example, a wide table) must be reachable by keyboard to be scrolled
  // (WCAG 2.1.1): it takes the focus while, and only while, its content overflows.
  var scrollers = '.microlight, .highlight-code, pre, .table-container, table, .responses-inner, .model-box, section.models';
  function markScrollers(root) {
    // Every box measured first, then every change made: a change between two measures would make the
    // browser lay the whole (long) page out again for each box.
    var boxes = Array.prototype.slice.call(root.querySelectorAll(scrollers));
    var scrolling = boxes.map(function (box) {
      var style = getComputedStyle(box);
      return (/auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth + 1) ||
        (/auto|scroll/.test(style.overflowY) && box.scrollHeight > box.clientHeight + 1);
    });
    boxes.forEach(function (box, index) {
      var marked = box.hasAttribute('data-scroll-focus');
      if (scrolling[index] && !marked && !box.hasAttribute('tabindex')) {
        box.setAttribute('tabindex', '0');
        box.setAttribute('data-scroll-focus', '');
      } else if (!scrolling[index] && marked) {
        box.removeAttribute('tabindex');
        box.removeAttribute('data-scroll-focus');
      }
    });
  }
  // The package's selects (the server, a parameter's allowed values) have no usable label: name them.
  function nameSelects(root) {
    root.querySelectorAll('select:not([aria-label])').forEach(function (select) {
      var row = select.closest('tr[data-param-name]');
      var name = select.id === 'servers' ? 'Server' : row ? 'Value of ' + row.getAttribute('data-param-name') : 'Choice';
      select.setAttribute('aria-label', name);
    });
  }
  // Once a burst of changes (an operation opening draws in many steps) has settled.
  var pending;
  function tidy() {
    clearTimeout(pending);
    pending = setTimeout(function () {
      nameSelects(document);
      markScrollers(document);
    }, 100);
  }
  new MutationObserver(function () {
    addCopyButtons(document);
    tidy();
  }).observe(document.body, { childList: true, subtree: true });
  window.addEventListener('resize', tidy);
  /** Opens and shows the operation of a \`#/tag/operationId\` address; false if there is none (yet). */
  function show(hash) {
    var parts = hash.slice(2).split('/');
    var block = document.getElementById('operations-' + parts[0] + '-' + parts[1]);
    if (!block) return false;
    if (!block.classList.contains('is-open')) {
      var summary = block.querySelector('.opblock-summary-control') || block.querySelector('.opblock-summary');
      if (summary) summary.click();
    }
    block.scrollIntoView();
    return true;
  }
  document.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a[href^="#/"]');
    if (!link || !show(link.getAttribute('href'))) return;
    event.preventDefault();
    history.replaceState(null, '', link.getAttribute('href'));
  });
  // A shared address (/v2/docs#/proxy/fetch) opens its operation once the page has drawn it.
  if (location.hash.indexOf('#/') === 0 && location.hash.split('/').length === 3) {
    var wanted = location.hash;
    var tries = 0;
    var timer = setInterval(function () {
      if (show(wanted) || ++tries > 100) clearInterval(timer);
    }, 100);
  }
})();
`

export function registerReferenceUi(app: FastifyInstance): void {
  const uiConfig = {
    layout: 'BaseLayout',
    // Off: its links sit inside each operation's toggle button, a link in a button that keyboards and
    // screen readers trip over (axe nested-interactive). The contents' links and a shared #/tag/operation
    // address are handled by sallyport.js instead.
    deepLinking: false,
    docExpansion: 'list' as const,
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    tryItOutEnabled: false,
  }
  void app.register(swaggerUi, {
    routePrefix: '/v2/docs',
    uiConfig,
    theme: {
      title: 'Sallyport API reference',
      css: [{ filename: 'sallyport.css', content: themeCss }],
      js: [{ filename: 'sallyport.js', content: themeJs }],
    },
    transformSpecification: (document) => forPeople(document as Json),
  })
}
