import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { escapeHtml } from './escape-html.ts'

describe('escapeHtml', () => {
  it('escapes the five characters that can open markup or close an attribute', () => {
    assert.equal(
      escapeHtml(`<a href="x" title='y'>&</a>`),
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })

  it('leaves other text as it is', () => {
    assert.equal(escapeHtml('plain text, ünïcode and /paths?q=1'), 'plain text, ünïcode and /paths?q=1')
  })
})
