// Syntax highlighting on demand: the highlighter (highlight.js's common grammars, ~40 % of what the
// window loaded at start) is imported the first time a parsed answer has a fenced block with a
// language. Until then such a block is shown as plain code; once it is in, every block that was
// parsed without it is parsed again (see markdown.tsx) and looks exactly as it would have.
import type { Root } from 'hast'
import type { VFile } from 'vfile'
import { codeText, type HastLike } from './hast-text'
import { colourable } from './render-limits'

type HighlightTree = (tree: Root, file: VFile) => void

let highlightTree: HighlightTree | undefined
let loading: Promise<void> | undefined
const listeners = new Set<() => void>()
/** Set when a parse met code it could not colour yet (read and reset by the caller around a parse). */
let missed = false

/** Imports the highlighter (once); resolves when it is in. Tests and benchmarks await it. */
export function loadHighlighter(): Promise<void> {
  loading ??= import('./code-highlighter').then((module) => {
    highlightTree = module.highlightTree as HighlightTree
    for (const listener of listeners) listener()
  })
  return loading
}

export const highlighterLoaded = (): boolean => highlightTree !== undefined

/** For useSyncExternalStore: called once, when the highlighter has loaded. */
export function subscribeHighlighter(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const PLAIN = new Set(['math', 'mermaid'])

interface HastNode {
  type: string
  tagName?: string
  properties?: { className?: unknown }
  children?: HastNode[]
}

/** Whether the tree has a `<pre><code>` with a language rehype-highlight would colour. */
function wantsColour(tree: HastNode): boolean {
  for (const node of tree.children ?? []) {
    if (node.type !== 'element') continue
    if (node.tagName === 'pre') {
      for (const code of node.children ?? []) {
        if (code.type !== 'element' || code.tagName !== 'code' || !Array.isArray(code.properties?.className)) continue
        const classes = code.properties.className.map(String)
        if (classes.includes('no-highlight') || classes.includes('nohighlight')) continue
        const language =
          classes.find((c) => c.startsWith('language-'))?.slice(9) ??
          classes.find((c) => c.startsWith('lang-'))?.slice(5)
        if (language && !PLAIN.has(language)) return true
      }
    }
    if (wantsColour(node)) return true
  }
  return false
}

/**
 * Marks code too long to colour `no-highlight` (rehype-highlight then leaves it as text): colouring
 * a 2 MB line took seconds and made a span per token (render-limits.ts).
 */
function leavePlainWhenLong(tree: HastNode): void {
  for (const node of tree.children ?? []) {
    if (node.type !== 'element') continue
    if (node.tagName === 'pre') {
      for (const code of node.children ?? []) {
        if (code.type !== 'element' || code.tagName !== 'code' || colourable(codeText(code as unknown as HastLike)))
          continue
        const properties = (code.properties ??= {})
        properties.className = [
          ...(Array.isArray(properties.className) ? (properties.className as unknown[]) : []),
          'no-highlight',
        ]
      }
      continue
    }
    leavePlainWhenLong(node)
  }
}

/** The rehype plugin every parse uses: colours code when the highlighter is in, else asks for it. */
export function rehypeCodeHighlight() {
  return (tree: Root, file: VFile): void => {
    leavePlainWhenLong(tree as unknown as HastNode)
    if (highlightTree) return highlightTree(tree, file)
    if (wantsColour(tree as unknown as HastNode)) {
      missed = true
      void loadHighlighter().catch(() => {}) // not loadable: code stays plain
    }
  }
}

/** Runs `parse` and says whether it met code it could not colour yet (its result must not be kept). */
export function parseNoting<T>(parse: () => T): { value: T; uncoloured: boolean } {
  missed = false
  const value = parse()
  const uncoloured = missed
  missed = false
  return { value, uncoloured }
}
