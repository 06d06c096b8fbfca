/**
 * The envelope's JSON as a node sends it (SPEC 2.2), without turning a UTF-8 body into a string and back.
 *
 * Most text bodies are UTF-8 (or ASCII under a Latin-1 label), and then the envelope's `result` is those
 * very bytes. Decoding them to a string, escaping the string with `JSON.stringify` and encoding the JSON
 * back to UTF-8 took three passes and two copies of the body, one of them as UTF-16 for any non-ASCII
 * text: 60% of the CPU of a 1 MiB fetch (docs/performance.md). A `TextResult` keeps the bytes instead,
 * and `encodeEnvelope` escapes them into the output in blocks of 64 KiB, 16 bytes at a time in WebAssembly
 * (json-escape.ts; docs/adr/0029-json-escape-in-webassembly.md). The bytes it writes are exactly those of
 * `Buffer.from(JSON.stringify(envelope))`, field order included (`result` first): only `"`, `\` and the
 * controls below U+0020 are escaped, as JSON.stringify does, and valid UTF-8 holds no lone surrogate, the
 * only other character it escapes.
 *
 * A large envelope is written into a buffer lent by the pool (src/shared/buffer-pool.ts): whoever writes
 * it to a socket gives it back once written.
 */
import { Buffer } from 'node:buffer'
import { giveBack, minPooledBytes, takeBuffer } from '../../shared/buffer-pool.ts'
import type { NodeEnvelope } from '../../shared/fleet-contract.ts'
import { remembered } from '../../shared/remembered.ts'
import { escapeBlock, escapeBlockBytes } from './json-escape.ts'

/**
 * A `result` that is the UTF-8 decoding of `bytes`, which must be valid UTF-8 without a byte order mark:
 * one buffer, or the chunks the body arrived in, in order (never joined: a 1 MiB body's copy and its
 * garbage were a tenth of its fetch). The fetcher assigns the envelope's other fields onto it. Reading
 * `result` decodes the bytes (only tests and tools read it); `encodeEnvelope` writes them as they are.
 * `JSON.stringify` of such an envelope stays right: it goes through `toJSON`.
 */
export class TextResult {
  readonly #chunks: readonly Buffer[]

  constructor(bytes: Buffer | readonly Buffer[]) {
    this.#chunks = Buffer.isBuffer(bytes) ? [bytes] : bytes
  }

  get result(): string {
    const chunks = this.#chunks
    return (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8')
  }

  toJSON(): object {
    return Object.assign({ result: this.result }, this)
  }

  static chunksOf(envelope: object): readonly Buffer[] | undefined {
    return #chunks in envelope ? envelope.#chunks : undefined
  }
}

/** The UTF-8 JSON of an envelope, as `Buffer.from(JSON.stringify(envelope))` would give it. */
export function encodeEnvelope(envelope: NodeEnvelope): Buffer {
  const chunks = TextResult.chunksOf(envelope)
  if (chunks === undefined) {
    const json = JSON.stringify(envelope)
    const length = Buffer.byteLength(json)
    if (length < minPooledBytes) return Buffer.from(json)
    const out = takeBuffer(length)
    out.write(json, 0, 'utf8')
    return out.subarray(0, length)
  }
  const rest = fieldsAfterResult(envelope)
  // Room for the fields at three bytes of UTF-8 a UTF-16 unit at most, rather than measuring them first: a
  // call into C++ of its own, where the write below measures them anyway.
  const restRoom = rest.length * 3
  let total = 0
  for (const chunk of chunks) total += chunk.length
  // Room for the body with one escape in eight bytes; more is made if the body needs it.
  // A large envelope is written into a pooled buffer, which its writer gives back (buffer-pool.ts).
  let out: Buffer = takeBuffer(head.length + total + (total >>> 3) + 2 + restRoom)
  let at = head.copy(out, 0)
  out[at++] = quote
  /** The body's bytes after the current chunk. */
  let after = total
  for (const bytes of chunks) {
    const length = bytes.length
    after -= length
    for (let start = 0; start < length; start += escapeBlockBytes) {
      const end = Math.min(start + escapeBlockBytes, length)
      const escaped = escapeBlock(bytes, start, end)
      // Room for this escape and for every byte after it unescaped; at least doubled when it grows, so a
      // body of nothing but escapes (six bytes each) grows it a few times, not once per block.
      const need = at + escaped.length + (length - end) + after + 1 + restRoom
      if (need > out.length) out = grown(out, at, Math.max(need + (total >>> 3), out.length * 2))
      out.set(escaped, at)
      at += escaped.length
    }
  }
  out[at++] = quote
  // The fields' object written whole, its `{` then made the comma after `result` (it always holds `status`):
  // no copy of the text without its first character.
  const written = out.write(rest, at, 'utf8')
  out[at] = comma
  at += written
  return out.subarray(0, at)
}

/** Every field of an envelope but `result` and `result_encoding` (which a `TextResult` never has). */
type FieldsAfterResult = {
  [K in Exclude<keyof NodeEnvelope, 'result' | 'result_encoding'>]-?: NodeEnvelope[K]
}

/**
 * The JSON of the envelope's fields after `result`, in NodeEnvelope's order, the one the fetcher stores them
 * in: so, of one the fetcher made, the same as its own enumerable fields', as JSON.stringify would write
 * them (the tests hold it to that). Written as text field by field: `JSON.stringify` of an object of them
 * was 9,400 instructions a fetch, 6% of a node's (docs/performance.md), most of it V8's runtime walking the
 * object, where only the strings need its escaping. The node's address and id and a content type are the
 * same few strings fetch after fetch: their JSON is kept. `Written` names every field, so one added to
 * NodeEnvelope cannot be left out; `headers` is absent from the JSON when undefined.
 */
function fieldsAfterResult(e: NodeEnvelope): string {
  const headers = e.headers === undefined ? '' : `,"headers":${JSON.stringify(e.headers)}`
  return (
    `{"status":${number(e.status)},"public_ip":${kept(e.public_ip)},"device_id":${kept(e.device_id)}` +
    `,"final_url":${JSON.stringify(e.final_url)},"redirects":${number(e.redirects)}` +
    `,"content_type":${kept(e.content_type)},"bytes":${number(e.bytes)}` +
    `,"elapsed_ms":${number(e.elapsed_ms)}${headers}}`
  )
}

/** The fields `fieldsAfterResult` writes: one added to NodeEnvelope and not written there fails to type-check. */
type Written =
  | 'status'
  | 'public_ip'
  | 'device_id'
  | 'final_url'
  | 'redirects'
  | 'content_type'
  | 'bytes'
  | 'elapsed_ms'
  | 'headers'

const everyFieldWritten: Exclude<keyof FieldsAfterResult, Written> extends never ? true : never = true
void everyFieldWritten

/** A number as JSON.stringify writes it: a finite one as its text, any other as null. */
const number = (value: number) => (Number.isFinite(value) ? value : 'null')

/**
 * The JSON of strings a node writes again and again (its address, its id, a few content types). A target
 * sending a new content type each time makes it hold at most 256 of them, each within undici's header limit.
 */
const kept = remembered((text) => JSON.stringify(text), 256)

function grown(out: Buffer, used: number, size: number): Buffer {
  const bigger = takeBuffer(size)
  out.copy(bigger, 0, 0, used)
  giveBack(out)
  return bigger
}

const head = Buffer.from('{"result":')
const quote = 0x22
const comma = 0x2c
