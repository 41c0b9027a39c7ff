// The streamed answer, identical on both pages and in the harness: ~200 KB of Markdown-ish text
// (headings, paragraphs with code spans / emphasis / links, lists, an occasional fenced block)
// cut into DELTAS pieces of a few characters each. Deterministic (seeded), no DOM.
import { mulberry32 } from '../../test/support/seeded-random'

export const DELTAS = 20_000
export const TARGET_CHARS = 200_000
/** Deltas handed to the sink per MessageChannel task (the browser may render between tasks). */
export const DELTAS_PER_TASK = 50

const WORDS = (
  'the a stream of tokens arrives answer renderer frame batch reducer store message tool call ' +
  'argument parser provider window markdown paragraph list code span heading delta commit layout ' +
  'paint budget main thread keel chat run event text segment quickly slowly every once never'
).split(' ')

export function answerText(): string {
  const next = mulberry32(5)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!
  const sentence = (): string => {
    const n = 6 + Math.floor(next() * 12)
    const words: string[] = []
    for (let i = 0; i < n; i++) {
      const w = pick(WORDS)
      const r = next()
      if (r < 0.06) words.push(`\`${w}()\``)
      else if (r < 0.09) words.push(`**${w}**`)
      else if (r < 0.11) words.push(`*${w}*`)
      else if (r < 0.115) words.push(`[${w}](https://example.com/${w})`)
      else words.push(w)
    }
    const s = words.join(' ')
    return s.charAt(0).toUpperCase() + s.slice(1) + '.'
  }
  const blocks: string[] = []
  let size = 0
  let section = 1
  while (size < TARGET_CHARS) {
    const r = next()
    let block: string
    if (blocks.length % 12 === 0) block = `## Section ${section++}`
    else if (r < 0.6) block = Array.from({ length: 2 + Math.floor(next() * 4) }, sentence).join(' ')
    else if (r < 0.85) block = Array.from({ length: 3 + Math.floor(next() * 4) }, () => `- ${sentence()}`).join('\n')
    else if (r < 0.93) block = Array.from({ length: 3 }, (_, i) => `${i + 1}. ${sentence()}`).join('\n')
    else
      block =
        '```ts\n' +
        Array.from({ length: 4 }, () => `const ${pick(WORDS)} = ${pick(WORDS)}(${Math.floor(next() * 100)})`).join(
          '\n',
        ) +
        '\n```'
    blocks.push(block)
    size += block.length + 2
  }
  return blocks.join('\n\n').slice(0, TARGET_CHARS)
}

/** Cuts `text` into exactly `count` non-empty pieces of varying length (like provider tokens). */
export function splitDeltas(text: string, count: number = DELTAS): string[] {
  const next = mulberry32(11)
  const weights = Array.from({ length: count }, () => 0.3 + next() * 1.4)
  const sum = weights.reduce((a, b) => a + b, 0)
  const cuts: number[] = []
  let acc = 0
  for (let i = 0; i < count - 1; i++) {
    acc += weights[i]!
    cuts.push(Math.round((acc / sum) * text.length))
  }
  const pieces: string[] = []
  let from = 0
  for (let i = 0; i < count; i++) {
    const to = i < count - 1 ? Math.max(from + 1, Math.min(cuts[i]!, text.length - (count - 1 - i))) : text.length
    pieces.push(text.slice(from, to))
    from = to
  }
  return pieces
}

/**
 * Feeds every delta to `sink` as fast as the page allows: DELTAS_PER_TASK per MessageChannel task
 * (a macrotask each, so the browser can render between them, with no timer clamping).
 */
export function pump(deltas: readonly string[], sink: (delta: string) => void, done: () => void): void {
  const channel = new MessageChannel()
  let i = 0
  channel.port1.onmessage = () => {
    const end = Math.min(i + DELTAS_PER_TASK, deltas.length)
    for (; i < end; i++) sink(deltas[i]!)
    if (i < deltas.length) channel.port2.postMessage(0)
    else {
      channel.port1.close()
      done()
    }
  }
  channel.port2.postMessage(0)
}

/** What each page reports to the harness (`window.__bench`). */
export interface PageResult {
  /** The stream's start (performance.now), set when the first task ran. */
  startedAt: number
  /** The frame at which the whole answer was on screen. */
  lastCharVisibleAt: number
  /** The frame at which the page was done (the app: the stored message replaced the live answer). */
  settledAt: number
  /** requestAnimationFrame callbacks from start to last character visible. */
  frames: number
  /** React commits (app) or DOM appends (floor) from start to last character visible. */
  renders: number
  /** Longest task seen by a `longtask` PerformanceObserver (0 when none ≥ 50 ms). */
  longTaskMaxMs: number
  /** When the longest task (longtask observer) started, page clock. */
  longTaskMaxAt: number
  /** When the last delta (and, on the app page, run-end) was sent, page clock. */
  producerDoneAt: number
  marks: Record<string, number>
  longTasks: number
  /** Characters of source text that reached the sink (the store's live text, or the <pre>). */
  sourceChars: number
  /** Visible text of the answer at the end, and the text a one-shot render of the full answer gives. */
  visibleText: string
  expectedVisibleText: string
  error: string | undefined
  /** The page was stopped at CAP_MS before the whole answer was on screen. */
  capped: boolean
  cappedNote: string | undefined
}
