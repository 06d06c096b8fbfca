import type { NodeEnvelope } from '../../src/shared/fleet-contract.ts'

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

/**
 * The envelope us-east's node sends for a 200 `text/plain` answer: `decoded` is the body as the node's
 * decoder gives it (`result`, and `result_encoding` for bytes that are not text), `bytes` its size on the wire.
 */
export function textEnvelope(
  decoded: Pick<NodeEnvelope, 'result' | 'result_encoding'>,
  bytes: number,
): NodeEnvelope {
  return {
    ...decoded,
    status: 200,
    public_ip: '127.0.0.11',
    device_id: 'node_useast_0123456789',
    final_url: 'http://127.0.0.1:8080/1k',
    redirects: 0,
    content_type: 'text/plain; charset=utf-8',
    bytes,
    elapsed_ms: 1,
  }
}
