import { memo, type AnchorHTMLAttributes } from 'react'
import ReactMarkdown, { type Components } from 'react-markdown'
import rehypeHighlight from 'rehype-highlight'
import remarkGfm from 'remark-gfm'
import { splitMarkdownBlocks } from '../lib/markdown-blocks'

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

const components: Components = { a: ({ href, children }) => <Link href={href}>{children}</Link> }
const remarkPlugins = [remarkGfm]
const rehypePlugins = [rehypeHighlight]

/** Markdown as React elements (never raw HTML). Memoized: the same text never renders twice. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  )
})

/**
 * Markdown that is still growing: split into blocks, each memoized by its text, so a new token
 * re-parses only the last block instead of the whole answer.
 */
export const StreamingMarkdown = memo(function StreamingMarkdown({ text }: { text: string }) {
  const blocks = splitMarkdownBlocks(text)
  return (
    <div className="markdown-stream">
      {blocks.map((block, index) => (
        <Markdown key={index} text={block} />
      ))}
    </div>
  )
})
