/**
 * The escape of a UTF-8 body's bytes into the inside of a JSON string, in WebAssembly, 16 bytes at a time
 * (json-escape.wat; docs/adr/0029-json-escape-in-webassembly.md): `"` and `\` behind a backslash, the
 * controls below U+0020 as `\b \t \n \f \r` or `\u00XX`, every other byte as it is, which is what
 * `JSON.stringify` writes for valid UTF-8. The module is instantiated once per process, from bytes built
 * into the source (`npm run write:json-escape`); its memory never grows, so the views below stay valid.
 */
import { Buffer } from 'node:buffer'
import { jsonEscapeWasm } from './json-escape-wasm.ts'

// The project's TypeScript libraries leave WebAssembly out (it comes with the DOM's): what this file uses.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object
  Instance: new (module: object) => { exports: unknown }
}
type Exports = { memory: { buffer: ArrayBuffer }; escape: (length: number) => number }

const { memory, escape } = new WebAssembly.Instance(
  new WebAssembly.Module(Buffer.from(jsonEscapeWasm, 'base64')),
).exports as Exports
const heap = new Uint8Array(memory.buffer)
/** Where the module reads a block and writes its escape (json-escape.wat). */
const input = 1024
const output = 66560

/** The most bytes `escapeBlock` takes at once. */
export const escapeBlockBytes = 65_536

/**
 * The escape of `bytes[start, end)`, at most `escapeBlockBytes` of them: a view into the module's memory,
 * valid until the next call, at most six bytes per byte.
 */
export function escapeBlock(bytes: Uint8Array, start: number, end: number): Uint8Array {
  if (end - start > escapeBlockBytes) throw new RangeError(`at most ${escapeBlockBytes} bytes at once`)
  heap.set(bytes.subarray(start, end), input)
  return heap.subarray(output, output + escape(end - start))
}
