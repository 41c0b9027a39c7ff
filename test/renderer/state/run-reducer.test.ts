import { describe, expect, it } from 'vitest'
import type { RunEvent } from '../../../src/shared/run-events'
import { UNKNOWN_USAGE } from '../../../src/shared/usage'
import { initialRun, liveText, reduceRun, reduceRunEvents } from '../../../src/renderer/src/state/run-reducer'

const start: RunEvent = {
  type: 'run-start',
  runId: 'r1',
  conversationId: 'c1',
  turnId: 't1',
  messageId: 'm1',
  provider: 'anthropic',
  model: 'claude',
}
const text = (delta: string, round = 1): RunEvent => ({ type: 'stream', round, event: { type: 'text-delta', delta } })

describe('reduceRun', () => {
  it('accumulates text deltas into one segment and keeps paragraph breaks', () => {
    const run = reduceRunEvents(initialRun('r1'), [
      start,
      { type: 'round-start', round: 1, attempt: 1 },
      text('Hel'),
      text('lo'),
      text('\n\nSecond paragraph'),
    ])
    expect(run.conversationId).toBe('c1')
    expect(run.messageId).toBe('m1')
    expect(run.segments).toEqual([{ kind: 'text', text: 'Hello\n\nSecond paragraph' }])
    expect(liveText(run)).toBe('Hello\n\nSecond paragraph')
    expect(run.status).toBe('running')
  })

  it('never mutates the previous state', () => {
    const before = reduceRun(initialRun('r1'), text('a'))
    const frozen = JSON.stringify(before)
    const after = reduceRun(before, text('b'))
    expect(JSON.stringify(before)).toBe(frozen)
    expect(after).not.toBe(before)
    expect(liveText(after)).toBe('ab')
  })

  it('builds a tool card through its states, with text before and after in order', () => {
    const events: RunEvent[] = [
      start,
      text('Let me record that.'),
      { type: 'stream', round: 1, event: { type: 'tool-call-start', callId: 'call1', name: 'record_measurement' } },
      { type: 'stream', round: 1, event: { type: 'tool-call-delta', callId: 'call1', delta: '{"kind":' } },
      { type: 'stream', round: 1, event: { type: 'tool-call-delta', callId: 'call1', delta: '"weight"}' } },
    ]
    let run = reduceRunEvents(initialRun('r1'), events)
    expect(run.tools.call1).toMatchObject({
      state: 'preparing',
      argumentsText: '{"kind":"weight"}',
      name: 'record_measurement',
    })
    run = reduceRun(run, { type: 'stream', round: 1, event: { type: 'tool-call-end', callId: 'call1' } })
    run = reduceRun(run, { type: 'tool-call', callId: 'call1', name: 'record_measurement', state: 'awaiting-approval' })
    run = reduceRun(run, {
      type: 'approval-request',
      approvalId: 'a1',
      callId: 'call1',
      name: 'record_measurement',
      arguments: { kind: 'weight' },
    })
    expect(run.tools.call1).toMatchObject({
      state: 'awaiting-approval',
      approvalId: 'a1',
      argumentsText: '{"kind":"weight"}',
    })
    run = reduceRun(run, { type: 'tool-call', callId: 'call1', name: 'record_measurement', state: 'running' })
    expect(run.tools.call1?.approvalId).toBeUndefined()
    run = reduceRun(run, {
      type: 'tool-call',
      callId: 'call1',
      name: 'record_measurement',
      state: 'done',
      summary: 'recorded',
    })
    run = reduceRun(run, text('\n\nDone.', 2))
    expect(run.tools.call1).toMatchObject({ state: 'done', summary: 'recorded' })
    expect(run.segments).toEqual([
      { kind: 'text', text: 'Let me record that.' },
      { kind: 'tool', callId: 'call1' },
      { kind: 'text', text: '\n\nDone.' },
    ])
  })

  it('ignores argument deltas once a card left the draft state', () => {
    let run = reduceRun(initialRun('r1'), {
      type: 'tool-call',
      callId: 'c',
      name: 'x',
      state: 'not-run',
      argumentsText: '{}',
    })
    run = reduceRun(run, { type: 'stream', round: 1, event: { type: 'tool-call-delta', callId: 'c', delta: 'junk' } })
    expect(run.tools.c).toMatchObject({ state: 'not-run', argumentsText: '{}' })
  })

  it.each(['invalid', 'denied', 'not-run', 'cancelled', 'repeated', 'failed'] as const)(
    'shows the %s state from a tool-call event',
    (state) => {
      const run = reduceRun(initialRun('r1'), { type: 'tool-call', callId: 'c', name: 'delete_measurement', state })
      expect(run.tools.c?.state).toBe(state)
      expect(run.segments).toEqual([{ kind: 'tool', callId: 'c' }])
    },
  )

  it('records retries, notices, diagnostics and usage; the next round clears the retry', () => {
    let run = reduceRunEvents(initialRun('r1'), [
      start,
      { type: 'retry-scheduled', attempt: 2, delayMs: 1000, reason: 'server', message: 'Retrying in 1 s…' },
      {
        type: 'diagnostics',
        round: 1,
        attempt: 1,
        kind: 'server',
        status: 500,
        requestId: 'req1',
        providerMessage: 'boom',
      },
    ])
    expect(run.retry).toEqual({ attempt: 2, delayMs: 1000, message: 'Retrying in 1 s…' })
    expect(run.diagnostics).toHaveLength(1)
    run = reduceRun(run, { type: 'round-start', round: 1, attempt: 2 })
    expect(run.retry).toBeUndefined()
    run = reduceRunEvents(run, [
      { type: 'notice', id: 'no-answer', text: "I couldn't get an answer. Try again." },
      { type: 'usage', round: 1, attempt: 2, usage: UNKNOWN_USAGE, estimated: true },
    ])
    expect(run.notices).toEqual([{ id: 'no-answer', text: "I couldn't get an answer. Try again." }])
    expect(run.usage).toEqual([{ usage: UNKNOWN_USAGE, estimated: true }])
  })

  it('ends the run with its status and reason, and withdraws unanswered approvals', () => {
    let run = reduceRunEvents(initialRun('r1'), [
      start,
      text('Partial'),
      { type: 'approval-request', approvalId: 'a1', callId: 'c', name: 'record_measurement', arguments: { value: 1 } },
      { type: 'retry-scheduled', attempt: 2, delayMs: 500, reason: 'server', message: 'Retrying in 1 s…' },
    ])
    expect(run.tools.c?.argumentsText).toBe('{"value":1}')
    run = reduceRun(run, {
      type: 'run-end',
      status: 'interrupted',
      conversationId: 'c1',
      messageId: 'm1',
      interruptReason: 'user-stop',
    })
    expect(run.status).toBe('interrupted')
    expect(run.interruptReason).toBe('user-stop')
    expect(run.retry).toBeUndefined()
    expect(run.tools.c?.approvalId).toBeUndefined()
    expect(liveText(run)).toBe('Partial')
  })
})
