/**
 * Mastodon pages with the `Link` header (RFC 8288): `<https://i/api/v1/...?max_id=1>; rel="next",
 * <...?min_id=9>; rel="prev"`. Only the ids are taken from it: the URLs are never followed, so a Link
 * header cannot send us to another host.
 */
export type PageIds = { next: string | undefined; prev: string | undefined }

const statusId = /^[0-9A-Za-z_-]{1,64}$/

export function pageIds(header: string | undefined): PageIds {
  const ids: PageIds = { next: undefined, prev: undefined }
  if (header === undefined) return ids
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]*)*)/g)) {
    const rel =
      /;\s*rel\s*=\s*"?([^";,]+)"?/i
        .exec(match[2] ?? '')?.[1]
        ?.toLowerCase()
        .split(/\s+/) ?? []
    let url: URL
    try {
      url = new URL(match[1] ?? '')
    } catch {
      continue
    }
    if (rel.includes('next')) ids.next = valid(url.searchParams.get('max_id'))
    if (rel.includes('prev'))
      ids.prev = valid(url.searchParams.get('min_id') ?? url.searchParams.get('since_id'))
  }
  return ids
}

function valid(id: string | null): string | undefined {
  return id !== null && statusId.test(id) ? id : undefined
}

export function isStatusId(id: string): boolean {
  return statusId.test(id)
}
