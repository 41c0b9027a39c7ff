// Search over 200,000 messages. On the big seeded store (bench/scale/large-store.ts),
// the first page of results for a word, a phrase and a prefix through Keel's own search path
// (`SearchCommands.search`, as the window's `conversations.search` runs it: query parsing, title and
// message hits, page lookups, snippets, result mapping) against the floor: the plain FTS5 queries
// on the same connection that return the same first page of rows (title rowids, then message part
// rowids, in the same order), unmapped, no snippet. Paired runs, medians.
// Goal: ≤ 1.5× the floor and under 50 ms.
// `--quick`: fewer runs. Run: `npm run bench -- search`.
import { loadavg } from 'node:os'
import { SearchCommands } from '../src/main/app/search-commands'
import { openKeelStore } from '../src/main/db/keel-store'
import { toFtsQuery } from '../src/main/db/search-query'
import { ratioGoal, type GoalResult } from './goals'
import { writeBenchResults } from './results-file'
import { largeStore } from './scale/large-store'
import { paired, type PairedResult } from './store/timing'

const PAGE = 30
const quick = process.argv.includes('--quick')
const loadBefore = loadavg()
console.log(`Search benchmark (1-min load ${loadBefore[0]?.toFixed(1)})`)
const big = largeStore()
const opened = openKeelStore(big.path)
if (!opened.ok) throw new Error(opened.error.message)
const store = opened.store
const commands = new SearchCommands(store)
const db = store.db

// The floor: the FTS5 queries alone. Titles come first (as in Keel); message hits fill the page.
const titleFloor = db
  .prepare<[string, number], number>(
    `SELECT rowid FROM conversation_title_search WHERE conversation_title_search MATCH ? ORDER BY rank LIMIT ?`,
  )
  .pluck()
const messageFloor = db
  .prepare<[string, number], number>(
    `SELECT rowid FROM message_text_search WHERE message_text_search MATCH ? ORDER BY rank, rowid DESC LIMIT ?`,
  )
  .pluck()
const floorPage = (match: string): { titles: number[]; messages: number[] } => {
  const titles = titleFloor.all(match, PAGE + 1)
  const messages = titles.length < PAGE + 1 ? messageFloor.all(match, PAGE + 1 - titles.length) : []
  return { titles, messages }
}
const messageIdOfPart = db.prepare<[number], string>('SELECT message_id FROM message_parts WHERE rowid = ?').pluck()
const conversationIdOfRow = db.prepare<[number], string>('SELECT id FROM conversations WHERE rowid = ?').pluck()

const cases = [
  { name: 'word', query: big.summary.search.word },
  { name: 'phrase', query: big.summary.search.phrase },
  { name: 'prefix', query: big.summary.search.prefix },
]
const results: Array<{ name: string; query: string; hits: number; result: PairedResult }> = []
const goals: GoalResult[] = []
for (const c of cases) {
  const match = toFtsQuery(c.query)!
  // The same first page, row for row (else the floor would not be a floor of this page).
  const keel = commands.search({ query: c.query })
  if (!keel.ok) throw new Error(keel.error.message)
  const floor = floorPage(match)
  const floorIds = [
    ...floor.titles.map((r) => `title:${conversationIdOfRow.get(r)}`),
    ...floor.messages.map((r) => `message:${messageIdOfPart.get(r)}`),
  ].slice(0, PAGE)
  const keelIds = keel.value.results.map((r) =>
    r.kind === 'title' ? `title:${r.conversationId}` : `message:${r.messageId}`,
  )
  if (JSON.stringify(floorIds) !== JSON.stringify(keelIds))
    throw new Error(`${c.name}: Keel's first page differs from the floor's`)
  if (keelIds.length !== PAGE)
    throw new Error(`${c.name}: a first page of ${keelIds.length} results (expected ${PAGE})`)
  const hits =
    (db
      .prepare('SELECT count(*) FROM message_text_search WHERE message_text_search MATCH ?')
      .pluck()
      .get(match) as number) + floor.titles.length
  const result = paired({
    warmups: 3,
    reps: quick ? 9 : 31,
    app: () => {
      commands.search({ query: c.query })
    },
    floor: () => {
      floorPage(match)
    },
  })
  results.push({ name: c.name, query: c.query, hits, result })
  goals.push(
    ratioGoal('search', `search first page, ${c.name} (${c.query})`, result.appMs, result.floorMs, 1.5, 'ms', {
      absoluteMax: 50,
      note: `${hits.toLocaleString('en')} matches of ${big.summary.messageCount.toLocaleString('en')} messages`,
    }),
  )
}
store.close()

console.log()
for (const { name, query, hits, result } of results) {
  console.log(
    `  ${name.padEnd(7)} ${query.padEnd(22)} ${String(hits).padStart(6)} matches: Keel ${result.appMs.toFixed(1)} ms, floor ${result.floorMs.toFixed(1)} ms, ` +
      `${result.ratio.toFixed(2)}× (best ${result.bestAppMs.toFixed(1)} / ${result.bestFloorMs.toFixed(1)} ms)`,
  )
}
for (const g of goals)
  console.log(`  ${g.pass ? 'PASS' : 'FAIL'}  ${g.area}: ${g.name}: ${g.figure} vs ${g.floor}, target ${g.target}`)
writeBenchResults('search', loadBefore, {
  store: {
    path: big.path,
    messages: big.summary.messageCount,
    conversations: big.summary.conversationCount,
    seededNow: big.seeded,
    seedMs: big.seeded ? big.summary.seedMs : undefined,
  },
  page: PAGE,
  cases: results,
  goals,
})
