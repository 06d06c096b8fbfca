/**
 * The dashboard's two static assets. Their URLs carry a digest of their content, so they can be cached
 * for a year (`immutable`) and a deploy that changes them changes the URL.
 */
import { createHash } from 'node:crypto'
import { dashboardCss } from './assets/dashboard-css.ts'
import { dashboardJs } from './assets/dashboard-js.ts'

export type Asset = { path: string; type: string; body: Buffer; etag: string }

function asset(name: string, extension: string, type: string, source: string): Asset {
  const body = Buffer.from(source, 'utf8')
  const digest = createHash('sha256').update(body).digest('hex').slice(0, 12)
  return { path: `/dashboard/assets/${name}.${digest}.${extension}`, type, body, etag: `"${digest}"` }
}

export const stylesheet = asset('dashboard', 'css', 'text/css; charset=utf-8', dashboardCss)
export const script = asset('dashboard', 'js', 'text/javascript; charset=utf-8', dashboardJs)

export const assets: readonly Asset[] = [stylesheet, script]

export const assetCacheControl = 'public, max-age=31536000, immutable'
