/**
 * `node --import tsx bench/micro/envelope-json.ts`
 *
 * What writing a node's envelope JSON costs per body size: the decoded text escaped by JSON.stringify and
 * encoded to UTF-8 (how every envelope was written before, and still is for bodies in other charsets)
 * against `encodeEnvelope` writing a UTF-8 body from its bytes (src/node/fetching/envelope-json.ts).
 * Bodies: the benchmark's ASCII lines, and the same with some non-ASCII text, quotes and controls.
 * Microseconds per envelope, the decoding of the body included; medians of 5 runs.
 */
import { TextDecoder } from 'node:util'
import { encodeEnvelope, TextResult } from '../../src/node/fetching/envelope-json.ts'
import { makeBody, textEnvelope } from '../lib/bodies.ts'

const utf8 = new TextDecoder('utf-8')

function mixed(size: number): Buffer {
  const body = makeBody(size)
  const text = Buffer.from('café 日本語 "quoted" \\ \u0001 ')
  for (let at = 0; at + text.length < size; at += 997) text.copy(body, at)
  return body
}

const stringified = (bytes: Buffer) =>
  Buffer.from(JSON.stringify(textEnvelope({ result: utf8.decode(bytes) }, bytes.length)))
const fromBytes = (bytes: Buffer) => {
  const { result: _text, ...fields } = textEnvelope({ result: '' }, bytes.length)
  return encodeEnvelope(Object.assign(new TextResult(bytes), fields))
}

function microseconds(write: (bytes: Buffer) => Buffer, bytes: Buffer): number {
  const calls = Math.max(50, Math.round(2e8 / (bytes.length + 1000)))
  for (let i = 0; i < calls / 5; i++) write(bytes)
  const runs: number[] = []
  for (let run = 0; run < 5; run++) {
    const started = process.hrtime.bigint()
    for (let i = 0; i < calls; i++) write(bytes)
    runs.push(Number(process.hrtime.bigint() - started) / calls / 1000)
  }
  return runs.sort((a, b) => a - b)[2]!
}

console.log('body             JSON.stringify  from the bytes')
for (const [name, bytes] of [
  ['1 KiB ASCII', makeBody(1024)],
  ['1 KiB mixed', mixed(1024)],
  ['64 KiB ASCII', makeBody(64 * 1024)],
  ['1 MiB ASCII', makeBody(1024 * 1024)],
  ['1 MiB mixed', mixed(1024 * 1024)],
] as const) {
  if (!stringified(bytes).equals(fromBytes(bytes))) throw new Error(`${name}: the two differ`)
  const before = microseconds(stringified, bytes)
  const after = microseconds(fromBytes, bytes)
  console.log(`${name.padEnd(15)} ${before.toFixed(2).padStart(11)} µs ${after.toFixed(2).padStart(11)} µs`)
}
