import type { Usage } from './usage'

/**
 * What the user says one model costs, in US dollars per million tokens (the unit every provider's
 * price list uses). Keel ships no price table: prices change, differ by account and region, and a
 * stale built-in number would be shown as fact. `cachedInputPerMillion` is the price of input
 * served from the prompt cache; without it cached tokens cost the normal input price. Checked by
 * `modelPriceSchema` (settings.ts) in the core and by the settings form, both with
 * {@link isPricePerMillion}.
 */
export interface ModelPrice {
  inputPerMillion: number
  outputPerMillion: number
  cachedInputPerMillion?: number
  /** USD per 1,000 web searches the provider ran itself (its hosted search); unset: searches are not priced. */
  searchPerThousand?: number
}

/** The highest price accepted: far above any real one, so that a typo shows. */
export const MAX_PRICE_PER_MILLION = 100_000

/** One price Keel accepts: a finite number of dollars from 0 to {@link MAX_PRICE_PER_MILLION}. */
export function isPricePerMillion(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_PRICE_PER_MILLION
}

/** The user's prices: provider → model name → price. */
export type PriceBook = Partial<Record<string, Record<string, ModelPrice>>>

/** The price of one provider's model, if the user entered one (own keys only: a model may be named "constructor"). */
export function priceFor(prices: PriceBook, provider: string, model: string): ModelPrice | undefined {
  const models = Object.hasOwn(prices, provider) ? prices[provider] : undefined
  return models && Object.hasOwn(models, model) ? models[model] : undefined
}

/**
 * A summed cost in USD. `complete` is false when some model call in the sum had no price or
 * unknown token counts (a call the app crashed in): the number is then a lower bound.
 */
export interface CostTotal {
  usd: number
  complete: boolean
}

/**
 * The cost of one model call, or `undefined` when its input or output token count is unknown
 * (never priced as 0). Cached input is part of `inputTokens` and is priced apart when a cached
 * price is given; reasoning tokens are part of `outputTokens` and priced as output.
 */
export function costOfUsage(usage: Usage, price: ModelPrice): number | undefined {
  const { inputTokens, outputTokens } = usage
  if (inputTokens === undefined || outputTokens === undefined) return undefined
  const cached = Math.min(usage.cachedInputTokens ?? 0, inputTokens)
  const cachedPrice = price.cachedInputPerMillion ?? price.inputPerMillion
  const searches = ((usage.hostedSearches ?? 0) * (price.searchPerThousand ?? 0)) / 1000
  return (
    ((inputTokens - cached) * price.inputPerMillion + cached * cachedPrice + outputTokens * price.outputPerMillion) /
      1_000_000 +
    searches
  )
}

/**
 * Sums per-call costs (`undefined` = that call could not be priced). No priced call at all gives
 * `undefined`: nothing is shown rather than a made-up $0.
 */
export function sumCosts(costs: readonly (number | undefined)[]): CostTotal | undefined {
  const known = costs.filter((c): c is number => c !== undefined)
  if (known.length === 0) return undefined
  return { usd: known.reduce((a, b) => a + b, 0), complete: known.length === costs.length }
}

/** Sums already-summed totals (messages into a conversation); `undefined` parts make it incomplete. */
export function sumCostTotals(totals: readonly (CostTotal | undefined)[]): CostTotal | undefined {
  const known = totals.filter((c): c is CostTotal => c !== undefined)
  if (known.length === 0) return undefined
  return {
    usd: known.reduce((a, b) => a + b.usd, 0),
    complete: known.length === totals.length && known.every((c) => c.complete),
  }
}
