// A line diff for the review of a changed MCP tool definition: the accepted definition against the
// one the server sends now, both as pretty JSON with sorted keys (so key order alone is no change).
// Longest common subsequence over lines, after trimming the common head and tail.

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string }

/** Above this many cells (lines × lines after trimming) the middle is shown as all removed, then all added. */
const MAX_CELLS = 4_000_000

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === '' ? [] : before.split('\n')
  const b = after === '' ? [] : after.split('\n')
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const same = (text: string): DiffLine => ({ kind: 'same', text })
  const midA = a.slice(head, a.length - tail)
  const midB = b.slice(head, b.length - tail)
  return [...a.slice(0, head).map(same), ...middle(midA, midB), ...a.slice(a.length - tail).map(same)]
}

function middle(a: string[], b: string[]): DiffLine[] {
  const n = a.length
  const m = b.length
  if (n === 0 || m === 0 || n * m > MAX_CELLS) {
    return [
      ...a.map((text): DiffLine => ({ kind: 'removed', text })),
      ...b.map((text): DiffLine => ({ kind: 'added', text })),
    ]
  }
  // lcs[i * (m + 1) + j]: the LCS length of a[i..] and b[j..].
  const width = m + 1
  const lcs = new Uint32Array((n + 1) * width)
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!)
    }
  }
  const out: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]! })
      i++
      j++
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) out.push({ kind: 'removed', text: a[i++]! })
    else out.push({ kind: 'added', text: b[j++]! })
  }
  while (i < n) out.push({ kind: 'removed', text: a[i++]! })
  while (j < m) out.push({ kind: 'added', text: b[j++]! })
  return out
}

/** JSON pretty-printed with every object's keys sorted (arrays keep their order). */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) ?? ''
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key])
    return sorted
  }
  return value
}
