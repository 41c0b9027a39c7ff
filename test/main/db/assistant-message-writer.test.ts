import { describe, expect, it } from 'vitest'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { PART_TEXT_SQL } from '../../../src/main/db/message-part-chunks'
import { conversationWithTurn, fakeClock, useTempStores } from './store-fixtures'

const { open } = useTempStores()

/** A scheduler the test fires by hand. */
function manualScheduler() {
  const pending: { callback: () => void; delayMs: number; cancelled: boolean }[] = []
  return {
    schedule: (callback: () => void, delayMs: number) => {
      const entry = { callback, delayMs, cancelled: false }
      pending.push(entry)
      return () => {
        entry.cancelled = true
      }
    },
    fire() {
      for (const entry of pending.splice(0)) if (!entry.cancelled) entry.callback()
    },
    get active() {
      return pending.filter((entry) => !entry.cancelled).length
    },
  }
}

function storedText(store: KeelStore, messageId: string): string {
  // The part row's text followed by its streamed chunks (what every reader joins).
  const rows = store.db
    .prepare(
      `SELECT ${PART_TEXT_SQL} AS text FROM message_parts p WHERE p.message_id = ? AND p.type = 'text' ORDER BY p.position`,
    )
    .all(messageId) as { text: string }[]
  return rows.map((r) => r.text).join('')
}

describe('AssistantMessageWriter', () => {
  it('commits the message row as `streaming` before the first delta', () => {
    const { store } = open()
    const ids = conversationWithTurn(store)
    const writer = store.conversations.startAssistantMessage(ids)
    expect(store.conversations.getMessage(writer.messageId)).toMatchObject({
      role: 'assistant',
      status: 'streaming',
      parts: [],
    })
  })

  it('buffers deltas and writes them in one go when the character threshold is reached', () => {
    const clock = fakeClock()
    const scheduler = manualScheduler()
    const { store } = open({ clock })
    const writer = store.conversations.startAssistantMessage(conversationWithTurn(store), {
      flushChars: 10,
      flushIntervalMs: 1000,
      schedule: scheduler.schedule,
    })
    writer.appendText('abc')
    writer.appendText('def')
    expect(storedText(store, writer.messageId)).toBe('')
    expect(writer.pendingCharacters).toBe(6)
    writer.appendText('ghij')
    expect(storedText(store, writer.messageId)).toBe('abcdefghij')
    expect(writer.pendingCharacters).toBe(0)
    writer.appendText('k')
    expect(storedText(store, writer.messageId)).toBe('abcdefghij')
  })

  it('writes when the interval has passed since the last write, and on the idle timer when the stream pauses', () => {
    const clock = fakeClock()
    const scheduler = manualScheduler()
    const { store } = open({ clock })
    const writer = store.conversations.startAssistantMessage(conversationWithTurn(store), {
      flushChars: 1_000_000,
      flushIntervalMs: 200,
      schedule: scheduler.schedule,
    })
    writer.appendText('one ')
    expect(scheduler.active).toBe(1)
    clock.advance(199)
    writer.appendText('two ')
    expect(storedText(store, writer.messageId)).toBe('')
    clock.advance(1)
    writer.appendText('three ')
    expect(storedText(store, writer.messageId)).toBe('one two three ')
    writer.appendText('four')
    scheduler.fire()
    expect(storedText(store, writer.messageId)).toBe('one two three four')
  })

  it('keeps text and reasoning in separate parts, in order, and writes tool parts at once', () => {
    const { store } = open()
    const writer = store.conversations.startAssistantMessage(conversationWithTurn(store), {
      flushChars: 1_000_000,
      flushIntervalMs: 60_000,
      schedule: manualScheduler().schedule,
    })
    writer.appendReasoning('thinking…')
    writer.appendText('Let me record that.')
    const result = writer.addPart({
      type: 'tool-call',
      callId: 'c1',
      callIdIsLocal: false,
      toolName: 'record_measurement',
      argumentsText: '{}',
      arguments: {},
    })
    expect(result).toEqual({ ok: true })
    expect(store.conversations.getMessage(writer.messageId)?.parts.map((p) => p.type)).toEqual([
      'reasoning',
      'text',
      'tool-call',
    ])
    writer.appendText('\n\nDone.')
    const finished = writer.finalize({ status: 'complete' })
    expect(finished.ok && finished.message.parts).toEqual([
      { type: 'reasoning', text: 'thinking…' },
      { type: 'text', text: 'Let me record that.' },
      {
        type: 'tool-call',
        callId: 'c1',
        callIdIsLocal: false,
        toolName: 'record_measurement',
        argumentsText: '{}',
        arguments: {},
      },
      { type: 'text', text: '\n\nDone.' },
    ])
  })

  it('appends many deltas into one part without losing or reordering anything', () => {
    const { store } = open()
    const writer = store.conversations.startAssistantMessage(conversationWithTurn(store), {
      flushChars: 37,
      flushIntervalMs: 60_000,
      schedule: manualScheduler().schedule,
    })
    let expected = ''
    for (let i = 0; i < 500; i++) {
      const delta = `tok${i} ç🙂 `
      expected += delta
      writer.appendText(delta)
    }
    const finished = writer.finalize({ status: 'complete' })
    expect(finished.ok && finished.message.parts).toEqual([{ type: 'text', text: expected }])
  })

  it('finalizes as interrupted with its reason, keeping the text that arrived (what the user saw)', () => {
    const { store } = open()
    const writer = store.conversations.startAssistantMessage(conversationWithTurn(store), {
      flushChars: 1_000_000,
      flushIntervalMs: 60_000,
      schedule: manualScheduler().schedule,
    })
    writer.appendText('Half an ans')
    const finished = writer.finalize({ status: 'interrupted', reason: 'user-stop' })
    expect(finished.ok && finished.message).toMatchObject({
      status: 'interrupted',
      interruptReason: 'user-stop',
      parts: [{ type: 'text', text: 'Half an ans' }],
    })
    expect(writer.isFinished).toBe(true)
    expect(() => writer.appendText('more')).toThrow(/already finalized/)
  })

  it('finalizes as failed with an error', () => {
    const { store } = open()
    const writer = store.conversations.startAssistantMessage(conversationWithTurn(store))
    const finished = writer.finalize({ status: 'failed', error: { kind: 'rate-limit', message: '429' } })
    expect(finished.ok && finished.message).toMatchObject({
      status: 'failed',
      interruptReason: undefined,
      error: { kind: 'rate-limit', message: '429' },
    })
  })

  it('after a crash, keeps exactly the text written by the last flush and marks the message interrupted / app-crash', () => {
    const handle = open()
    const ids = conversationWithTurn(handle.store)
    const writer = handle.store.conversations.startAssistantMessage(ids, {
      flushChars: 1_000_000,
      flushIntervalMs: 60_000,
      schedule: manualScheduler().schedule,
    })
    writer.appendText('flushed part. ')
    writer.flush()
    writer.appendText('only on screen')
    // The process dies here: the writer is never finalized, the buffer is never written.
    const reopened = handle.reopen()
    expect(reopened.recovery.interruptedMessageIds).toEqual([writer.messageId])
    expect(reopened.conversations.getMessage(writer.messageId)).toMatchObject({
      status: 'interrupted',
      interruptReason: 'app-crash',
      parts: [{ type: 'text', text: 'flushed part. ' }],
    })
  })

  it('keeps pending text when a write fails, reports a typed error, and writes it on the next successful flush', () => {
    const { store } = open()
    const writer = store.conversations.startAssistantMessage(conversationWithTurn(store), {
      flushChars: 1_000_000,
      flushIntervalMs: 60_000,
      schedule: manualScheduler().schedule,
    })
    store.db.exec(
      `CREATE TEMP TRIGGER fail_parts BEFORE INSERT ON main.message_parts BEGIN SELECT RAISE(ABORT, 'disk trouble'); END`,
    )
    writer.appendText('precious ')
    const failed = writer.flush()
    expect(failed.ok).toBe(false)
    if (!failed.ok) expect(failed.error.kind).toBe('constraint')
    expect(writer.lastError).toBeDefined()
    expect(storedText(store, writer.messageId)).toBe('')
    store.db.exec('DROP TRIGGER temp.fail_parts')
    writer.appendText('words')
    expect(writer.flush()).toEqual({ ok: true })
    expect(storedText(store, writer.messageId)).toBe('precious words')
    expect(writer.lastError).toBeUndefined()
  })
})
