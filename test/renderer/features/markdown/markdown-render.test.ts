// Keel renders Markdown block by block (only the growing block of a live answer is re-parsed, and
// parsed blocks are reused when the stored message replaces the live one). That must show the same
// document as parsing the whole text at once.
import fc from 'fast-check'
import { createElement, isValidElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadHighlighter } from '../../../../src/renderer/src/features/markdown/code-highlight'
import { Markdown, MarkdownBlocks, markdownOptions } from '../../../../src/renderer/src/features/markdown/markdown'
import { markdownParser } from '../../../../src/renderer/src/features/markdown/markdown-pipeline'

/** A one-shot render of the whole text, with the app's plugins and elements (links, code blocks, math). */
function whole(text: string): string {
  return renderToStaticMarkup(createElement(ReactMarkdown, markdownOptions, text))
}

/** The block renderer itself (the deferral around it renders a live answer's first frame empty). */
function app(text: string, streaming = false): string {
  const html = renderToStaticMarkup(createElement(MarkdownBlocks, { text, streaming }))
  const inner = /^<div class="markdown">([\s\S]*)<\/div>$/.exec(html)
  if (!inner) throw new Error(`unexpected wrapper: ${html.slice(0, 80)}`)
  return inner[1]!
}

/** The newline text nodes a one-shot render puts between top-level elements are not part of the document. */
const normalize = (html: string): string => html.replace(/>\n+</g, '><')

const word = fc.constantFrom(
  'keel',
  'stream',
  '`code()`',
  '**bold**',
  '*it*',
  '[link](https://example.com/a)',
  'ção',
  '~~gone~~',
  'a_b',
  '1.5',
)
const line = fc.array(word, { minLength: 1, maxLength: 8 }).map((ws) => ws.join(' '))
const paragraph = fc.array(line, { minLength: 1, maxLength: 3 }).map((ls) => ls.join('\n'))
const heading = fc.tuple(fc.integer({ min: 1, max: 4 }), line).map(([level, text]) => `${'#'.repeat(level)} ${text}`)
const bullets = fc.array(line, { minLength: 1, maxLength: 4 }).map((ls) => ls.map((l) => `- ${l}`).join('\n'))
const numbered = fc
  .array(line, { minLength: 1, maxLength: 4 })
  .map((ls) => ls.map((l, i) => `${i + 1}. ${l}`).join('\n'))
const code = fc
  .tuple(
    fc.constantFrom('ts', 'js', 'python', ''),
    fc.array(fc.constantFrom('const a = 1', '', 'if (x) { return "y" }', 'def f(): pass'), {
      minLength: 1,
      maxLength: 4,
    }),
  )
  .map(([lang, ls]) => `\`\`\`${lang}\n${ls.join('\n')}\n\`\`\``)
const quote = line.map((l) => `> ${l}`)
const table = fc.tuple(line, line).map(([a, b]) => `| h1 | h2 |\n| --- | --- |\n| ${a} | ${b} |`)
/** A list item with later content indented under it (2–4 spaces, as models write), after a blank line. */
const itemWithBody = fc
  .tuple(
    fc.constantFrom('- ', '1. ', '* '),
    line,
    fc.constantFrom('  ', '   ', '    '),
    fc.oneof(
      line,
      code.map((c) => c),
    ),
  )
  .map(
    ([marker, head, indent, body]) =>
      `${marker}${head}\n\n${body
        .split('\n')
        .map((l) => (l ? indent + l : l))
        .join('\n')}`,
  )
const nested = fc.tuple(line, line).map(([a, b]) => `- ${a}\n  - ${b}`)
const block = fc.oneof(paragraph, heading, bullets, numbered, code, quote, table, itemWithBody, nested)

/** Blocks joined by blank lines (two lists in a row make one loose list: the split must keep them together). */
const documentText = fc
  .array(fc.tuple(block, fc.constantFrom('\n\n', '\n\n\n')), { minLength: 1, maxLength: 10 })
  .map((parts) => parts.map(([b, gap], i) => (i === 0 ? b : gap + b)).join(''))

describe('block-by-block Markdown', () => {
  // The window imports the highlighter when code first appears (code-highlight.test.ts); here it is in.
  beforeAll(() => loadHighlighter())

  it('shows the same document as a one-shot parse, finished or streaming (property)', () => {
    fc.assert(
      fc.property(documentText, (text) => {
        const expected = normalize(whole(text))
        expect(normalize(app(text))).toBe(expected)
        expect(normalize(app(text, true))).toBe(expected)
      }),
      { numRuns: 150 },
    )
  })

  it('keeps loose lists, list items with indented paragraphs or code, and quoted definitions whole', () => {
    for (const text of [
      '- a\n\n- b\n\nAfter.',
      '1. **Step**\n\n   Details of the step.\n\n2. Next\n\n   ```bash\n   npm test\n   ```\n\nDone.',
      'Intro\n\n> See [the docs][d].\n>\n> [d]: https://example.com/d',
    ]) {
      expect(normalize(app(text)), text).toBe(normalize(whole(text)))
      expect(normalize(app(text, true)), text).toBe(normalize(whole(text)))
    }
  })

  it('a stored answer renders at once; a live one shows a budget of new blocks per render, the first at once', () => {
    const text = 'Hello **there**.\n\nMore.'
    expect(renderToStaticMarkup(createElement(Markdown, { text }))).toBe(`<div class="markdown">${app(text)}</div>`)
    // A short answer fits in the first render (its first words are painted in the first frame).
    expect(renderToStaticMarkup(createElement(Markdown, { text, streaming: true }))).toBe(
      `<div class="markdown">${app(text, true)}</div>`,
    )
    // A burst of 60 KB: the first render shows part of it (the rest follows frame by frame, in a browser).
    const long = Array.from({ length: 300 }, (_, i) => `Paragraph ${i} ${'word '.repeat(40)}`).join('\n\n')
    const paragraphs = (html: string) => html.match(/<p>/g)?.length ?? 0
    const first = paragraphs(renderToStaticMarkup(createElement(Markdown, { text: long, streaming: true })))
    expect(first).toBeGreaterThan(0)
    expect(first).toBeLessThan(300)
    expect(paragraphs(renderToStaticMarkup(createElement(Markdown, { text: long })))).toBe(300)
  })

  it('highlights fenced code with a language, with the shared highlighter, in every block', () => {
    const text = 'Intro\n\n```ts\nconst a = 1\n```\n\nMiddle\n\n```python\ndef f(): pass\n```'
    const html = app(text)
    expect(html.match(/<code class="hljs language-ts">/g)).toHaveLength(1)
    expect(html.match(/<code class="hljs language-python">/g)).toHaveLength(1)
    expect(html).toContain('<span class="hljs-keyword">const</span>')
    expect(html).toContain('<span class="hljs-keyword">def</span>')
  })

  it('a finished text with link references or footnotes is parsed whole (they reach across blocks)', () => {
    const text =
      'See [the docs][docs] and a note[^1].\n\nMore text.\n\n[docs]: https://example.com/docs\n\n[^1]: The note.'
    const html = app(text)
    expect(html).toContain('<a href="https://example.com/docs" target="_blank" rel="noreferrer">the docs</a>')
    expect(html).toContain('<section data-footnotes="true" class="footnotes">')
    expect(html).toMatch(/<li id="user-content-fn-1">\s*<p>The note\./)
    expect(html).not.toContain('[docs]:')
  })

  it("Keel's own pipeline shows what react-markdown shows, for HTML, URLs, images, math, diagrams, tables and footnotes", () => {
    const texts = [
      '<script>alert(1)</script>\n\n<b>bold?</b> <!-- comment --> text <span onclick="x()">span</span>',
      '[ok](https://example.com/a?b=1#c) [js](javascript:alert(1)) [rel](/local/path) [mail](mailto:a@b.c) <https://auto.link/x> www.example.org',
      '![alt](https://example.com/i.png "title") ![data](data:image/png;base64,AAAA) ![js](javascript:x)',
      'Inline $a^2 + b^2$ and prices $5 and $10.\n\n$$\n\\int_0^1 x\\,dx\n$$\n\n```math\nE = mc^2\n```',
      '```mermaid\ngraph TD; A-->B\n```\n\n```ts\nconst a: number = 1 // comment\n```\n\n    indented code\n\n```\nno language\n```',
      '| a | b |\n| :-- | --: |\n| `x` | **y** |\n\n- [ ] task\n- [x] done\n\n~~struck~~ and a note[^n].\n\n[^n]: The note.',
      '> quote with `code` and [a link][r]\n\n[r]: https://example.com/r "T"\n\n***\n\n# H1\n\n###### H6 ####',
      'Line with trailing spaces  \nbreak and\\\nbackslash break. Entities &amp; &copy; &#x41; and \\*escaped\\*.',
    ]
    const parse = markdownParser(markdownOptions.remarkPlugins, markdownOptions.rehypePlugins)
    for (const text of texts)
      expect(renderToStaticMarkup(parse(text, markdownOptions.components)), text).toBe(whole(text))
    // And block by block, as the window renders it (server rendering adds a preload <link> before an
    // image, and a text node between top-level blocks only in the whole render: those are left out).
    for (const text of texts.filter((t) => !t.includes('![') && !t.startsWith('<')))
      expect(normalize(app(text)), text).toBe(normalize(whole(text)))
  })

  it('parsed elements do not keep their tree nodes (a cached block holds only its elements)', () => {
    const text = 'Text with [a link](https://example.com) and $x$.\n\n```ts\nconst a = 1\n```\n\n$$\ny\n$$'
    const withNode: string[] = []
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk)
      if (!isValidElement(value)) return
      const props = value.props as Record<string, unknown>
      if ('node' in props) withNode.push(String(value.type))
      walk(props['children'])
    }
    const parse = markdownParser(markdownOptions.remarkPlugins, markdownOptions.rehypePlugins)
    walk(parse(text, markdownOptions.components))
    expect(withNode).toEqual([])
    // react-markdown hands its custom elements their nodes: the walk sees them there.
    walk(ReactMarkdown({ ...markdownOptions, children: text }))
    expect(withNode.length).toBeGreaterThanOrEqual(4)
  })

  it('never renders raw HTML or follows a non-http(s) link', () => {
    const html = app('<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('javascript:')
    expect(html).toContain('<span class="link-blocked">x</span>')
  })
})
