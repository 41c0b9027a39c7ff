import { describe, expect, it } from 'vitest'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import { formatUsage, formatUsd } from '../../../../src/renderer/src/features/chat/format-usage'
import { parsePriceFields, priceFieldsOf, samePrice } from '../../../../src/renderer/src/features/settings/price-fields'

const usage = { inputTokens: 1200, outputTokens: 300, reasoningTokens: undefined, cachedInputTokens: undefined }

describe('formatUsd', () => {
  it('shows cents from a dollar up and two significant digits below', () => {
    expect(formatUsd(12.345, 'en')).toBe('$12.35')
    expect(formatUsd(0.0042137, 'en')).toBe('$0.0042')
    expect(formatUsd(0.25, 'en')).toBe('$0.25')
    expect(formatUsd(0, 'en')).toBe('$0.00')
    expect(formatUsd(0.9996, 'en')).toBe('$1.00')
    expect(formatUsd(0.994, 'en')).toBe('$0.99')
    // The user's language decides the marks (the currency stays dollars).
    expect(formatUsd(1.5, 'pt-BR')).toMatch(/^US\$\s1,50$/)
    expect(formatUsd(0.0042, 'es')).toMatch(/^0,0042\sUS\$$/)
  })
})

describe('formatUsage', () => {
  it('shows tokens, the estimate mark and a cost only where one is known', () => {
    const en = translator('en')
    expect(formatUsage(en, { usage, estimated: false, cost: null })).toBe('1200 in · 300 out')
    expect(formatUsage(en, { usage, estimated: true, cost: { usd: 0.006, complete: true } })).toBe(
      '1200 in · 300 out (estimated) · $0.006',
    )
    expect(
      formatUsage(en, { usage, estimated: false, cost: { usd: 0.006, complete: false } }, 'conversationUsage'),
    ).toBe('Conversation: 1200 in · 300 out · at least $0.006')
    expect(
      formatUsage(translator('pt-BR'), { usage, estimated: false, cost: { usd: 0.006, complete: false } }),
    ).toMatch(/^1200 entrada · 300 saída · pelo menos US\$\s0,006$/)
    // Only what is known: never "? in" (defect 18); nothing at all while nothing is known.
    expect(formatUsage(en, { usage: { ...usage, inputTokens: undefined }, estimated: true, cost: null })).toBe(
      '300 out (estimated)',
    )
    expect(
      formatUsage(
        en,
        { usage: { ...usage, outputTokens: undefined }, estimated: true, cost: null },
        'conversationUsage',
      ),
    ).toBe('Conversation: 1200 in (estimated)')
    expect(
      formatUsage(
        en,
        { usage: { ...usage, inputTokens: undefined, outputTokens: undefined }, estimated: true, cost: null },
        'conversationUsage',
      ),
    ).toBe('')
  })
})

describe('price fields', () => {
  it('read numbers of dollars (a comma is a decimal mark); all empty forgets the price', () => {
    expect(parsePriceFields({ input: '3', output: '15', cachedInput: '', search: '' })).toEqual({
      ok: true,
      price: { inputPerMillion: 3, outputPerMillion: 15 },
    })
    expect(parsePriceFields({ input: ' 0,25 ', output: '1.5', cachedInput: '.1', search: '' })).toEqual({
      ok: true,
      price: { inputPerMillion: 0.25, outputPerMillion: 1.5, cachedInputPerMillion: 0.1 },
    })
    expect(parsePriceFields({ input: '', output: ' ', cachedInput: '', search: '' })).toEqual({ ok: true, price: null })
  })

  it('refuse half a price and anything that is not a plain amount', () => {
    expect(parsePriceFields({ input: '3', output: '', cachedInput: '', search: '' })).toEqual({
      ok: false,
      error: 'priceNeedsBoth',
    })
    expect(parsePriceFields({ input: '', output: '', cachedInput: '1', search: '' })).toEqual({
      ok: false,
      error: 'priceNeedsBoth',
    })
    for (const bad of ['-1', '1e3', 'abc', '1.2.3', '$3', 'Infinity', '1,000.50', '999999999']) {
      expect(parsePriceFields({ input: bad, output: '1', cachedInput: '', search: '' }), bad).toEqual({
        ok: false,
        error: 'priceInvalid',
      })
    }
  })

  it('round-trip a saved price into the inputs', () => {
    const price = { inputPerMillion: 0.25, outputPerMillion: 2, cachedInputPerMillion: 0.025 }
    expect(parsePriceFields(priceFieldsOf(price))).toEqual({ ok: true, price })
    expect(priceFieldsOf(null)).toEqual({ input: '', output: '', cachedInput: '', search: '' })
    expect(samePrice(price, { ...price })).toBe(true)
    expect(samePrice(price, { ...price, cachedInputPerMillion: undefined })).toBe(false)
    expect(samePrice(null, null)).toBe(true)
    expect(samePrice(null, price)).toBe(false)
  })
})
