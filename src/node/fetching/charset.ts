/**
 * Turns a decoded body into the envelope's `result` (DESIGN 2): text types are decoded with the charset
 * the target declared and returned as a string; any other body is base64 with `result_encoding: 'base64'`.
 * Charset labels follow the WHATWG Encoding Standard, which `TextDecoder` implements (Node has full ICU).
 */
import { Buffer, isAscii, isUtf8 } from 'node:buffer'
import { TextDecoder } from 'node:util'
import { TextResult } from './envelope-json.ts'

export type DecodedBody = { result: string; result_encoding?: 'base64' }

/** Types that are text whatever their subtype says, beyond `text/*`, `*+json` and `*+xml` (svg, atom...). */
const textApplicationTypes = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'application/x-www-form-urlencoded',
  'application/x-ndjson',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/graphql',
  'application/sql',
])

type MediaType = Readonly<{ essence: string; charset: string | undefined }>

/** The last Content-Type parsed, shared (read-only): a node sees the same few values again and again. */
let lastParsed: { value: string; type: MediaType } | undefined

/** `text/html; charset="Shift_JIS"` → essence `text/html`, charset `Shift_JIS` (RFC 9110 8.3.1). */
export function parseContentType(value: string): MediaType {
  if (lastParsed?.value === value) return lastParsed.type
  const type = parseUncached(value)
  lastParsed = { value, type }
  return type
}

function parseUncached(value: string): MediaType {
  const semicolon = value.indexOf(';')
  const essence = (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase()
  let charset: string | undefined
  if (semicolon !== -1) {
    for (const parameter of value.slice(semicolon + 1).split(';')) {
      const equals = parameter.indexOf('=')
      if (equals === -1 || parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue
      const raw = parameter.slice(equals + 1).trim()
      charset = raw.startsWith('"') ? raw.slice(1, raw.endsWith('"') ? -1 : undefined) : raw
      break
    }
  }
  return { essence, charset: charset === '' ? undefined : charset }
}

export function isTextType(essence: string): boolean {
  return (
    essence.startsWith('text/') ||
    textApplicationTypes.has(essence) ||
    essence.endsWith('+json') ||
    essence.endsWith('+xml')
  )
}

/**
 * A new object on every call: the fetcher adds the envelope's other fields to it. `body` is the decoded
 * body, in one buffer or in the chunks it arrived in; `contentType` is the response's Content-Type header,
 * '' when absent. A missing type is judged by the bytes: valid UTF-8 is text, anything else base64. A body
 * in a text type whose charset is unknown, or undeclared and not valid UTF-8, is base64 too: the caller
 * gets the exact bytes instead of a guess. Text that is its bytes (the common case) keeps its chunks;
 * anything else is decoded from the chunks joined.
 */
export function decodeBody(body: Buffer | readonly Buffer[], contentType: string): DecodedBody {
  const chunks = Buffer.isBuffer(body) ? [body] : body
  let joined: Buffer | undefined
  const bytes = () => (joined ??= chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))
  if (chunks.every((chunk) => chunk.length === 0)) return { result: '' }
  const { essence, charset } = parseContentType(contentType)
  if (essence !== '' && !isTextType(essence)) return base64(bytes())
  // The WHATWG "decode" algorithm and HTML let a byte order mark override any declared charset.
  const bom = bomEncoding(headOf(chunks, 3))
  if (bom !== undefined) {
    if (bom === 'utf-8' && isUtf8Chunks(chunks)) return new TextResult(withoutHead(chunks, 3))
    return { result: decoderFor(bom)?.decode(bytes()) ?? '' }
  }
  if (essence !== '' && charset !== undefined) {
    const decoder = decoderFor(charset)
    return decoder === undefined ? base64(bytes()) : decodeText(decoder, chunks, bytes)
  }
  const sniffed = essence === '' ? undefined : sniffCharset(essence, headOf(chunks, 1024))
  const decoder = sniffed === undefined ? undefined : decoderFor(sniffed)
  if (decoder !== undefined) return decodeText(decoder, chunks, bytes)
  return isUtf8Chunks(chunks) ? new TextResult(chunks) : base64(bytes())
}

/**
 * The body decoded by `decoder`. Where the text is the bytes themselves (valid UTF-8 under UTF-8, ASCII
 * under windows-1252) they are kept as they are, for the envelope's JSON to be written from them
 * (envelope-json.ts). Other ASCII-compatible encodings are decoded: ISO-2022-JP, say, is ASCII bytes.
 */
function decodeText(decoder: Decoder, chunks: readonly Buffer[], bytes: () => Buffer): DecodedBody {
  if (
    decoder.encoding === 'utf-8'
      ? isUtf8Chunks(chunks)
      : decoder.encoding === 'windows-1252' && chunks.every((chunk) => isAscii(chunk))
  )
    return new TextResult(chunks)
  return { result: decoder.decode(bytes()) }
}

function base64(bytes: Buffer): DecodedBody {
  return { result: bytes.toString('base64'), result_encoding: 'base64' }
}

/** The first `length` bytes of the chunks (fewer when the body is shorter): a view when the first has them. */
function headOf(chunks: readonly Buffer[], length: number): Buffer {
  const first = chunks[0]!
  if (first.length >= length || chunks.length === 1) return first.subarray(0, length)
  return Buffer.concat(chunks).subarray(0, length)
}

/** The chunks without their first `length` bytes. */
function withoutHead(chunks: readonly Buffer[], length: number): Buffer[] {
  const rest: Buffer[] = []
  let skip = length
  for (const chunk of chunks) {
    if (skip >= chunk.length) skip -= chunk.length
    else {
      rest.push(skip === 0 ? chunk : chunk.subarray(skip))
      skip = 0
    }
  }
  return rest
}

/**
 * Whether the chunks, one after the other, are valid UTF-8: `isUtf8` of their join, without joining
 * them. Validity is decided sequence by sequence, so each chunk is checked up to the last sequence it
 * holds whole, and a sequence cut by a chunk's end is checked once its bytes are together (at most four).
 */
export function isUtf8Chunks(chunks: readonly Buffer[]): boolean {
  if (chunks.length === 1) return isUtf8(chunks[0]!)
  /** The start of a sequence cut by the previous chunk's end: its lead byte and up to 2 more. */
  let cut: Buffer | undefined
  for (let chunk of chunks) {
    if (cut !== undefined) {
      // The bytes of this chunk that complete the cut sequence; the rest of the chunk is checked below.
      const need = sequenceLength(cut[0]!) - cut.length
      if (chunk.length < need) {
        cut = Buffer.concat([cut, chunk])
        continue
      }
      if (!isUtf8(Buffer.concat([cut, chunk.subarray(0, need)]))) return false
      chunk = chunk.subarray(need)
      cut = undefined
    }
    const end = wholeSequencesEnd(chunk)
    if (!isUtf8(chunk.subarray(0, end))) return false
    if (end < chunk.length) cut = chunk.subarray(end)
  }
  return cut === undefined
}

/** How many bytes the sequence a lead byte starts has (4 for the bytes no sequence starts with). */
function sequenceLength(lead: number): number {
  return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2
}

/**
 * Where the last whole sequence of `bytes` ends: before a lead byte in the last three whose sequence runs
 * past the end, else at the end (an invalid byte there is left for `isUtf8` to refuse).
 */
function wholeSequencesEnd(bytes: Buffer): number {
  const end = bytes.length
  for (let i = end - 1; i >= 0 && i >= end - 3; i--) {
    const byte = bytes[i]!
    if (byte < 0x80) return end
    if (byte < 0xc0) continue
    return i + sequenceLength(byte) > end ? i : end
  }
  return end
}

function bomEncoding(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  return undefined
}

const htmlMetaCharset = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:+-]+)/i
const xmlDeclarationEncoding = /^<\?xml\s[^>]*?encoding\s*=\s*["']([\w.:+-]+)["']/

/**
 * An undeclared charset may be named in the document itself: HTML `<meta charset>` or
 * `<meta http-equiv="Content-Type" content="...; charset=...">` within the first 1024 bytes (HTML
 * "prescan a byte stream", simplified), XML's `<?xml ... encoding="..."?>` (RFC 7303 4.3).
 */
function sniffCharset(essence: string, bytes: Buffer): string | undefined {
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, 1024))
  if (essence === 'text/html') {
    const label = htmlMetaCharset.exec(head)?.[1]?.toLowerCase()
    // HTML: a meta that claims UTF-16 means UTF-8 (the bytes were ASCII-compatible enough to read it),
    // and x-user-defined means windows-1252.
    if (label === undefined) return undefined
    if (label.startsWith('utf-16')) return 'utf-8'
    return label === 'x-user-defined' ? 'windows-1252' : label
  }
  if (essence.endsWith('/xml') || essence.endsWith('+xml')) return xmlDeclarationEncoding.exec(head)?.[1]
  return undefined
}

type Decoder = { readonly encoding: string; decode(bytes: Uint8Array): string }

/**
 * WHATWG index-windows-1252 for bytes 0x80-0x9F, the only range where it differs from ISO-8859-1.
 * Node's TextDecoder decodes windows-1252 (and the labels mapped to it: latin1, iso-8859-1, ascii...) as
 * plain ISO-8859-1 since 20.18.3 / 22.13.0 (nodejs/node#60888, #56542), so that range is remapped here.
 */
const windows1252C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

const windows1252: Decoder = {
  encoding: 'windows-1252',
  decode: (bytes) =>
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      .toString('latin1')
      .replace(/[\x80-\x9f]/g, (c) => windows1252C1[c.charCodeAt(0) - 0x80] ?? c),
}

/** Decoders are costly to build and reusable (no `stream` option), so keep one per valid label. */
const decoders = new Map<string, Decoder>()

function decoderFor(label: string): Decoder | undefined {
  const key = label.trim().toLowerCase()
  const cached = decoders.get(key)
  if (cached !== undefined) return cached
  let decoder: Decoder
  try {
    // Unknown labels, and those mapped to the "replacement" encoding (iso-2022-kr...), throw RangeError.
    const textDecoder = new TextDecoder(key)
    decoder = textDecoder.encoding === 'windows-1252' ? windows1252 : textDecoder
  } catch {
    return undefined
  }
  // Only valid labels get here and the WHATWG list is finite, so the cache cannot grow without bound.
  decoders.set(key, decoder)
  return decoder
}
