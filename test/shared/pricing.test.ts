import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { costOfUsage, sumCosts, sumCostTotals } from '../../src/shared/pricing'
import { modelPriceSchema } from '../../src/shared/settings'
import type { Usage } from '../../src/shared/usage'

const usage = (
  inputTokens: number | undefined,
  outputTokens: number | undefined,
  cachedInputTokens?: number,
): Usage => ({
  inputTokens,
  outputTokens,
  reasoningTokens: undefined,
  cachedInputTokens,
})

describe('costOfUsage', () => {
  it('prices input and output per million tokens', () => {
    expect(costOfUsage(usage(1_000_000, 500_000), { inputPerMillion: 3, outputPerMillion: 15 })).toBeCloseTo(
      3 + 7.5,
      12,
    )
    expect(costOfUsage(usage(1200, 300), { inputPerMillion: 2.5, outputPerMillion: 10 })).toBeCloseTo(0.003 + 0.003, 12)
  })

  it('prices cached input apart when a cached price is given, at the input price otherwise', () => {
    const cachedPrice = { inputPerMillion: 4, outputPerMillion: 0, cachedInputPerMillion: 1 }
    expect(costOfUsage(usage(1_000_000, 0, 250_000), cachedPrice)).toBeCloseTo(750_000 * 4e-6 + 250_000 * 1e-6, 12)
    expect(costOfUsage(usage(1_000_000, 0, 250_000), { inputPerMillion: 4, outputPerMillion: 0 })).toBeCloseTo(4, 12)
    // A provider reporting more cached than total input is clamped, never a negative charge.
    expect(costOfUsage(usage(100, 0, 500), cachedPrice)).toBeCloseTo(100 * 1e-6, 12)
  })

  it('is unknown (not 0) when the input or output count is unknown', () => {
    const price = { inputPerMillion: 1, outputPerMillion: 1 }
    expect(costOfUsage(usage(undefined, 10), price)).toBeUndefined()
    expect(costOfUsage(usage(10, undefined), price)).toBeUndefined()
    expect(costOfUsage(usage(0, 0), price)).toBe(0)
  })

  it('never goes below 0 and grows with every token count (property)', () => {
    const price = fc.record({
      inputPerMillion: fc.double({ min: 0, max: 100, noNaN: true }),
      outputPerMillion: fc.double({ min: 0, max: 100, noNaN: true }),
    })
    const tokens = fc.nat({ max: 10_000_000 })
    fc.assert(
      fc.property(price, tokens, tokens, fc.nat({ max: 1000 }), (p, input, output, more) => {
        const base = costOfUsage(usage(input, output), p)!
        expect(base).toBeGreaterThanOrEqual(0)
        expect(costOfUsage(usage(input + more, output), p)!).toBeGreaterThanOrEqual(base)
        expect(costOfUsage(usage(input, output + more), p)!).toBeGreaterThanOrEqual(base)
      }),
    )
  })
})

describe('sums', () => {
  it('no priced call gives no cost; an unpriced call makes the sum a lower bound', () => {
    expect(sumCosts([])).toBeUndefined()
    expect(sumCosts([undefined, undefined])).toBeUndefined()
    expect(sumCosts([0.5, 0.25])).toEqual({ usd: 0.75, complete: true })
    expect(sumCosts([0.5, undefined])).toEqual({ usd: 0.5, complete: false })
    expect(
      sumCostTotals([
        { usd: 1, complete: true },
        { usd: 2, complete: true },
      ]),
    ).toEqual({ usd: 3, complete: true })
    expect(
      sumCostTotals([
        { usd: 1, complete: true },
        { usd: 2, complete: false },
      ]),
    ).toEqual({ usd: 3, complete: false })
    expect(sumCostTotals([{ usd: 1, complete: true }, undefined])).toEqual({ usd: 1, complete: false })
    expect(sumCostTotals([undefined])).toBeUndefined()
  })
})

describe('modelPriceSchema', () => {
  it('accepts dollars ≥ 0 and refuses anything else', () => {
    expect(modelPriceSchema.safeParse({ inputPerMillion: 0, outputPerMillion: 1.25 }).success).toBe(true)
    expect(
      modelPriceSchema.safeParse({ inputPerMillion: 1, outputPerMillion: 2, cachedInputPerMillion: 0.1 }).success,
    ).toBe(true)
    for (const bad of [
      { inputPerMillion: -1, outputPerMillion: 1 },
      { inputPerMillion: 1 },
      { inputPerMillion: Number.POSITIVE_INFINITY, outputPerMillion: 1 },
      { inputPerMillion: '1', outputPerMillion: 1 },
      { inputPerMillion: 1, outputPerMillion: 1, currency: 'EUR' },
      { inputPerMillion: 1e9, outputPerMillion: 1 },
    ]) {
      expect(modelPriceSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})

describe('searches the provider ran itself', () => {
  it('are priced per 1,000 when the price names them, and only then', () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 0, reasoningTokens: undefined, cachedInputTokens: undefined }
    const price = { inputPerMillion: 3, outputPerMillion: 15 }
    expect(costOfUsage({ ...usage, hostedSearches: 4 }, price)).toBe(3)
    expect(costOfUsage({ ...usage, hostedSearches: 4 }, { ...price, searchPerThousand: 10 })).toBeCloseTo(3.04, 10)
    expect(costOfUsage(usage, { ...price, searchPerThousand: 10 })).toBe(3)
  })
})
