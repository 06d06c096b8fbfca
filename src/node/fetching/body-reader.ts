/**
 * Reads a response body, undoing its content codings, and stops as soon as the DECODED size passes the
 * cap (DESIGN 2): a gzip, brotli or zstd bomb is never decoded past the cap and memory stays bounded, because
 * the decoders are streams with backpressure and the whole chain is destroyed the moment the cap is passed.
 */
import { Buffer } from 'node:buffer'
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream'
import zlib from 'node:zlib'
import { tooLarge, type BodyRead } from './target-response.ts'

export type { BodyRead } from './target-response.ts'

/** What a body is read from: a target response (target-response.ts), read one way, once. */
export type BodySource = {
  /** The body whole, in the chunks it came in, or too_large past `maxBytes`. */
  collect(maxBytes: number): Promise<BodyRead>
  /** The body as a stream with backpressure, for the decoders. */
  stream(): Readable
  /** The body is not wanted: the connection is closed. */
  destroy(): void
}

/** Raised when a body cannot be decoded with the coding the target declared. */
export class BodyDecodeError extends Error {
  readonly code = 'SALLYPORT_BODY_DECODE'
  constructor(cause: unknown) {
    super("The target's response body could not be decoded.", { cause })
    this.name = 'BodyDecodeError'
  }
}

/** More codings than this on one body is an attack on the decoder, not a real response (undici caps at 5). */
const maxCodings = 5

/**
 * Like browsers and undici's fetch, a truncated stream yields what was decoded so far instead of failing.
 * 64 KiB output chunks keep the number of thread-pool round trips low for large bodies.
 */
const zlibOptions: zlib.ZlibOptions = {
  flush: zlib.constants.Z_SYNC_FLUSH,
  finishFlush: zlib.constants.Z_SYNC_FLUSH,
  chunkSize: 64 * 1024,
}
const brotliOptions: zlib.BrotliOptions = {
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
  chunkSize: 64 * 1024,
}

/** zlib's zstd decoder: Node 22.15+ and 24 have it, Node 20 does not (its types do not know it either). */
type ZstdOptions = {
  flush: number | undefined
  finishFlush: number | undefined
  chunkSize: number
  params: Record<number, number>
}
const createZstdDecompress = (zlib as { createZstdDecompress?: (options: ZstdOptions) => Transform })
  .createZstdDecompress

/** Whether this runtime decodes zstd; it is offered in Accept-Encoding only then. */
export const zstdSupported = createZstdDecompress !== undefined

/** The codings offered to every target, in the order browsers list them. */
export const acceptEncoding = zstdSupported ? 'gzip, deflate, br, zstd' : 'gzip, deflate, br'

type Coding = 'gzip' | 'deflate' | 'br' | 'zstd'

/**
 * `contentEncoding` lists codings in the order they were applied (RFC 9110 8.4), so they are undone from
 * last to first. `identity` and empty members are skipped. An unknown coding (compress, zstd where the
 * runtime lacks it...) means the
 * body cannot be decoded here: its raw bytes are returned as they came, still under the cap, and the
 * charset step then usually reports them as base64.
 */
export async function readBody(
  body: BodySource,
  contentEncoding: string | undefined,
  contentLength: string | undefined,
  maxBytes: number,
): Promise<BodyRead> {
  const codings = parseCodings(contentEncoding)
  if (codings === undefined || codings.length === 0) {
    // Identity: the chunks as they came, no stream at all. A declared length over the cap fails at once.
    if (contentLength !== undefined && Number(contentLength) > maxBytes) {
      body.destroy()
      return tooLarge
    }
    return body.collect(maxBytes)
  }
  let decoded: Readable = body.stream()
  for (const coding of codings.toReversed()) decoded = pipeline(decoded, createDecoder(coding), noop)
  try {
    return await collect(decoded, maxBytes)
  } catch (error) {
    throw isDecoderError(error) ? new BodyDecodeError(error) : error
  }
}

async function collect(stream: Readable, maxBytes: number): Promise<BodyRead> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > maxBytes) {
      // Leaving the loop destroys the stream; with a decoder chain, pipeline destroys every stage and the
      // response's stream, which closes the connection instead of reading the rest.
      stream.destroy()
      return tooLarge
    }
    chunks.push(chunk)
  }
  return { ok: true, chunks, length: total }
}

/** `undefined` when a coding is unknown or the list is absurdly long: the body is then kept raw. */
function parseCodings(header: string | undefined): Coding[] | undefined {
  if (header === undefined) return []
  const codings: Coding[] = []
  for (const member of header.split(',')) {
    const coding = member.trim().toLowerCase()
    if (coding === '' || coding === 'identity') continue
    if (coding === 'gzip' || coding === 'x-gzip') codings.push('gzip')
    else if (coding === 'deflate') codings.push('deflate')
    else if (coding === 'br') codings.push('br')
    else if (coding === 'zstd' && zstdSupported) codings.push('zstd')
    else return undefined
  }
  return codings.length > maxCodings ? undefined : codings
}

function createDecoder(coding: Coding): Transform {
  switch (coding) {
    case 'gzip':
      return zlib.createGunzip(zlibOptions)
    case 'deflate':
      return new DeflateDecoder()
    case 'br':
      return zlib.createBrotliDecompress(brotliOptions)
    case 'zstd':
      return createZstdDecoder()
  }
}

/**
 * RFC 9659 3: HTTP zstd uses a window of at most 8 MiB, so the decoder refuses larger windows (2^23), which
 * would otherwise let one response make it allocate up to 128 MiB before a byte comes out. A truncated
 * stream yields what was decoded so far, as with the other codings.
 */
function createZstdDecoder(): Transform {
  const constants = zlib.constants as unknown as Record<string, number>
  // parseCodings only returns 'zstd' when the runtime has the decoder.
  if (createZstdDecompress === undefined) throw new Error('zstd is not supported by this runtime')
  return createZstdDecompress({
    flush: constants.ZSTD_e_flush,
    finishFlush: constants.ZSTD_e_flush,
    chunkSize: 64 * 1024,
    params: { [constants.ZSTD_d_windowLogMax ?? 0]: 23 },
  })
}

/**
 * `deflate` means zlib-wrapped deflate (RFC 9110 8.4.1.2, RFC 1950), but some servers send raw deflate
 * (RFC 1951). Like browsers, look at the first two bytes: a valid zlib header picks inflate, anything else
 * raw inflate. The chosen zlib stream is driven with backpressure: its output is paused while this
 * stream's reader is full.
 */
class DeflateDecoder extends Transform {
  #inner: zlib.Inflate | zlib.InflateRaw | undefined
  #head: Buffer | undefined

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let input = chunk
    if (this.#inner === undefined) {
      input = this.#head === undefined ? chunk : Buffer.concat([this.#head, chunk])
      if (input.length < 2) {
        this.#head = input
        callback()
        return
      }
      this.#head = undefined
      this.#start(looksLikeZlib(input))
    }
    this.#inner?.write(input, () => callback())
  }

  override _flush(callback: TransformCallback): void {
    if (this.#inner === undefined) {
      if (this.#head === undefined) {
        callback()
        return
      }
      this.#start(false).write(this.#head)
    }
    const inner = this.#inner
    inner?.once('end', () => callback())
    inner?.end()
  }

  override _read(size: number): void {
    this.#inner?.resume()
    super._read(size)
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#inner?.destroy()
    callback(error)
  }

  #start(zlibWrapped: boolean): zlib.Inflate | zlib.InflateRaw {
    const inner = zlibWrapped ? zlib.createInflate(zlibOptions) : zlib.createInflateRaw(zlibOptions)
    inner.on('data', (data: Buffer) => {
      if (!this.push(data)) inner.pause()
    })
    inner.on('error', (error) => this.destroy(error))
    this.#inner = inner
    return inner
  }
}

/** RFC 1950 2.2: CM = 8 (deflate), CINFO <= 7, and the header as a 16-bit number is a multiple of 31. */
function looksLikeZlib(head: Buffer): boolean {
  const cmf = head[0] ?? 0
  const flg = head[1] ?? 0
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && (cmf * 256 + flg) % 31 === 0
}

/** zlib errors carry `Z_*` codes, brotli ones `ERR__ERROR_*` / `ERR_BROTLI_*`, zstd ones `ZSTD_error_*`. */
function isDecoderError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return (
    typeof code === 'string' &&
    (code.startsWith('Z_') ||
      code.startsWith('ERR__ERROR') ||
      code.startsWith('ERR_BROTLI') ||
      code.startsWith('ZSTD_error'))
  )
}

function noop(): void {}
