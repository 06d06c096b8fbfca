import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { jsFunctionOf, summarisePerfScript } from '../../bench/lib/perf-script.ts'

// Two samples as `perf script` prints them after `perf inject --jit`, shortened: a socket write reached from
// node's stream code, under the repo's fetch route; and the collector with no JavaScript on its stack.
const perfScript = `MainThread 10070  3186.095297:     250000 cpu-clock:ppp:
\t        ffffffff9a0 pvm_irq_enable+0x19 ([kernel.kallsyms])
\t          1e4e3f5 __GI___writev+0x4d (/usr/lib/x86_64-linux-gnu/libc.so.6)
\t               bb Builtin:CallApiCallbackOptimizedNoProfiling+0x7e (/repo/jitted-10070-2.so)
\t              a04 JS:*'writevGeneric node:internal/stream_base_commons:72:23+0x59e (/repo/jitted-10070-13662.so)
\t              a05 JS:*'serve file:///repo/src/gateway/http/routes/proxy/fetch-direct.ts:239:23+0x984 (/repo/jitted-10070-13663.so)

MainThread 10070  3186.095547:     250000 cpu-clock:ppp:
\t           a4ddc6 v8::internal::Scavenger::ScavengeObject+0x1b (/usr/bin/node)
\t           a4ef0b v8::internal::Heap::Scavenge+0x8b (/usr/bin/node)

MainThread 10070  3186.095797:     250000 cpu-clock:ppp:
\t              32a JS:~_Decoder_decodeNumber /repo/node_modules/ioredis/built/resp/decoder.js:160:58+0x2aa (/repo/jitted-10070-13343.so)
\t              4ac JS:*'step file:///repo/src/gateway/rate-limits/redis-admission-store.ts:113:16+0x42c (/repo/jitted-10070-13421.so)
`

describe('bench/perf-frames: perf script read by the nearest JavaScript function', () => {
  it('names the functions of ES modules, CommonJS files and node internals, and no builtin', () => {
    assert.deepEqual(jsFunctionOf("JS:*'serve file:///repo/src/a.ts:239:23+0x984"), {
      name: 'serve',
      url: 'file:///repo/src/a.ts',
      line: 239,
    })
    assert.deepEqual(jsFunctionOf('JS:~decode /repo/node_modules/ioredis/built/d.js:160:58'), {
      name: 'decode',
      url: 'file:///repo/node_modules/ioredis/built/d.js',
      line: 160,
    })
    assert.deepEqual(
      jsFunctionOf("JS:*' /repo/node_modules/prom-client/lib/histogram.js:232:9+0x7fa")?.name,
      '(anonymous)',
    )
    assert.equal(
      jsFunctionOf("JS:*'_write node:internal/streams/writable:452:16+0xbee")?.url,
      'node:internal/streams/writable',
    )
    assert.equal(jsFunctionOf('JS:*work [eval]:1:46+0x53')?.url, '[eval]')
    assert.equal(jsFunctionOf('JS:*wasm-function[20]-20-turbofan+0xa84'), undefined)
    assert.equal(jsFunctionOf('Builtin:CallApiCallbackOptimizedNoProfiling+0x7e'), undefined)
    assert.equal(jsFunctionOf('v8::internal::Scavenger::ScavengeObject+0x1b'), undefined)
  })

  it('charges each sample to the nearest JavaScript function above its leaf, by function and by area', () => {
    const summary = summarisePerfScript(perfScript)
    assert.equal(summary.samples, 3)
    assert.equal(Math.round(summary.kernelPercent), 33, 'one leaf of three is in the kernel')
    const byArea = Object.fromEntries(summary.byArea.map((share) => [share.name, share.samples]))
    assert.deepEqual(byArea, {
      'node:internal/stream_base_commons': 1,
      '(no JavaScript frame)': 1,
      ioredis: 1,
    })
    const functions = summary.byFunction.map((share) => share.name)
    assert.ok(functions.some((name) => name.startsWith('writevGeneric node:internal/stream_base_commons:72')))
    assert.ok(functions.some((name) => name.startsWith('_Decoder_decodeNumber ')))
    assert.ok(
      !functions.some((name) => name.startsWith('step ')),
      'step is above the nearest JavaScript frame',
    )
  })
})
