import { isPricePerMillion, type ModelPrice } from '../../../../shared/pricing'

/** The price inputs of a provider's settings, as typed. */
export interface PriceFields {
  input: string
  output: string
  cachedInput: string
  /** USD per 1,000 searches the provider runs itself (optional). */
  search: string
}

export type PriceFieldsResult =
  | { ok: true; price: ModelPrice | null }
  | { ok: false; error: 'priceNeedsBoth' | 'priceInvalid' }

/** What the inputs show for a saved price (empty when there is none). */
export function priceFieldsOf(price: ModelPrice | null): PriceFields {
  return {
    input: price ? String(price.inputPerMillion) : '',
    output: price ? String(price.outputPerMillion) : '',
    cachedInput: price?.cachedInputPerMillion !== undefined ? String(price.cachedInputPerMillion) : '',
    search: price?.searchPerThousand !== undefined ? String(price.searchPerThousand) : '',
  }
}

/**
 * Reads the inputs: all empty forgets the price (`null`); input and output go together; each must
 * be a plain number of dollars ≥ 0 (a comma is read as the decimal mark, as pt-BR and es write it).
 * The shared rule decides the limits, as it does for the core's price schema.
 */
export function parsePriceFields(fields: PriceFields): PriceFieldsResult {
  const input = fields.input.trim()
  const output = fields.output.trim()
  const cached = fields.cachedInput.trim()
  const search = fields.search.trim()
  if (input === '' && output === '' && cached === '' && search === '') return { ok: true, price: null }
  if (input === '' || output === '') return { ok: false, error: 'priceNeedsBoth' }
  const inputPerMillion = toNumber(input)
  const outputPerMillion = toNumber(output)
  const cachedInputPerMillion = cached === '' ? undefined : toNumber(cached)
  const searchPerThousand = search === '' ? undefined : toNumber(search)
  if (![inputPerMillion, outputPerMillion, cachedInputPerMillion ?? 0, searchPerThousand ?? 0].every(isPricePerMillion))
    return { ok: false, error: 'priceInvalid' }
  return {
    ok: true,
    price: {
      inputPerMillion,
      outputPerMillion,
      ...(cachedInputPerMillion !== undefined && { cachedInputPerMillion }),
      ...(searchPerThousand !== undefined && { searchPerThousand }),
    },
  }
}

function toNumber(text: string): number {
  const normalized = text.replace(',', '.')
  return /^\d+(\.\d+)?$|^\.\d+$/.test(normalized) ? Number(normalized) : Number.NaN
}

/** True when the fields say the same price as the one saved (nothing to write). */
export function samePrice(a: ModelPrice | null, b: ModelPrice | null): boolean {
  if (a === null || b === null) return a === b
  return (
    a.inputPerMillion === b.inputPerMillion &&
    a.outputPerMillion === b.outputPerMillion &&
    a.cachedInputPerMillion === b.cachedInputPerMillion &&
    a.searchPerThousand === b.searchPerThousand
  )
}
