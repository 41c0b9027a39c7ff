import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ReactElement,
} from 'react'
import type { Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import { remarkDollarAmounts } from './dollar-amounts'
import { splitGrowingText, type SplitText } from './markdown-blocks'
import { CODE_PROP, dataProp, LANGUAGE_PROP, rehypeElementData, TEX_PROP } from './rehype-element-data'
import { TextKeyedCache } from './text-keyed-cache'
import { PARSE_MAX_CHARS, PLAIN_SHOWN_CHARS } from './render-limits'
import { CodeBlock } from './code-block'
import { highlighterLoaded, parseNoting, rehypeCodeHighlight, subscribeHighlighter } from './code-highlight'
import { MathFormula } from './math-formula'
import { markdownParser } from './markdown-pipeline'
import { MermaidDiagram } from './mermaid-diagram'
import { PlainBlockView } from './plain-block'

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
    // The block's language and text come as data props (rehype-element-data.ts), not from its node.
    pre: (props) => {
      const language = dataProp(props, LANGUAGE_PROP)
      const text = dataProp(props, CODE_PROP) ?? ''
      // `$$…$$` on its own lines (remark-math), or a ```math fence.
      if (language === 'math' && finished) return <MathFormula tex={text} display />
      if (language === 'mermaid' && finished) return <MermaidDiagram source={text} />
      return (
        <CodeBlock language={language} code={text}>
          {props.children}
        </CodeBlock>
      )
    },
    code: (props) => {
      const tex = dataProp(props, TEX_PROP)
      return tex !== undefined ? (
        <MathFormula tex={tex} display={false} />
      ) : (
        <code className={props.className}>{props.children}</code>
      )
    },
  }
}

const finishedComponents = componentsFor(true)
const growingComponents = componentsFor(false)
// `$…$` and `$$…$$` become math nodes; prices ("$5 and $10") are put back as text.
const remarkPlugins = [remarkGfm, remarkMath, remarkDollarAmounts]
// Code is coloured by rehype-highlight, imported the first time it is needed (code-highlight.ts);
// then what the elements need from their nodes is put on them (the last step).
const rehypePlugins = [rehypeCodeHighlight, rehypeElementData]

/**
 * The plugins and elements of every parse, as react-markdown options: the tests and the renderer
 * bench render with react-markdown itself to check Keel's pipeline against it.
 */
export const markdownOptions = { remarkPlugins, rehypePlugins, components: finishedComponents }

const parseMarkdown = markdownParser(remarkPlugins, rehypePlugins)

/** Markdown source → React elements (never raw HTML): react-markdown's output (markdown-pipeline.ts). */
function parse(text: string, finished = true): ReactElement {
  return parseMarkdown(text, finished ? finishedComponents : growingComponents)
}

/**
 * Finished blocks, parsed once: when an answer ends, the stored message that replaces the live one
 * reuses every block the live answer already parsed (a 200 KB answer used to be parsed again in one
 * long task at that moment), and reopening a conversation is cheap. Only finished blocks go in: the
 * growing last block of a live answer changes every frame and would push them out.
 */
const parsedBlocks = new TextKeyedCache<{ value: ReactElement; uncoloured: boolean }>(1_500_000)

/** A finished block's elements, from the cache; one parsed before the highlighter was in is not kept. */
function parsedBlock(text: string): ReactElement {
  return parsedBlocks.getOrCreate(
    text,
    (key) => parseNoting(() => parse(key)),
    (result) => !result.uncoloured,
  ).value
}

const Block = memo(function Block({ text, finished }: { text: string; finished: boolean }) {
  // Parsed again when the highlighter arrives (a cached block returns the same elements: no work).
  useSyncExternalStore(subscribeHighlighter, highlighterLoaded, highlighterLoaded)
  // Too long to parse and lay out in one task (a 2 MB line froze the window): its start, as plain text.
  if (text.length > PARSE_MAX_CHARS) return <PlainBlockView text={text} />
  return finished ? parsedBlock(text) : parse(text, false)
})

/**
 * Link reference definitions and footnotes (`[id]: …`, `[^1]: …`, also inside a quote or a list)
 * reach across blocks: such a text is parsed whole once it is finished.
 */
const CROSS_BLOCK_DEFINITION = /^[ \t>]*\[[^\]\n]+\]:/m

/** New source characters one commit may put on screen (their DOM, style and layout cost with them). */
const NEW_CHARS_PER_COMMIT = 16_000
/** Parsing time one render may spend on blocks not parsed yet; the rest waits for the next frame. */
const PARSE_MS_PER_RENDER = 10

/**
 * How many of `blocks` one render shows: those already on screen, then new ones while they fit in
 * this render's budget (at least one). A growing last block is parsed while rendering; a finished
 * one is parsed here, into the cache its Block reads.
 */
function blocksToShow(blocks: readonly string[], onScreen: number, streaming: boolean): number {
  if (onScreen >= blocks.length) return blocks.length
  const started = performance.now()
  let newChars = 0
  let count = onScreen
  for (; count < blocks.length; count++) {
    const block = blocks[count]!
    const finished = !streaming || count < blocks.length - 1
    // A block too long to parse puts only its shown start on screen (see Block).
    const size = block.length > PARSE_MAX_CHARS ? PLAIN_SHOWN_CHARS : block.length
    if (
      count > onScreen &&
      (newChars + size > NEW_CHARS_PER_COMMIT || performance.now() - started > PARSE_MS_PER_RENDER)
    )
      break
    if (finished && block.length <= PARSE_MAX_CHARS) parsedBlock(block)
    newChars += size
  }
  return count
}

/**
 * Markdown split into top-level blocks ({@link splitGrowingText}), each memoized by its text,
 * inside one `.markdown` element (so spacing between blocks is the normal spacing of a document).
 * `streaming`: the text is still growing, so only its last block is left out of the cache.
 *
 * A render puts at most a budget of new blocks on screen ({@link blocksToShow}) and the rest follow
 * frame after frame: a burst of tokens, or a stored copy that replaces a live answer still catching
 * up, never becomes one long task (parse, then DOM, style and layout of everything new at once).
 * `progressive` false (a stored answer mounting: opening a conversation) shows everything at once.
 */
export const MarkdownBlocks = memo(function MarkdownBlocks({
  text,
  streaming,
  progressive = false,
}: {
  text: string
  streaming: boolean
  progressive?: boolean
}) {
  const split = useRef<SplitText | undefined>(undefined)
  // Tested once per text, not on each of the frames a long answer takes to fill in.
  // Never past what one parse may take: then the blocks are parsed apart (a footnote stays unlinked).
  const whole = useMemo(
    () => !streaming && text.length <= PARSE_MAX_CHARS && CROSS_BLOCK_DEFINITION.test(text),
    [text, streaming],
  )
  // A cache of the previous split (same text → same blocks), not state: safe to recompute.
  const blocks = whole
    ? [text]
    : (split.current = split.current?.text === text ? split.current : splitGrowingText(text, split.current)).blocks
  const onScreen = useRef(progressive ? 0 : Number.POSITIVE_INFINITY)
  const [, setFrame] = useState(0)
  const count = progressive ? blocksToShow(blocks, onScreen.current, streaming) : blocks.length
  useLayoutEffect(() => {
    onScreen.current = count
  })
  // The rest next frame (a new text before then renders with its own budget and schedules again).
  useEffect(() => {
    if (count >= blocks.length) return
    const id = requestAnimationFrame(() => setFrame((n) => n + 1))
    return () => cancelAnimationFrame(id)
  })
  return (
    <div className="markdown">
      {blocks.slice(0, count).map((block, index) => (
        <Block key={index} text={block} finished={!streaming || index < blocks.length - 1} />
      ))}
    </div>
  )
})

/**
 * An answer's Markdown. A live one (`streaming`) mounts empty and fills in frame by frame within a
 * budget ({@link MarkdownBlocks}); when its stored copy replaces it (same component, see Answer) it
 * goes on from what is on screen. A stored one mounting (opening a conversation) renders at once.
 */
export const Markdown = memo(function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  // Whether this answer was live when it mounted: it then stays progressive after it is stored.
  const [progressive] = useState(streaming)
  return <MarkdownBlocks text={text} streaming={streaming} progressive={progressive} />
})
