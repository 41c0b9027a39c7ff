// `$…$` is math, but prices are not: the Pandoc rule decides (see features/markdown/dollar-amounts.ts).
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MarkdownBlocks } from '../../../../src/renderer/src/features/markdown/markdown'
import { isDollarAmountSpan } from '../../../../src/renderer/src/features/markdown/dollar-amounts'

const render = (text: string) => renderToStaticMarkup(createElement(MarkdownBlocks, { text, streaming: false }))
const span = (source: string, start: number, end: number) => isDollarAmountSpan(source, start, end)

describe('dollar amounts', () => {
  it('are told apart from formulas by the spaces and digits around the dollars', () => {
    expect(span('$5 and $10', 0, 8)).toBe(true) // "5 and " ends with a space
    expect(span('$20-$30', 0, 5)).toBe(true) // the closing dollar is followed by a digit
    expect(span('$ x$', 0, 4)).toBe(true) // opens with a space
    expect(span('$x$ and', 0, 3)).toBe(false)
    expect(span('$E = mc^2$.', 0, 10)).toBe(false)
    expect(span('$$5 and $$', 0, 10)).toBe(false) // double dollars are always math
  })

  it('stay text in a rendered answer, while formulas next to them become math', () => {
    for (const text of ['It costs $5 and $10 with tax.', 'Between $20-$30 a month.', 'Pay $5, or $6.50 later.']) {
      const html = render(text)
      expect(html, text).not.toContain('math-')
      expect(html, text).toContain('$')
    }
    const both = render('Pay $5 and $10; the area is $a^2$.')
    expect(both).toContain('Pay $5 and $10; the area is')
    expect(both.match(/class="math-source"/g)).toHaveLength(1)
    expect(both).toContain('a^2')
  })
})
