/**
 * bench/lib/callgrind.ts: what `npm run bench:instructions` reads. A dump in callgrind's own format (two
 * functions calling a third, names compressed, a call's inclusive cost that is not the caller's own), a
 * perf map in which V8 reused an address, and the tiers of the code it names.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { byTier, named, perfMapNames, readDump } from '../../bench/lib/callgrind.ts'

const dump = `# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 4242
cmd:  node bin/sallyport.js gateway
part: 1
positions: line
events: Ir
summary: 1000

ob=(1) /usr/bin/node
fl=(1) ???
fn=(1) Builtins_StringAdd_CheckNone
0 300

ob=(2) ???
fl=(1)
fn=(2) 0x0000000028100040
0 150
cob=(1)
cfi=(1)
cfn=(1)
calls=3 0
0 300
fn=(3) 0x0000000028200000
0 50
cfn=(4) v8::internal::String::WriteToFlat
calls=1 0
0 400
+2 100
fn=(4)
0 400
`

test('a dump: its summary, and each function its own instructions, not its calls', () => {
  const { total, costs } = readDump(dump)
  assert.equal(total, 1000)
  assert.deepEqual(Object.fromEntries(costs), {
    Builtins_StringAdd_CheckNone: 300,
    '0x0000000028100040': 150,
    '0x0000000028200000': 150,
    'v8::internal::String::WriteToFlat': 400,
  })
  assert.throws(() => readDump('events: Ir\nfn=(1) x\n0 5\n'), /summary/)
})

test('a perf map: the entry written last names an address V8 used again', () => {
  const map = [
    '28100000 100 JS:*serve file:///repo/src/gateway/http/routes/proxy/fetch-direct.ts:247:23',
    '28200000 80 JS:~old file:///repo/src/old.ts:1:1',
    '28200000 40 JS:*send file:///repo/src/gateway/fleet/fetch-dispatcher.ts:49:22',
    'not a line of the map',
  ].join('\n')
  const name = perfMapNames(map)
  assert.equal(
    name(0x28100040),
    'JS:*serve file:///repo/src/gateway/http/routes/proxy/fetch-direct.ts:247:23',
  )
  assert.equal(name(0x28200010), 'JS:*send file:///repo/src/gateway/fleet/fetch-dispatcher.ts:49:22')
  // Past the newer, shorter entry, only the older one covers it.
  assert.equal(name(0x28200050), 'JS:~old file:///repo/src/old.ts:1:1')
  assert.equal(name(0x28100100), undefined)
  assert.equal(name(0x1000), undefined)

  const { costs } = readDump(dump)
  costs.set('0x0000000000001000', 7)
  assert.deepEqual(Object.fromEntries(named(costs, name, '/repo')), {
    'compiled code, unnamed': 7,
    Builtins_StringAdd_CheckNone: 300,
    'JS:*serve src/gateway/http/routes/proxy/fetch-direct.ts:247:23': 150,
    'JS:*send src/gateway/fleet/fetch-dispatcher.ts:49:22': 150,
    'v8::internal::String::WriteToFlat': 400,
  })
})

test("compiled JavaScript's instructions by V8's tier, from the perf map's mark", () => {
  const costs = new Map([
    ['JS:*serve src/gateway/http/routes/proxy/fetch-direct.ts:247:23', 600],
    ["JS:*'send src/gateway/fleet/fetch-dispatcher.ts:49:22", 100],
    ['JS:+admit src/gateway/rate-limits/memory-admission-store.ts:139:12', 200],
    ['JS:^parserOnIncoming node:_http_server:1167:26', 50],
    ['JS:~old src/old.ts:1:1', 5],
    ['JS:wasm-function[20]-20-turbofan', 40],
    ['Builtins_LoadIC', 300],
    ['compiled code, unnamed', 9],
  ])
  assert.deepEqual(Object.fromEntries(byTier(costs)), {
    TurboFan: 700,
    Maglev: 200,
    Sparkplug: 50,
    Ignition: 5,
  })
})
