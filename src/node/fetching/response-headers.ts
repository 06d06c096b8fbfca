/**
 * Reading a response's header fields the same way on HTTP/1.1 and HTTP/2 (undici hands both over as an
 * object of lower-case names, a repeated field as an array).
 */
import { Buffer } from 'node:buffer'
import type { Dispatcher } from 'undici'

/** A response's header fields: lower-case names, a repeated field as an array. */
export type ResponseHeaders = Dispatcher.ResponseData['headers']

/**
 * Whether a header block is larger than `maxBytes` as undici counts it on HTTP/1.1: the bytes of every
 * field name and value, without separators, line ends or the status line. HTTP/2 pseudo-headers are not
 * in the object. A UTF-16 code unit is at most 3 bytes of UTF-8, so a block whose string lengths are
 * within a third of the cap (nearly every one) is under it without measuring a byte.
 */
export function headerBlockOver(headers: ResponseHeaders, maxBytes: number): boolean {
  let units = 0
  for (const name of Object.keys(headers)) {
    const value = headers[name]
    if (typeof value === 'string') units += name.length + value.length
    else if (value !== undefined) for (const item of value) units += name.length + item.length
  }
  return units * 3 > maxBytes && headerBlockBytes(headers) > maxBytes
}

function headerBlockBytes(headers: ResponseHeaders): number {
  let total = 0
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) {
      total += Buffer.byteLength(name) + Buffer.byteLength(item)
    }
  }
  return total
}

/** Every Set-Cookie field of a response, in the order received. */
export function setCookieFields(headers: ResponseHeaders): string[] {
  const value = headers['set-cookie']
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}
