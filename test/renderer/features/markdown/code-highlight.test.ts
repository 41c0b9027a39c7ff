// Syntax highlighting is imported on demand: the first answer with a fenced block in a language asks
// for it, shows that code plain meanwhile, and once it is in shows exactly what it would have.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import rehypeHighlight from 'rehype-highlight'
import { describe, expect, it } from 'vitest'
import { highlighterLoaded, loadHighlighter } from '../../../../src/renderer/src/features/markdown/code-highlight'
import { MarkdownBlocks, markdownOptions } from '../../../../src/renderer/src/features/markdown/markdown'
import { rehypeElementData } from '../../../../src/renderer/src/features/markdown/rehype-element-data'

const render = (text: string) => renderToStaticMarkup(createElement(MarkdownBlocks, { text, streaming: false }))
const text = 'Intro\n\n```ts\nconst a = 1\n```\n\nAfter, with `code`.'

describe('highlighting on demand', () => {
  it('shows code plain until the highlighter is in, then coloured (a block parsed without it is not kept)', async () => {
    expect(highlighterLoaded()).toBe(false)
    const before = render(text)
    expect(before).toContain('<code class="language-ts">const a = 1\n</code>')
    expect(before).not.toContain('hljs')
    await loadHighlighter()
    expect(highlighterLoaded()).toBe(true)
    const after = render(text)
    expect(after).toContain(
      '<code class="hljs language-ts"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>\n</code>',
    )
  })

  it('colours exactly as rehype-highlight with every common grammar does', async () => {
    await loadHighlighter()
    const sample =
      '```python\ndef f(x):\n    return x * 2\n```\n\n```unknown-lang\nx\n```\n\n```math\na^2\n```\n\n```\nplain\n```'
    const ours = renderToStaticMarkup(createElement(ReactMarkdown, markdownOptions, sample))
    const theirs = renderToStaticMarkup(
      createElement(
        ReactMarkdown,
        {
          ...markdownOptions,
          rehypePlugins: [[rehypeHighlight, { plainText: ['math', 'mermaid'] }], rehypeElementData],
        },
        sample,
      ),
    )
    expect(ours).toBe(theirs)
    expect(ours).toContain('<span class="hljs-keyword">def</span>')
  })
})
