/**
 * Cheap, total readers for untrusted wire JSON. Chunks are read with these instead of a schema
 * library because a stream can carry 50k chunks and the parser must stay near the cost of
 * `JSON.parse` alone; every read tolerates a missing or mistyped field.
 */
export type WireObject = Record<string, unknown>

export function asObject(value: unknown): WireObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as WireObject) : undefined
}

export function asArray(value: unknown): readonly unknown[] | undefined {
  return Array.isArray(value) ? value : undefined
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** Adds numbers that may be unknown: unknown only when every term is unknown. */
export function sumKnown(...values: (number | undefined)[]): number | undefined {
  let total: number | undefined
  for (const v of values) if (v !== undefined) total = (total ?? 0) + v
  return total
}

/** Parses JSON text; `undefined` when it is not valid JSON. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
