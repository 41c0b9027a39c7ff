/**
 * `$…$` is math, but people write prices: "$5 and $10" must stay text. remark-math pairs any two
 * single dollars, so its inline math is checked against Pandoc's rule (the one most readers of
 * Markdown math know): the opening `$` is followed by a non-space, the closing `$` is preceded by a
 * non-space and not followed by a digit. A span that breaks it is put back as the text it was.
 * `$$…$$` is always math. Pure: works on the Markdown tree (structural types, no unified import).
 */

interface Point {
  offset?: number | undefined
}

interface TreeNode {
  type: string
  value?: string
  children?: TreeNode[]
  position?: { start: Point; end: Point } | undefined
}

/** Whether the single-dollar span `source[start, end)` (both dollars included) is a price, not a formula. */
export function isDollarAmountSpan(source: string, start: number, end: number): boolean {
  const raw = source.slice(start, end)
  if (raw.startsWith('$$') || raw.length < 2) return false
  const inner = raw.slice(1, -1)
  return inner.length === 0 || /^\s/.test(inner) || /\s$/.test(inner) || /^\d/.test(source.slice(end, end + 1))
}

function revert(node: TreeNode, source: string): void {
  if (!node.children) return
  node.children = node.children.map((child) => {
    const start = child.position?.start.offset
    const end = child.position?.end.offset
    if (
      child.type === 'inlineMath' &&
      start !== undefined &&
      end !== undefined &&
      isDollarAmountSpan(source, start, end)
    ) {
      return { type: 'text', value: source.slice(start, end), position: child.position }
    }
    revert(child, source)
    return child
  })
}

/** The remark plugin (after remark-math). */
export function remarkDollarAmounts() {
  return (tree: TreeNode, file: { value: unknown }): void => revert(tree, String(file.value))
}
