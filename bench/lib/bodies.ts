/**
 * The target's response bodies: plain ASCII text in 64-byte lines (63 characters and a newline), so they
 * look like text/plain and exercise the JSON escaping of `\n` in the envelope. Built once per process.
 */
export function makeBody(size: number): Buffer {
  const line = Buffer.from(
    'The quick brown fox jumps over the lazy dog; sallyport bench'.padEnd(63, '.') + '\n',
  )
  const body = Buffer.alloc(size)
  for (let offset = 0; offset < size; offset += line.length) line.copy(body, offset, 0, size - offset)
  return body
}
