/** Reading rendered pages in tests: tags and their attributes, whatever the formatter did to whitespace. */
export type Tag = { name: string; attributes: Record<string, string | true>; source: string }

export function tagsOf(body: string, names: string): Tag[] {
  const tags: Tag[] = []
  for (const match of body.matchAll(new RegExp(`<(${names})\\b([^>]*)>`, 'g'))) {
    const attributes: Record<string, string | true> = {}
    for (const [, name, value] of match[2]!.matchAll(/([a-zA-Z-:]+)(?:="([^"]*)")?/g)) {
      attributes[name!] = value ?? true
    }
    tags.push({ name: match[1]!, attributes, source: match[0] })
  }
  return tags
}

/** The page's text with runs of whitespace folded to one space. */
export function squeeze(body: string): string {
  return body.replace(/\s+/g, ' ')
}
