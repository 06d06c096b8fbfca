import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { canonicalHost } from './canonical-host.ts'

describe('canonicalHost', () => {
  it('writes one host one way', () => {
    for (const [written, canonical] of [
      ['a.example', 'a.example'],
      ['A.Example', 'a.example'],
      ['a.example.', 'a.example'],
      ['A.EXAMPLE.', 'a.example'],
      ['bücher.example', 'xn--bcher-kva.example'],
      ['BÜCHER.example.', 'xn--bcher-kva.example'],
      ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
      ['127.0.0.5', '127.0.0.5'],
      ['0x7f.0.0.5', '127.0.0.5'],
      ['2130706437', '127.0.0.5'],
      ['[::ffff:127.0.0.5]', '127.0.0.5'],
      ['[::FFFF:7f00:5]', '127.0.0.5'],
      ['::ffff:127.0.0.5', '127.0.0.5'],
      ['[0:0:0:0:0:ffff:7f00:5]', '127.0.0.5'],
      ['[::1]', '::1'],
      ['[0:0:0:0:0:0:0:1]', '::1'],
      ['[2001:DB8::1]', '2001:db8::1'],
      ['[::7f00:5]', '::7f00:5'],
      ['[::ffff:0:7f00:5]', '::ffff:0:7f00:5'],
    ] as const) {
      assert.equal(canonicalHost(written), canonical, written)
    }
  })

  it('is what a parsed URL of any spelling of the host gives', () => {
    const hosts = ['http://[::ffff:127.0.0.9]:8080/x', 'http://127.0.0.9./', 'HTTP://0177.0.0.9/']
    for (const url of hosts) assert.equal(canonicalHost(new URL(url).hostname), '127.0.0.9', url)
  })

  it('drops only one trailing dot', () => {
    assert.equal(canonicalHost('a.example..'), 'a.example.')
  })
})
