/**
 * The public status page (`GET /status`): rendered on the server from the same report as `/v2/status`,
 * readable with no script. Each region's 24-hour strip is one image to assistive technology, labelled
 * with what a sighted reader takes from it; its hours are decoration.
 */
import type { RegionStatus, StatusReport } from '../../status/status-report.ts'
import { html, type SafeHtml } from '../html.ts'
import { renderPage } from '../layout.ts'

function percent(share: number): string {
  return `${(share * 100).toFixed(share === 1 || share === 0 ? 0 : 2)} %`
}

function hourClass(availability: number | null): string {
  if (availability === null) return 'hour is-unknown'
  if (availability >= 0.999) return 'hour is-up'
  return availability === 0 ? 'hour is-down' : 'hour is-partial'
}

function strip(region: RegionStatus): SafeHtml {
  const sampled = region.history.filter((hour) => hour.availability !== null).length
  const label =
    region.availability_24h === null
      ? `${region.region}: no history yet`
      : `${region.region}: in service ${percent(region.availability_24h)} of the last ${sampled} ${sampled === 1 ? 'hour' : 'hours'} with samples`
  return html`<div class="strip" role="img" aria-label="${label}">
    ${region.history.map((hour) => html`<span class="${hourClass(hour.availability)}"></span>`)}
  </div>`
}

function regionCard(region: RegionStatus): SafeHtml {
  const state = region.in_service ? 'In service' : 'Out of service'
  const nodes = `${region.nodes_in_service} ${region.nodes_in_service === 1 ? 'node' : 'nodes'} in service`
  return html`<li class="card region-status">
    <h2><code>${region.region}</code> <span class="muted">(${region.cloud_region})</span></h2>
    <p class="${region.in_service ? 'state is-up' : 'state is-down'}"><strong>${state}</strong>: ${nodes}</p>
    ${strip(region)}
    <p class="strip-scale muted" aria-hidden="true"><span>24 hours ago</span><span>now</span></p>
  </li>`
}

export function renderStatusPage(report: StatusReport): string {
  return renderPage({
    title: 'Service status',
    page: 'status',
    path: '/status',
    nav: 'public',
    body: html`<p
        class="${report.summary === 'operational' ? 'notice is-success' : 'notice is-error'} summary"
      >
        <strong>${report.headline}</strong>
      </p>
      <ul class="regions-status">
        ${report.regions.map(regionCard)}
      </ul>
      <p class="muted">
        From this gateway's own health probes, sampled every minute and kept in its memory; hours before it
        started are grey. Also as JSON: <a href="/v2/status"><code>GET /v2/status</code></a
        >.
      </p>`,
  })
}
