import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { htmlToText } from './html-text.ts'

describe('html to text', () => {
  it("reads Mastodon content: paragraphs, line breaks, and links' hidden parts", () => {
    const html =
      '<p>Hello &amp; welcome<br />to the <a href="https://x.example/tags/rust" class="mention hashtag">#<span>rust</span></a> tag</p>' +
      '<p><a href="https://example.com/a/long/path"><span class="invisible">https://</span><span class="ellipsis">example.com/a/lo</span><span class="invisible">ng/path</span></a></p>'
    assert.equal(htmlToText(html), 'Hello & welcome\nto the #rust tag\n\nhttps://example.com/a/long/path')
  })

  it('reads Hacker News text: bare <p> separators and hex entities', () => {
    assert.equal(
      htmlToText(
        'It&#x27;s fine<p>See <a href="https:&#x2F;&#x2F;example.com&#x2F;">https:&#x2F;&#x2F;example.com&#x2F;</a><p><i>really</i>',
      ),
      "It's fine\n\nSee https://example.com/\n\nreally",
    )
  })

  it('leaves unknown entities and invalid code points as they are, and never returns tags', () => {
    assert.equal(
      htmlToText('a &bogus; b &#0; c &#xD800; &lt;script&gt;'),
      'a &bogus; b &#0; c &#xD800; <script>',
    )
    assert.equal(htmlToText('<script>alert(1)</script>x'), 'alert(1)x')
  })
})
