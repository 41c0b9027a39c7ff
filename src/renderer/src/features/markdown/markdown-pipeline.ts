// Markdown source → React elements: react-markdown's own steps (remark-parse, the remark plugins,
// remark-rehype, the rehype plugins, then its `post`: raw HTML shown as text, URLs through
// `defaultUrlTransform`, hast-util-to-jsx-runtime), with two differences that matter at a power
// user's scale (a 5,000-message conversation, a 200 KB answer parsed block by block):
//   - one processor, built and frozen once, where react-markdown's `Markdown` builds one per call
//     (every plugin attached again for every block);
//   - elements are not handed their tree node (`passNode`, always on in react-markdown): a cached
//     element keeps what it holds alive, and a node holds its whole subtree. What the elements need
//     from the node is put on it as `data-keel-*` properties first (rehype-element-data.ts).
// markdown-render.test.ts checks the output is react-markdown's, element for element.
import type { Root as HastRoot, Nodes as HastNodes } from 'hast'
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime'
import { urlAttributes } from 'html-url-attributes'
import type { ReactElement } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import { defaultUrlTransform } from 'react-markdown'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified, type PluggableList } from 'unified'
import { VFile } from 'vfile'

/** Shows raw HTML as its text and keeps only safe URLs, as react-markdown does (its `post`). */
function sanitize(parent: HastRoot | Extract<HastNodes, { type: 'element' }>): void {
  const children = parent.children
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!
    if (node.type === 'raw') {
      children[i] = { type: 'text', value: node.value }
      continue
    }
    if (node.type !== 'element') continue
    for (const key in urlAttributes) {
      if (!Object.hasOwn(urlAttributes, key) || !Object.hasOwn(node.properties, key)) continue
      const test = urlAttributes[key]
      if (test === null || test === undefined || test.includes(node.tagName))
        node.properties[key] = defaultUrlTransform(String(node.properties[key] || ''))
    }
    sanitize(node)
  }
}

/** A parser for one set of plugins: `parse(text, components)` gives the elements of `text`. */
export function markdownParser(
  remarkPlugins: PluggableList,
  rehypePlugins: PluggableList,
): (text: string, components: Components) => ReactElement {
  // react-markdown lets raw HTML through remark-rehype (as `raw` nodes) and then shows it as text.
  const processor = unified()
    .use(remarkParse)
    .use(remarkPlugins)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypePlugins)
    .freeze()
  return (text, components) => {
    const file = new VFile(text)
    const tree = processor.runSync(processor.parse(file), file) as HastRoot
    sanitize(tree)
    return toJsxRuntime(tree, {
      Fragment,
      components,
      ignoreInvalidStyle: true,
      jsx,
      jsxs,
      passKeys: true,
      passNode: false,
    })
  }
}
