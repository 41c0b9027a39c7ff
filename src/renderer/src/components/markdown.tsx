import { memo, useDeferredValue, type AnchorHTMLAttributes, type ReactElement } from 'react'
import renderMarkdown, { type Components } from 'react-markdown'
import rehypeHighlight from 'rehype-highlight'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import { remarkDollarAmounts } from '../lib/dollar-amounts'
import { codeLanguage, codeText, hastText } from '../lib/hast-text'
import { splitMarkdownBlocks } from '../lib/markdown-blocks'
import { TextKeyedCache } from '../lib/text-keyed-cache'
import { CodeBlock } from './code-block'
import { MathFormula } from './math-formula'
import { MermaidDiagram } from './mermaid-diagram'

/** Only http(s) links are followed, in a new window, without a referrer. */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined
  try {
    const url = new URL(href)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

function Link({ href, children }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const safe = safeHref(href)
  if (!safe) return <span className="link-blocked">{children}</span>
  return (
    <a href={safe} target="_blank" rel="noreferrer">
      {children}
    </a>
  )
}

/**
 * Elements for a block. `finished`: the block will not change any more. A growing block (the last
 * one of a streaming answer) shows display math and diagrams as their source: an unclosed `$$` or
 * fence runs to the end of the text, and drawing it on every frame would flicker through errors.
 */
function componentsFor(finished: boolean): Components {
  return {
    a: ({ href, children }) => <Link href={href}>{children}</Link>,
    pre: ({ node, children }) => {
      const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code')
      const language = codeLanguage(code)
      const text = codeText(code)
      // `$$…$$` on its own lines (remark-math), or a ```math fence.
      if (language === 'math' && finished) return <MathFormula tex={text} display />
      if (language === 'mermaid' && finished) return <MermaidDiagram source={text} />
      return (
        <CodeBlock language={language} code={text}>
          {children}
        </CodeBlock>
      )
    },
    code: ({ node, className, children }) =>
      className?.split(' ').includes('math-inline') ? <MathFormula tex={hastText(node)} display={false} /> : <code className={className}>{children}</code>,
  }
}

const finishedComponents = componentsFor(true)
const growingComponents = componentsFor(false)
// `$…$` and `$$…$$` become math nodes; prices ("$5 and $10") are put back as text.
const remarkPlugins = [remarkGfm, remarkMath, remarkDollarAmounts]
// rehype-highlight builds its highlighter (every common grammar) each time a processor is made, and
// react-markdown makes one per parse: ~15 ms per call, most of the cost of a small block. Its
// transformer keeps no per-document state, so one is built here and shared by every parse.
// Math and diagrams are not code to colour.
const highlight = rehypeHighlight({ plainText: ['math', 'mermaid'] })
const rehypePlugins = [() => highlight]

/** The options every parse uses (exported for the test that compares block-by-block with whole). */
export const markdownOptions = { remarkPlugins, rehypePlugins, components: finishedComponents }

/** Markdown source → React elements (never raw HTML). react-markdown's `Markdown` is a pure function. */
function parse(text: string, finished = true): ReactElement {
  return renderMarkdown({ children: text, remarkPlugins, rehypePlugins, components: finished ? finishedComponents : growingComponents })
}

/**
 * Finished blocks, parsed once: when an answer ends, the stored message that replaces the live one
 * reuses every block the live answer already parsed (a 200 KB answer used to be parsed again in one
 * long task at that moment), and reopening a conversation is cheap. Only finished blocks go in: the
 * growing last block of a live answer changes every frame and would push them out.
 */
const parsedBlocks = new TextKeyedCache<ReactElement>(1_500_000)

const Block = memo(function Block({ text, finished }: { text: string; finished: boolean }) {
  return finished ? parsedBlocks.getOrCreate(text, parse) : parse(text, false)
})

/**
 * Link reference definitions and footnotes (`[id]: …`, `[^1]: …`, also inside a quote or a list)
 * reach across blocks: such a text is parsed whole once it is finished.
 */
const CROSS_BLOCK_DEFINITION = /^[ \t>]*\[[^\]\n]+\]:/m

/**
 * Markdown split into top-level blocks ({@link splitMarkdownBlocks}), each memoized by its text,
 * inside one `.markdown` element (so spacing between blocks is the normal spacing of a document).
 * `streaming`: the text is still growing, so only its last block is left out of the cache.
 */
export const MarkdownBlocks = memo(function MarkdownBlocks({ text, streaming }: { text: string; streaming: boolean }) {
  const blocks = !streaming && CROSS_BLOCK_DEFINITION.test(text) ? [text] : splitMarkdownBlocks(text)
  return (
    <div className="markdown">
      {blocks.map((block, index) => (
        <Block key={index} text={block} finished={!streaming || index < blocks.length - 1} />
      ))}
    </div>
  )
})

/**
 * An answer's Markdown. A changed text is rendered as interruptible background work: a frame that
 * brings many new blocks (a burst of tokens, or the stored copy replacing a live answer that lagged
 * behind) parses them in slices between which the browser can paint and handle input, not in one
 * long task. A live answer mounts empty and fills in the same way (its first frame may already
 * hold a burst); a stored one (opening a conversation) renders at once.
 */
export const Markdown = memo(function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const deferred = useDeferredValue(text, streaming ? '' : undefined)
  return <MarkdownBlocks text={deferred} streaming={streaming} />
})
