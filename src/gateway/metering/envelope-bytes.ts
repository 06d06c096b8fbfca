/**
 * The `bytes` field of a node's envelope JSON without parsing a body of up to ~14 MB. Inside a JSON
 * string every `"` is escaped, so the sequence `,"bytes":` can only be the key itself; the node writes it
 * near the end, so a backwards search touches a few dozen bytes.
 */
import { Buffer } from 'node:buffer'

const marker = Buffer.from(',"bytes":')

export function envelopeBytes(envelope: Buffer): number {
  const at = envelope.lastIndexOf(marker)
  if (at < 0) return 0
  let value = 0
  for (let i = at + marker.length; i < envelope.length; i++) {
    const digit = envelope[i]! - 48
    if (digit < 0 || digit > 9) break
    value = value * 10 + digit
  }
  return value
}
