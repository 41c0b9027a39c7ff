/**
 * The user's search box → an FTS5 query that can never be a syntax error.
 *
 * What the user can type: words (all must appear, in any order), "a phrase" (those words, in that
 * order; an unclosed quote runs to the end) and a prefix (`medi*`). Everything else is literal:
 * each term is written as an FTS5 string (`"…"`, inner quotes doubled), so `AND`, `NEAR`, `-`,
 * `:`, `^`, parentheses or a column name mean nothing special. Terms without a letter or digit
 * are dropped (they would match nothing anyway). Returns `undefined` when no term is left.
 */
export function toFtsQuery(input: string): string | undefined {
  const terms: string[] = []
  let rest = input
  while (rest.length > 0) {
    const quote = rest.indexOf('"')
    const before = quote === -1 ? rest : rest.slice(0, quote)
    for (const word of before.split(/\s+/)) addTerm(terms, word, false)
    if (quote === -1) break
    const close = rest.indexOf('"', quote + 1)
    const phrase = close === -1 ? rest.slice(quote + 1) : rest.slice(quote + 1, close)
    addTerm(terms, phrase, true)
    rest = close === -1 ? '' : rest.slice(close + 1)
  }
  return terms.length > 0 ? terms.join(' ') : undefined
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u

function addTerm(terms: string[], raw: string, phrase: boolean): void {
  let text = raw.trim()
  let prefix = false
  if (!phrase && text.endsWith('*')) {
    text = text.replace(/\*+$/, '')
    prefix = true
  }
  if (!WORD_CHARACTER.test(text)) return
  terms.push(`"${text.replaceAll('"', '""')}"${prefix ? '*' : ''}`)
}
