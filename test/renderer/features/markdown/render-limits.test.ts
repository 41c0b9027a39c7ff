// Bounds on what one render parses, colours and lays out: past a size a block is
// plain text, cut to its start, with Copy for all of it; long code is left uncoloured.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadHighlighter } from '../../../../src/renderer/src/features/markdown/code-highlight'
import { MarkdownBlocks } from '../../../../src/renderer/src/features/markdown/markdown'
import {
  HIGHLIGHT_MAX_CHARS,
  HIGHLIGHT_MAX_LINE,
  PARSE_MAX_CHARS,
  PLAIN_SHOWN_CHARS,
  hasLineLongerThan,
  plainBlockOf,
  shownPart,
} from '../../../../src/renderer/src/features/markdown/render-limits'

const render = (text: string, streaming = false) =>
  renderToStaticMarkup(createElement(MarkdownBlocks, { text, streaming }))

describe('plainBlockOf', () => {
  it('takes the code out of a fence, closed or still open, with its language', () => {
    expect(plainBlockOf('```js\nconst a = 1\n```\n\n')).toEqual({ kind: 'code', language: 'js', code: 'const a = 1' })
    expect(plainBlockOf('\n~~~~ python extra\nx = 1\n~~~\ny\n~~~~\n')).toEqual({
      kind: 'code',
      language: 'python',
      code: 'x = 1\n~~~\ny',
    })
    expect(plainBlockOf('```\nstill writing')).toEqual({ kind: 'code', language: undefined, code: 'still writing' })
    expect(plainBlockOf('```\n```')).toEqual({ kind: 'code', language: undefined, code: '' })
  })

  it('keeps any other text whole, and a backtick line with a backtick after it is not a fence', () => {
    expect(plainBlockOf('| a | b |\n| - | - |\n| 1 | 2 |')).toEqual({
      kind: 'text',
      text: '| a | b |\n| - | - |\n| 1 | 2 |',
    })
    expect(plainBlockOf('```a`b\ncode')).toEqual({ kind: 'text', text: '```a`b\ncode' })
    expect(plainBlockOf('```js')).toEqual({ kind: 'text', text: '```js' })
  })
})

describe('shownPart and hasLineLongerThan', () => {
  it('cuts at the limit but never inside a surrogate pair', () => {
    expect(shownPart('abcdef', 4)).toEqual({ shown: 'abcd', cut: true })
    expect(shownPart('abc😀def', 4)).toEqual({ shown: 'abc', cut: true })
    expect(shownPart('abc', 4)).toEqual({ shown: 'abc', cut: false })
  })

  it('finds a long line anywhere, first, middle or last', () => {
    expect(hasLineLongerThan('ab\ncd', 2)).toBe(false)
    expect(hasLineLongerThan('abc\ncd', 2)).toBe(true)
    expect(hasLineLongerThan('a\nabc\nb', 2)).toBe(true)
    expect(hasLineLongerThan('a\nb\nabc', 2)).toBe(true)
  })
})

describe('rendering past the limits', () => {
  it('shows a 2 MB one-line code block as the start of its code, says so, and never parses it', () => {
    const line = 'let x = 1; '.repeat(200_000)
    const html = render(`Before\n\n\`\`\`js\n${line}\n\`\`\`\n\nAfter`)
    expect(html).toContain('data-testid="code-block-plain"')
    expect(html).toContain('Too long to show whole: the first 50,000 of 2,200,000 characters')
    expect(html).toContain(`<code>${line.slice(0, PLAIN_SHOWN_CHARS)}</code>`)
    expect(html).not.toContain(line.slice(0, PLAIN_SHOWN_CHARS + 1))
    expect(html).toContain('<p>After</p>')
  })

  it('leaves code past the colouring limits plain, and still colours short code', async () => {
    await loadHighlighter()
    const long = `\`\`\`js\n${'const a = 1\n'.repeat(Math.ceil(HIGHLIGHT_MAX_CHARS / 12) + 1)}\`\`\``
    const wide = `\`\`\`js\nconst a = "${'x'.repeat(HIGHLIGHT_MAX_LINE)}"\n\`\`\``
    expect(long.length).toBeLessThan(PARSE_MAX_CHARS)
    for (const text of [long, wide]) {
      const html = render(text)
      expect(html).toContain('no-highlight')
      expect(html).not.toContain('hljs-keyword')
    }
    expect(render('```js\nconst a = 1\n```')).toContain('<span class="hljs-keyword">const</span>')
  })

  it('shows a growing block past the limit as plain text while it streams', () => {
    const text = `Intro\n\n\`\`\`\n${'y'.repeat(PARSE_MAX_CHARS + 10)}`
    const html = render(text, true)
    expect(html).toContain('data-testid="code-block-plain"')
    expect(html).toContain('<p>Intro</p>')
  })
})
