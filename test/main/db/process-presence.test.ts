// Crash recovery runs only when no other live Keel process has the database open: another
// process's answer that is still streaming is not a crash's leftover.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'

function mustOpen(path: string): KeelStore {
  const opened = openKeelStore(path)
  if (!opened.ok) throw new Error(opened.error.message)
  return opened.store
}

/** Leaves an assistant message `streaming`, as a process that is still answering (or died) would. */
function leaveStreamingMessage(path: string): string {
  const store = mustOpen(path)
  const conversation = store.conversations.createConversation({ title: 't' })
  const { turn } = store.conversations.startTurn({ conversationId: conversation.id, userText: 'hi' })
  const writer = store.conversations.startAssistantMessage({ conversationId: conversation.id, turnId: turn.id })
  writer.appendText('partial')
  writer.flush()
  store.close()
  return writer.messageId
}

describe('process presence', () => {
  let dir: string
  let path: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keel-presence-'))
    path = join(dir, 'keel.db')
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('leaves a presence file while open and removes it on close', () => {
    const store = mustOpen(path)
    expect(existsSync(`${path}.open-${process.pid}`)).toBe(true)
    store.close()
    expect(existsSync(`${path}.open-${process.pid}`)).toBe(false)
  })

  it('does not recover while another live process has the database open, and does once it is gone', async () => {
    const messageId = leaveStreamingMessage(path)
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    try {
      writeFileSync(`${path}.open-${other.pid}`, 'x')
      const whileOtherRuns = mustOpen(path)
      expect(whileOtherRuns.recovery.skippedBecauseInUse).toBe(true)
      expect(whileOtherRuns.conversations.getMessage(messageId)!.status).toBe('streaming')
      whileOtherRuns.close()
    } finally {
      other.kill('SIGKILL')
      await new Promise((resolve) => other.once('exit', resolve))
    }
    const afterwards = mustOpen(path)
    expect(afterwards.recovery.skippedBecauseInUse).toBe(false)
    expect(afterwards.recovery.interruptedMessageIds).toEqual([messageId])
    expect(afterwards.conversations.getMessage(messageId)).toMatchObject({ status: 'interrupted', interruptReason: 'app-crash' })
    expect(readdirSync(dir).filter((f) => f.includes('.open-') && !f.endsWith(`-${process.pid}`))).toEqual([]) // the stale file was removed
    afterwards.close()
  })
})
