// What the reader sees in an answer: code blocks with their language and the exact code to copy,
// formulas drawn by KaTeX (loaded on demand), diagrams with their source, and nothing drawn from a
// block still being written.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import rehypeHighlight from 'rehype-highlight'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { beforeAll, describe, expect, it } from 'vitest'
import { MarkdownBlocks } from '../../../../src/renderer/src/features/markdown/markdown'
import { loadHighlighter } from '../../../../src/renderer/src/features/markdown/code-highlight'
import { loadMath } from '../../../../src/renderer/src/features/markdown/math-formula'
import { DiagramView } from '../../../../src/renderer/src/features/markdown/mermaid-diagram'
import { ReadingTranslate } from '../../../../src/renderer/src/features/markdown/reading-context'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import { codeLanguage, codeText, type HastLike } from '../../../../src/renderer/src/features/markdown/hast-text'

const render = (text: string, streaming = false) =>
  renderToStaticMarkup(createElement(MarkdownBlocks, { text, streaming }))

describe('code blocks', () => {
  beforeAll(() => loadHighlighter())

  it('show the language, or "Code", and a Copy code button', () => {
    const html = render('```python\nprint(1)\n```\n\n```\nplain\n```')
    expect(html.match(/<span class="code-block-language">python<\/span>/g)).toHaveLength(1)
    expect(html.match(/<span class="code-block-language">Code<\/span>/g)).toHaveLength(1)
    expect(html.match(/<button type="button">Copy code<\/button>/g)).toHaveLength(2)
    expect(html).toContain('<span class="hljs-built_in">print</span>')
  })

  it('speak the window language', () => {
    const html = renderToStaticMarkup(
      createElement(
        ReadingTranslate.Provider,
        { value: translator('pt-BR') },
        createElement(MarkdownBlocks, { text: '```\nx\n```', streaming: false }),
      ),
    )
    expect(html).toContain('>Copiar código</button>')
    expect(html).toContain('>Código</span>')
  })

  it('copy exactly the code that was written, not the highlighted markup', async () => {
    const code = 'if (a < b && c) {\n\treturn "x"  \n\n}\n// <b>not bold</b>'
    const tree = await unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkRehype)
      .use(rehypeHighlight)
      .run(unified().use(remarkParse).parse(`Intro\n\n\`\`\`ts\n${code}\n\`\`\`\n`))
    const pre = (tree as HastLike).children?.find((node) => node.tagName === 'pre')
    const element = pre?.children?.find((node) => node.tagName === 'code')
    // It really was highlighted (spans inside), and the text is still the exact code.
    expect(element?.children?.some((node) => node.tagName === 'span')).toBe(true)
    expect(codeLanguage(element)).toBe('ts')
    expect(codeText(element)).toBe(code)
  })
})

describe('quotes', () => {
  it('are blockquotes (the bar is their style)', () => {
    expect(render('> quoted')).toContain('<blockquote>')
  })
})

describe('math', () => {
  it('shows the TeX until KaTeX has loaded', () => {
    // A fresh module state is not guaranteed across files: only check the source is what is shown
    // when KaTeX is not yet there, through the streaming path below, and the rendering after load.
    expect(render('Energy: $E = mc^2$', true)).toContain('E = mc^2')
  })

  describe('once KaTeX is loaded', () => {
    beforeAll(async () => {
      await loadMath()
    })

    it('draws inline and display formulas', () => {
      const html = render('Energy: $E = mc^2$.\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n')
      expect(html).toMatch(/<span class="math-inline"><span class="katex">/)
      expect(html).toMatch(/<div class="math-display"><span class="katex-display">/)
      // MathML for screen readers, with the source as its annotation.
      expect(html).toContain('<annotation encoding="application/x-tex">E = mc^2</annotation>')
      expect(html).not.toContain('$E')
    })

    it('a formula KaTeX cannot read is shown as its source, never thrown', () => {
      const html = render('Broken: $\\frac{1}{$ here.')
      expect(html).toContain('katex-error')
    })

    it('an unfinished $$ block of a streaming answer stays source until the block is done', () => {
      const growing = render('Intro.\n\n$$\n\\frac{1}{', true)
      expect(growing).not.toContain('katex')
      expect(growing).toContain('\\frac{1}{')
      const done = render('Intro.\n\n$$\n\\frac{1}{2}\n$$\n\nAfter.', true)
      expect(done).toContain('katex-display')
    })
  })
})

describe('diagrams', () => {
  const source = 'graph TD\n  A[Start] --> B[End]'

  it('a finished ```mermaid block becomes a diagram with its source behind a disclosure', () => {
    const html = render(`Look:\n\n\`\`\`mermaid\n${source}\n\`\`\`\n`)
    expect(html).toContain('data-testid="diagram"')
    expect(html).toContain('<summary>Diagram source</summary>')
    expect(html).toContain('A[Start] --&gt; B[End]')
    expect(html).not.toContain('code-block-language')
  })

  it('a mermaid block still being written is shown as code, not drawn', () => {
    const html = render(`Look:\n\n\`\`\`mermaid\n${source}`, true)
    expect(html).not.toContain('data-testid="diagram"')
    expect(html).toContain('<span class="code-block-language">mermaid</span>')
  })

  it('drawn: an image (nothing in it can run), source closed', () => {
    const html = renderToStaticMarkup(
      createElement(DiagramView, {
        source,
        state: { ok: true, dataUrl: 'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E', width: 200, height: 100 },
      }),
    )
    expect(html).toContain(
      '<img src="data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E" width="200" height="100" alt="Diagram"/>',
    )
    expect(html).toContain('<details class="diagram-source">')
    expect(html).not.toContain('<svg')
  })

  it('not drawable: the reason and the source, open', () => {
    const html = renderToStaticMarkup(
      createElement(DiagramView, { source, state: { status: 'failed', reason: 'Parse error on line 2' } }),
    )
    expect(html).toContain('This diagram could not be drawn: Parse error on line 2')
    expect(html).toContain('<details class="diagram-source" open="">')
    expect(html).toContain('A[Start] --&gt; B[End]')
    expect(html).not.toContain('<img')
  })
})
