// Medians and paired differences for the benchmarks' samples.
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** Median of per-pair differences `a[i] − b[i]`. */
export const pairedDifference = (a: readonly number[], b: readonly number[]): number =>
  median(a.map((x, i) => x - b[i]!))
/** Median of per-pair ratios `a[i] ÷ b[i]`. */
export const pairedRatio = (a: readonly number[], b: readonly number[]): number => median(a.map((x, i) => x / b[i]!))

export const f1 = (n: number): string => n.toFixed(1)
export const f2 = (n: number): string => n.toFixed(2)
