// quick_check off the startup path (src/main/db/integrity-check.ts): a store Keel verified and
// closed cleanly, untouched since, opens without waiting for the check, which runs in a worker;
// anything else is checked before the first write (open-checks.test.ts: refused unchanged). Damage
// the background check finds stops every write and is refused at the next open.
import { existsSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openKeelStore } from '../../../src/main/db/keel-store'
import { useTempStores } from './store-fixtures'

const { tempDir, openAt } = useTempStores()

function cleanStore(): string {
  const path = join(tempDir(), 'keel.db')
  const store = openAt(path)
  const conversation = store.conversations.createConversation({ title: 'kept' })
  store.db.transaction(() => {
    for (let i = 0; i < 300; i++)
      store.conversations.addMessage({
        conversationId: conversation.id,
        role: 'user',
        parts: [{ type: 'text', text: `message ${i} `.repeat(20) }],
      })
  })()
  expect(store.integrity).toBe('ok')
  store.close()
  return path
}

/** The stamp a clean close writes, for the file as it is now (as if nothing had written it). */
function restamp(path: string): void {
  const stat = statSync(path, { bigint: true })
  writeFileSync(
    `${path}.verified`,
    JSON.stringify({
      size: Number(stat.size),
      mtimeNs: String(stat.mtimeNs),
      ino: String(stat.ino),
      dev: String(stat.dev),
    }),
  )
}

describe('integrity check at open', () => {
  it('a store first opened is checked before it opens; a clean close stamps it; the next open checks in the background', async () => {
    const path = cleanStore()
    expect(existsSync(`${path}.verified`)).toBe(true)
    const store = openAt(path)
    expect(store.integrity).toBe('checking')
    // Taken at open: a crash during this run leaves no stamp, so the next open checks first.
    expect(existsSync(`${path}.verified`)).toBe(false)
    expect(await store.integrityVerdict).toEqual({ state: 'ok' })
    expect(store.integrity).toBe('ok')
    store.conversations.createConversation({ title: 'written after the check' })
    store.close()
    expect(existsSync(`${path}.verified`)).toBe(true)
  })

  it('quitting right after start waits for the background check, so the next start still skips it', async () => {
    const path = cleanStore()
    // Closed at once while the check runs: no stamp (the check did not finish), the next open checks first.
    const hasty = openAt(path)
    expect(hasty.integrity).toBe('checking')
    hasty.close()
    expect(existsSync(`${path}.verified`)).toBe(false)
    expect(openAt(path).integrity).toBe('ok') // checked at open, then stamped at its close (useTempStores closes it)
  })

  it('closeWhenChecked waits for the running check, then closes and stamps the file', async () => {
    const path = cleanStore()
    const store = openAt(path)
    expect(store.integrity).toBe('checking')
    await store.closeWhenChecked()
    expect(store.db.open).toBe(false)
    expect(store.integrity).toBe('ok')
    expect(existsSync(`${path}.verified`)).toBe(true)
    expect(openAt(path).integrity).toBe('checking')
  })

  it('a file changed since the clean close (touched, copied back, edited) is checked before anything is written', () => {
    const path = cleanStore()
    utimesSync(path, new Date(), new Date(Date.now() + 5_000))
    const store = openAt(path)
    expect(store.integrity).toBe('ok')
    store.close()
  })

  it('damage found in the background stops every write, leaves no stamp, and the next open refuses the file', async () => {
    const path = cleanStore()
    truncateSync(path, statSync(path).size - 1234)
    // The disk damaged it and nothing else changed: the stamp still matches.
    restamp(path)
    const opened = openKeelStore(path)
    if (!opened.ok) throw new Error(opened.error.message)
    const store = opened.store
    expect(store.integrity).toBe('checking')
    const verdict = await store.integrityVerdict
    expect(verdict.state).toBe('damaged')
    expect(store.integrity).toBe('damaged')
    const bytes = readFileSync(path)
    expect(() => store.conversations.createConversation({ title: 'never written' })).toThrow(/readonly/i)
    store.close()
    expect(readFileSync(path).equals(bytes)).toBe(true)
    expect(existsSync(`${path}.verified`)).toBe(false)
    const again = openKeelStore(path)
    expect(again.ok ? 'opened' : again.error.kind).toBe('corrupt')
  })
})
