// Find in this conversation (Ctrl/⌘+F): which messages hold the words, and where they are in a
// message's DOM. The message list is virtualized (only what is on screen is in the page), so the
// browser's own find cannot see most of a long conversation: the messages are searched as data,
// and the one shown is searched in its DOM to highlight each occurrence. Pure but for the DOM walk.

/**
 * Text folded for matching, as Keel's conversation search folds it: lower case, accents dropped
 * ("Medição" → "medicao"). `origin[i]` is the index in the original text of folded character `i`
 * (folding may drop or add characters), so a match maps back to the text it came from.
 */
export interface FoldedText {
  folded: string
  origin: number[]
}

const MARKS = /\p{M}/gu

/** Folds one piece of text (a query): see {@link FoldedText}. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toLowerCase()
}

/** Folds `text` keeping, for each folded character, where it came from. */
export function foldWithOrigin(text: string): FoldedText {
  let folded = ''
  const origin: number[] = []
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!
    if (code < 0x80) {
      // ASCII (most text): lower case only, one for one.
      folded += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : text[i]
      origin.push(i)
      i++
      continue
    }
    const width = code > 0xffff ? 2 : 1
    const piece = foldText(text.slice(i, i + width))
    for (let k = 0; k < piece.length; k++) origin.push(i)
    folded += piece
    i += width
  }
  return { folded, origin }
}

// A link's or image's destination is not shown: `[label](https://…)` reads "label".
const LINK_DESTINATION = /\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/g
// Emphasis and strike-through markers are not shown either ("**bold** text" reads "bold text").
const EMPHASIS = /[*_~]+/g

/**
 * The texts of a message a query is matched against, folded: what it shows, near enough without
 * rendering it (Markdown source without link destinations, then also without emphasis markers, so
 * both "snake_case" and "bold text" are found). A message matches when either holds the query.
 */
export function searchableTexts(parts: ReadonlyArray<{ type: string; text?: string }>): [string, string] {
  let source = ''
  for (const part of parts)
    if (part.type === 'text' && typeof part.text === 'string') source += (source ? '\n' : '') + part.text
  const shown = foldText(source.replace(LINK_DESTINATION, ']'))
  return [shown, shown.replace(EMPHASIS, '')]
}

/** Folded query, trimmed; empty when there is nothing to look for. */
export function normalizeQuery(query: string): string {
  return foldText(query.trim())
}

/**
 * Ids of the messages whose text holds `query` (already folded), in the order given. `textsOf` is
 * expected to be cached per message (folding thousands of messages is the costly part).
 */
export function matchingMessages<M extends { id: string }>(
  messages: readonly M[],
  query: string,
  textsOf: (message: M) => [string, string],
): string[] {
  if (!query) return []
  const ids: string[] = []
  for (const message of messages) {
    const [shown, plain] = textsOf(message)
    if (shown.includes(query) || plain.includes(query)) ids.push(message.id)
  }
  return ids
}

/** Where one occurrence is in the DOM: from a text node and offset to another (it may span nodes: "**bold** text"). */
export interface DomMatch {
  startNode: Text
  startOffset: number
  endNode: Text
  endOffset: number
}

/**
 * Every occurrence of `query` (folded) in the text under `root`, skipping what is not the message's
 * own text (`skip`: buttons, labels). Occurrences do not overlap; one may cross element boundaries.
 */
export function findInElement(
  root: Element,
  query: string,
  skip = 'button, .visually-hidden, [aria-hidden="true"]',
): DomMatch[] {
  if (!query) return []
  const nodes: Text[] = []
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest(skip) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  })
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text)
  // One folded string for all the nodes, each folded character pointing at its node and offset.
  let folded = ''
  const at: Array<{ node: number; offset: number }> = []
  nodes.forEach((node, index) => {
    const piece = foldWithOrigin(node.data)
    folded += piece.folded
    for (const offset of piece.origin) at.push({ node: index, offset })
  })
  const matches: DomMatch[] = []
  for (let from = folded.indexOf(query); from !== -1; from = folded.indexOf(query, from + query.length)) {
    const start = at[from]!
    const last = at[from + query.length - 1]!
    const lastNode = nodes[last.node]!
    // The end is after the whole original character the last folded one came from (it may be two code units).
    const lastWidth = (lastNode.data.codePointAt(last.offset) ?? 0) > 0xffff ? 2 : 1
    matches.push({
      startNode: nodes[start.node]!,
      startOffset: start.offset,
      endNode: lastNode,
      endOffset: last.offset + lastWidth,
    })
  }
  return matches
}
