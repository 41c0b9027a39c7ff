// A message end that could not be written (a full disk) is written again on a timer. Not while an
// import holds the writer (its transaction open across event-loop turns): a write then would be
// undone with a failed import, and the end would be lost (its entry gone from the retry list).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { AssistantMessageWriter } from '../../../src/main/db/assistant-message-writer'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'
import { deferFinalization, retryDeferredFinalizations } from '../../../src/main/harness/deferred-finalizations'

let dir: string
let store: KeelStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'keel-deferred-'))
  const opened = openKeelStore(join(dir, 'keel.db'))
  if (!opened.ok) throw new Error(opened.error.message)
  store = opened.store
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

it('waits while an import holds the writer, then writes the end as soon as it has ended', async () => {
  let writes = 0
  const writer = {
    messageId: 'm-1',
    isFinished: false,
    finalize: () => (writes++, { ok: true }),
  } as unknown as AssistantMessageWriter
  deferFinalization(store, writer, { status: 'complete' })
  let release!: () => void
  const importing = store.holdWriter(() => new Promise<void>((resolve) => (release = resolve)))
  expect(retryDeferredFinalizations(store)).toBe(1)
  expect(retryDeferredFinalizations(store)).toBe(1) // the timer again: still one attempt queued
  expect(writes).toBe(0)
  release()
  await importing
  // Written when the import ended, not at the next tick of the retry timer.
  expect(writes).toBe(1)
  expect(retryDeferredFinalizations(store)).toBe(0)
  expect(writes).toBe(1)
})
