// Find in this conversation: folding (case and accents, with the way back to the original text),
// what of a message's Markdown is matched, and which messages match. The DOM side (findInElement,
// highlights) runs in a real browser: test/e2e/long-conversation.e2e.ts.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  foldText,
  foldWithOrigin,
  matchingMessages,
  normalizeQuery,
  searchableTexts,
} from '../../../../src/renderer/src/features/find/find-in-conversation'

const text = (value: string) => [{ type: 'text', text: value }]

describe('folding', () => {
  it('drops case and accents, in precomposed and decomposed text alike', () => {
    expect(foldText('Medição ÁRVORE Ñandú')).toBe('medicao arvore nandu')
    expect(foldText('Medic\u0327a\u0303o')).toBe('medicao')
    expect(normalizeQuery('  Medição  ')).toBe('medicao')
    expect(normalizeQuery('   ')).toBe('')
  })

  it('keeps, for each folded character, the index of the character it came from', () => {
    const { folded, origin } = foldWithOrigin('Ça e\u0301té 😀 OK')
    expect(folded).toBe('ca ete 😀 ok')
    // "e\u0301" is two characters folded to one; the emoji is two code units from one index.
    expect(origin).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 8, 10, 11, 12])
  })

  it('maps every match back onto text that folds to the query (any text)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.nat(),
        fc.integer({ min: 1, max: 4 }),
        (value, at, length) => {
          const { folded, origin } = foldWithOrigin(value)
          expect(origin.length).toBe(folded.length)
          for (let i = 1; i < origin.length; i++) expect(origin[i]!).toBeGreaterThanOrEqual(origin[i - 1]!)
          if (folded.length === 0) return
          const start = at % folded.length
          const end = Math.min(folded.length, start + length)
          const query = folded.slice(start, end)
          // As findInElement does: from the first character's start to the end of the last one's original character.
          const from = origin[start]!
          const last = origin[end - 1]!
          const to = last + ((value.codePointAt(last) ?? 0) > 0xffff ? 2 : 1)
          // The original text of the match, folded, holds the query.
          expect(foldText(value.slice(from, to))).toContain(query)
        },
      ),
    )
  })
})

describe('what of a message is matched', () => {
  it('the text parts as shown: a link by its label, not its address', () => {
    const [shown] = searchableTexts(
      text('See [the guide](https://example.com/guide "Guide") and ![a chart](chart.png).'),
    )
    expect(shown).toContain('the guide')
    expect(shown).toContain('a chart')
    expect(shown).not.toContain('example.com')
    expect(shown).not.toContain('chart.png')
  })

  it('finds words across emphasis and keeps identifiers with underscores', () => {
    const messages = [
      { id: 'a', parts: text('Here is **bold** text.') },
      { id: 'b', parts: text('Call `snake_case_name()` first.') },
      {
        id: 'c',
        parts: [
          { type: 'reasoning', text: 'bold text in the reasoning' },
          { type: 'tool-call', name: 'x' },
        ],
      },
    ]
    const textsOf = (m: (typeof messages)[number]) => searchableTexts(m.parts)
    expect(matchingMessages(messages, normalizeQuery('bold text'), textsOf)).toEqual(['a'])
    expect(matchingMessages(messages, normalizeQuery('snake_case_name'), textsOf)).toEqual(['b'])
    expect(matchingMessages(messages, normalizeQuery('BOLD'), textsOf)).toEqual(['a'])
    expect(matchingMessages(messages, '', textsOf)).toEqual([])
  })

  it('matches accents folded both ways, in message order', () => {
    const messages = [
      { id: '1', parts: text('A medição de ontem') },
      { id: '2', parts: text('nothing here') },
      { id: '3', parts: text('MEDICAO again') },
    ]
    expect(matchingMessages(messages, normalizeQuery('medicao'), (m) => searchableTexts(m.parts))).toEqual(['1', '3'])
    expect(matchingMessages(messages, normalizeQuery('Medição'), (m) => searchableTexts(m.parts))).toEqual(['1', '3'])
  })
})
