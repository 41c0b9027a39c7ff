// The stores the first-token and start-up benchmarks run on: an empty one, and the large
// one (10,000 conversations, 200,000 messages) from the shared generator `bench/scale/
// seed-large-store.ts` when it is there, else a stand-in of the same size (quick-store.ts).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { openKeelStore } from '../../src/main/db/keel-store'
import { seedQuickStore } from './quick-store'

export const LARGE = { conversations: 10_000, messages: 200_000 }

/** Creates an empty store (migrated) at `path`. */
export function createEmptyStore(path: string): void {
  const opened = openKeelStore(path, { announcePresence: false })
  if (!opened.ok) throw new Error(opened.error.message)
  opened.store.close()
}

/** Seeds the large store at `path`; says which generator made it. */
export async function createLargeStore(path: string): Promise<{ generator: string; ms: number }> {
  const started = performance.now()
  const shared = join(import.meta.dirname, '..', 'scale', 'seed-large-store.ts')
  if (existsSync(shared)) {
    const module = (await import(shared)) as {
      seedLargeStore?: (path: string, options?: Record<string, unknown>) => unknown
    }
    if (typeof module.seedLargeStore === 'function') {
      await module.seedLargeStore(path, {})
      return { generator: 'bench/scale/seed-large-store.ts', ms: performance.now() - started }
    }
  }
  seedQuickStore(path, {
    conversations: LARGE.conversations,
    messagesPerConversation: LARGE.messages / LARGE.conversations,
  })
  return { generator: 'bench/first-token/quick-store.ts (stand-in)', ms: performance.now() - started }
}

/** Conversations and messages in a store (the figures say what they ran on). */
export function storeSize(path: string): { conversations: number; messages: number } {
  const opened = openKeelStore(path, { announcePresence: false })
  if (!opened.ok) throw new Error(opened.error.message)
  try {
    const db = opened.store.db
    const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
    return { conversations: count('conversations'), messages: count('messages') }
  } finally {
    opened.store.close()
  }
}
