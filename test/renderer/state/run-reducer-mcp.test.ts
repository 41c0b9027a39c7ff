// The live answer's MCP parts: the richer approval request, progress on a server's tool, and a
// server's requests for input (elicitation), which leave with the answer or the call.
import { describe, expect, it } from 'vitest'
import type { RunEvent } from '../../../src/shared/run-events'
import { dismissElicitation, initialRun, reduceRun, reduceRunEvents } from '../../../src/renderer/src/state/run-reducer'

const NAME = 'mcp__files__write_file'
const start: RunEvent = {
  type: 'run-start',
  runId: 'r1',
  conversationId: 'c1',
  turnId: 't1',
  messageId: 'm1',
  provider: 'anthropic',
  model: 'claude',
}
const call: RunEvent[] = [
  start,
  { type: 'stream', round: 1, event: { type: 'tool-call-start', callId: 'call1', name: NAME } },
  {
    type: 'stream',
    round: 1,
    event: { type: 'tool-call-delta', callId: 'call1', delta: '{"path":"/tmp/a","content":"x"}' },
  },
  { type: 'tool-call', callId: 'call1', name: NAME, state: 'awaiting-approval' },
]
const elicit = (id: string, callId = 'call1'): RunEvent => ({
  type: 'elicitation-request',
  elicitationId: id,
  callId,
  from: 'Files',
  message: 'Which folder?',
  requestedSchema: { type: 'object', properties: { folder: { type: 'string' } } },
})

describe('reduceRun (MCP)', () => {
  it('keeps the approval request’s title, server and hints on the card, and clears the approval when it runs', () => {
    let run = reduceRunEvents(initialRun('r1'), [
      ...call,
      {
        type: 'approval-request',
        approvalId: 'a1',
        callId: 'call1',
        name: NAME,
        arguments: { path: '/tmp/a', content: 'x' },
        title: 'Write file',
        provider: 'Files',
        hints: { destructive: true, openWorld: false },
      },
    ])
    expect(run.tools.call1).toMatchObject({
      state: 'awaiting-approval',
      approvalId: 'a1',
      title: 'Write file',
      provider: 'Files',
      hints: { destructive: true, openWorld: false },
    })
    // The streamed argument text is kept (the card pretty-prints it in full).
    expect(run.tools.call1!.argumentsText).toBe('{"path":"/tmp/a","content":"x"}')
    run = reduceRun(run, { type: 'tool-call', callId: 'call1', name: NAME, state: 'running' })
    expect(run.tools.call1).toMatchObject({
      state: 'running',
      approvalId: undefined,
      provider: 'Files',
      hints: { destructive: true },
    })
  })

  it('shows progress on a server’s tool under its provider name, then the unknown outcome', () => {
    let run = reduceRunEvents(initialRun('r1'), [
      ...call,
      { type: 'tool-call', callId: 'call1', name: NAME, state: 'running' },
    ])
    run = reduceRun(run, { type: 'tool-progress', callId: 'call1', progress: 3, total: 10, message: 'step 3 of 10' })
    expect(run.tools.call1!.progress).toEqual({ progress: 3, total: 10, message: 'step 3 of 10' })
    run = reduceRun(run, { type: 'tool-progress', callId: 'call1', progress: 4 })
    expect(run.tools.call1!.progress).toEqual({ progress: 4, total: undefined, message: undefined })
    run = reduceRun(run, { type: 'tool-call', callId: 'call1', name: NAME, state: 'unknown', summary: 'Stopped' })
    expect(run.tools.call1).toMatchObject({ state: 'unknown', summary: 'Stopped' })
  })

  it('queues requests for input once each, in order; answering one removes only it', () => {
    const run = reduceRunEvents(initialRun('r1'), [
      ...call,
      { type: 'tool-call', callId: 'call1', name: NAME, state: 'running' },
      elicit('e1'),
      elicit('e2'),
      elicit('e1'),
    ])
    expect(run.elicitations.map((e) => e.elicitationId)).toEqual(['e1', 'e2'])
    expect(run.elicitations[0]).toEqual({
      elicitationId: 'e1',
      callId: 'call1',
      from: 'Files',
      message: 'Which folder?',
      requestedSchema: { type: 'object', properties: { folder: { type: 'string' } } },
    })
    const before = JSON.stringify(run)
    const after = dismissElicitation(run, 'e1')
    expect(JSON.stringify(run)).toBe(before)
    expect(after.elicitations.map((e) => e.elicitationId)).toEqual(['e2'])
    expect(dismissElicitation(after, 'nope')).toBe(after)
  })

  it('drops a call’s requests for input when the call ends, and every one when the run ends', () => {
    let run = reduceRunEvents(initialRun('r1'), [
      ...call,
      { type: 'tool-call', callId: 'call1', name: NAME, state: 'running' },
      { type: 'tool-call', callId: 'call2', name: NAME, state: 'running' },
      elicit('e1', 'call1'),
      elicit('e2', 'call2'),
    ])
    run = reduceRun(run, { type: 'tool-call', callId: 'call1', name: NAME, state: 'done', summary: 'ok' })
    expect(run.elicitations.map((e) => e.elicitationId)).toEqual(['e2'])
    run = reduceRun(run, {
      type: 'run-end',
      status: 'interrupted',
      conversationId: 'c1',
      messageId: 'm1',
      interruptReason: 'user-stop',
    })
    expect(run.elicitations).toEqual([])
  })
})
