// Streaming Markdown is split into blocks so only the growing last one is re-parsed per frame.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  splitGrowingText,
  splitMarkdownBlocks,
  type SplitText,
} from '../../../../src/renderer/src/features/markdown/markdown-blocks'

describe('splitMarkdownBlocks', () => {
  it('splits at blank lines between paragraphs, lists and headings', () => {
    expect(splitMarkdownBlocks('# Title\n\nFirst para\nstill first.\n\n- a\n- b\n\nLast')).toEqual([
      '# Title\n\n',
      'First para\nstill first.\n\n',
      '- a\n- b\n\n',
      'Last',
    ])
  })

  it('never splits inside fenced code, even across blank lines', () => {
    const text = 'Before\n\n```ts\nconst a = 1\n\nconst b = 2\n```\n\nAfter'
    expect(splitMarkdownBlocks(text)).toEqual(['Before\n\n', '```ts\nconst a = 1\n\nconst b = 2\n```\n\n', 'After'])
  })

  it('keeps indented continuations (code blocks, list item paragraphs) with their block', () => {
    expect(splitMarkdownBlocks('- item\n\n    more of the item\n\nNext')).toEqual([
      '- item\n\n    more of the item\n\n',
      'Next',
    ])
  })

  it('never splits a list: items after blank lines and their indented paragraphs stay in one block', () => {
    expect(splitMarkdownBlocks('- a\n\n- b\n\nAfter')).toEqual(['- a\n\n- b\n\n', 'After'])
    expect(splitMarkdownBlocks('1. a\n\n   more\n\n2. b\n\n  ```\n  x\n  ```\n\nEnd')).toEqual([
      '1. a\n\n   more\n\n2. b\n\n  ```\n  x\n  ```\n\n',
      'End',
    ])
    // A list after a paragraph still starts its own block; a paragraph after a list ends it.
    expect(splitMarkdownBlocks('Intro\n\n- a\n\nOutro\n\n- b')).toEqual(['Intro\n\n', '- a\n\n', 'Outro\n\n', '- b'])
  })

  it('a growing text keeps every finished block identical (so their rendering is reused)', () => {
    const full = 'Para one.\n\nPara two with `code`.\n\n```\nx\n\ny\n```\n\n1. a\n2. b\n\nEnd.'
    let previous: string[] = []
    for (let end = 1; end <= full.length; end++) {
      const blocks = splitMarkdownBlocks(full.slice(0, end))
      // All but the last block of the previous prefix are unchanged now.
      expect(blocks.slice(0, Math.max(0, previous.length - 1))).toEqual(
        previous.slice(0, Math.max(0, previous.length - 1)),
      )
      previous = blocks
    }
  })

  it('loses and reorders nothing: the blocks join back to the text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('text', '\n', '\n\n', '```', '~~~', '    code', '- item', '# h', ' '), {
          maxLength: 60,
        }),
        (parts) => {
          const text = parts.join('')
          expect(splitMarkdownBlocks(text).join('')).toBe(text)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('splitting a growing text from its last block gives what splitting it whole gives (property)', () => {
    const piece = fc.constantFrom(
      'text',
      '\n',
      '\n\n',
      '```',
      '~~~',
      '    code',
      '- item',
      '1. one',
      '# h',
      ' ',
      '> q',
      '  indented',
    )
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 80 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 30 }),
        (parts, steps) => {
          const text = parts.join('')
          let previous: SplitText | undefined
          let end = 0
          for (const step of [...steps, text.length]) {
            end = Math.min(text.length, end + step)
            previous = splitGrowingText(text.slice(0, end), previous)
            expect(previous.blocks).toEqual(splitMarkdownBlocks(text.slice(0, end)))
          }
          // A text that is not a continuation is split from scratch.
          expect(splitGrowingText('other', previous).blocks).toEqual(['other'])
        },
      ),
      { numRuns: 1000 },
    )
    // Found by the property: "1" after a list and a blank line becomes an item of that list.
    let previous: SplitText | undefined
    for (const prefix of ['1. a\n\n1', '1. a\n\n1. b']) previous = splitGrowingText(prefix, previous)
    expect(previous!.blocks).toEqual(['1. a\n\n1. b'])
  })
})
