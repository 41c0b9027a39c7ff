// Writes a big seeded store (bench/scale/seed-large-store.ts) to a file, for benchmarks and by hand:
//   npx tsx bench/scale/seed-cli.ts --db FILE [--conversations N] [--messages N] [--big N] [--measurements N] [--seed N]
// Prints the summary as JSON (ids and search terms other benchmarks use) and writes it to FILE.summary.json. The file must not exist
// yet (or be an empty Keel store).
import { parseArgs } from 'node:util'
import { writeSummary } from './large-store'
import { seedLargeStore } from './seed-large-store'

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    conversations: { type: 'string' },
    messages: { type: 'string' },
    big: { type: 'string' },
    'big-conversation-messages': { type: 'string' },
    measurements: { type: 'string' },
    seed: { type: 'string' },
  },
})
const int = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} takes a whole number (got ${text})`)
    process.exit(2)
  }
  return value
}
if (!values.db) {
  console.error('usage: seed-cli --db FILE [--conversations N] [--messages N] [--big N] [--measurements N] [--seed N]')
  process.exit(2)
}
const options = {
  conversations: int('conversations', values.conversations),
  messages: int('messages', values.messages),
  bigConversationMessages: int('big', values.big ?? values['big-conversation-messages']),
  measurements: int('measurements', values.measurements),
  seed: int('seed', values.seed),
}
const summary = seedLargeStore(
  values.db,
  Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
)
// The summary beside the store: KEEL_BENCH_LARGE_STORE=FILE lets the benchmarks use it.
writeSummary(`${values.db}.summary.json`, summary)
console.log(JSON.stringify(summary, null, 2))
