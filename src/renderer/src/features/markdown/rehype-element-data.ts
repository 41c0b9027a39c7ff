import { codeLanguage, codeText, hastText, type HastLike } from './hast-text'

/**
 * What the Markdown elements need from their HTML tree node, put on the node as `data-keel-*`
 * properties (React props of the element), so the rendered elements do not need the node itself:
 *   - `<pre>` with a `<code>`: `data-keel-language` (from its `language-…` class) and
 *     `data-keel-code` (its text, without the newline Markdown ends a fence with);
 *   - inline math (`<code class="math-inline">`): `data-keel-tex`.
 * Why: an element handed its node keeps the node's whole subtree (every highlighted token, with
 * positions) alive for as long as the element is cached, which was more than half of the memory a
 * parsed Markdown block takes (see markdown-pipeline.ts). A rehype plugin, run after every other one.
 * Pure: structural hast types, no unified import.
 */
export const LANGUAGE_PROP = 'data-keel-language'
export const CODE_PROP = 'data-keel-code'
export const TEX_PROP = 'data-keel-tex'

interface Element extends HastLike {
  properties?: Record<string, unknown>
}

const isElement = (node: HastLike, tagName: string): boolean => node.type === 'element' && node.tagName === tagName

function annotate(node: Element): void {
  if (isElement(node, 'pre')) {
    const code = node.children?.find((child) => isElement(child, 'code'))
    if (code) {
      const properties = (node.properties ??= {})
      const language = codeLanguage(code)
      if (language !== undefined) properties['dataKeelLanguage'] = language
      properties['dataKeelCode'] = codeText(code)
    }
  } else if (isElement(node, 'code')) {
    const classes = node.properties?.['className']
    if (Array.isArray(classes) && classes.includes('math-inline'))
      (node.properties ??= {})['dataKeelTex'] = hastText(node)
  }
  for (const child of node.children ?? []) annotate(child)
}

/** The rehype plugin (unified attacher): annotates the tree in place. */
export function rehypeElementData() {
  return (tree: Element): void => annotate(tree)
}

/** A `data-keel-*` prop of an element, when it is a string. */
export function dataProp(props: object, name: string): string | undefined {
  const value = (props as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : undefined
}
