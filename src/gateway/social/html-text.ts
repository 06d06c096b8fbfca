/**
 * Plain text from the small HTML the networks send: Mastodon's `<p>`, `<br>`, links and
 * `<span class="invisible">` (whose text is part of the link's full URL), Hacker News's bare `<p>`
 * separators, `<a>`, `<i>`, `<pre><code>`. Tags are dropped, paragraphs become blank lines, entities are
 * decoded. The result is text, never HTML: the original goes beside it untouched.
 */
const named: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
}

function codePoint(value: number, original: string): string {
  if (!Number.isInteger(value) || value <= 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) {
    return original
  }
  return String.fromCodePoint(value)
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (match, body: string) => {
    if (body[0] === '#') {
      const hex = body[1] === 'x' || body[1] === 'X'
      return codePoint(Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10), match)
    }
    return named[body.toLowerCase()] ?? match
  })
}

export function htmlToText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<p(?:\s[^>]*)?>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
  return decodeEntities(text)
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Null stays null; an empty string is no text. */
export function optionalText(html: string | null | undefined): string | null {
  if (html === null || html === undefined || html === '') return null
  return htmlToText(html)
}
