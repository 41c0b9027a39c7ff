/** The text of an HTML tree node (hast), as the user sees it: every text node, in order. Pure. */
export interface HastLike {
  type: string
  value?: string
  tagName?: string
  properties?: Record<string, unknown>
  children?: readonly HastLike[]
}

export function hastText(node: HastLike | undefined): string {
  if (!node) return ''
  if (node.type === 'text') return node.value ?? ''
  return (node.children ?? []).map(hastText).join('')
}

/** A `<code>` element's language, from its `language-…` class (set by the Markdown fence). */
export function codeLanguage(node: HastLike | undefined): string | undefined {
  const classes = node?.properties?.['className']
  if (!Array.isArray(classes)) return undefined
  for (const name of classes)
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice('language-'.length)
  return undefined
}

/** The code of a fenced block: the text of its `<code>`, without the newline Markdown ends it with. */
export function codeText(node: HastLike | undefined): string {
  return hastText(node).replace(/\n$/, '')
}
