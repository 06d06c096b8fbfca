/**
 * The dashboard's static assets, real files in `client/` (docs/adr/0006-dashboard-assets.md): one
 * stylesheet, joined from `client/styles/` in a fixed order, and the ES modules of the client script,
 * read once at start-up and served from here, never from another origin. Their URLs carry a digest of their content, so they are cached for a year
 * (`immutable`) and a deploy that changes them changes the URL. The modules share one digest in their
 * directory (`/dashboard/assets/<digest>/core.js`), so their relative imports need no rewriting.
 */
import { Buffer } from 'node:buffer'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type Asset = { path: string; type: string; body: Buffer; etag: string }

const clientDir = join(import.meta.dirname, 'client')

function digestOf(...bodies: Buffer[]): string {
  const hash = createHash('sha256')
  for (const body of bodies) hash.update(body)
  return hash.digest('hex').slice(0, 12)
}

/** Cascade order: a later file's rules win over an earlier one's of equal specificity. */
const styleSheets = ['base.css', 'layout.css', 'forms.css', 'components.css', 'pages.css', 'narrow.css']
const stylesDir = join(clientDir, 'styles')
const unlisted = readdirSync(stylesDir).filter((name) => name.endsWith('.css') && !styleSheets.includes(name))
if (unlisted.length > 0) throw new Error(`dashboard styles not in the cascade order: ${unlisted.join(', ')}`)
const css = Buffer.concat(styleSheets.map((name) => readFileSync(join(stylesDir, name))))
const cssDigest = digestOf(css)
export const stylesheet: Asset = {
  path: `/dashboard/assets/dashboard.${cssDigest}.css`,
  type: 'text/css; charset=utf-8',
  body: css,
  etag: `"${cssDigest}"`,
}

const moduleNames = readdirSync(clientDir)
  .filter((name) => name.endsWith('.js'))
  .sort()
const moduleBodies = moduleNames.map((name) => readFileSync(join(clientDir, name)))
const jsDigest = digestOf(...moduleNames.map((name) => Buffer.from(name)), ...moduleBodies)

/** Every module of the client script; `main.js` is the entry the pages load. */
export const scripts: readonly Asset[] = moduleNames.map((name, index) => ({
  path: `/dashboard/assets/${jsDigest}/${name}`,
  type: 'text/javascript; charset=utf-8',
  body: moduleBodies[index]!,
  etag: `"${jsDigest}"`,
}))

export const script: Asset = scripts.find((asset) => asset.path.endsWith('/main.js'))!

/** The client script's whole source, for tests that read what the pages run. */
export const scriptSource = scripts.map((asset) => asset.body.toString('utf8')).join('\n')

export const assets: readonly Asset[] = [stylesheet, ...scripts]

export const assetCacheControl = 'public, max-age=31536000, immutable'
