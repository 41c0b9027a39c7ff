import { describe, expect, it } from 'vitest'
import type { CommandRequest, KeelApi, RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import type { RunEvent } from '../../../src/shared/run-events'
import { storesOn } from './stores-on'
import { settingsDouble } from './settings-double'

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value })

function fakeApi(answerResult: () => Promise<unknown>) {
  let listener: ((e: RunEventEnvelope) => void) | undefined
  const answers: CommandRequest<'elicitations.answer'>[] = []
  const api = {
    onRunEvent(l: (e: RunEventEnvelope) => void) {
      listener = l
      return () => (listener = undefined)
    },
    'settings.get': () => ok(settingsDouble()),
    'conversations.list': () => ok([]),
    'tools.list': () =>
      ok([
        {
          name: 'mcp__files__write_file',
          title: 'Write file',
          source: 'mcp',
          effect: 'external',
          grantKey: 'k',
          provider: 'Files',
        },
      ]),
    'actions.unknown': () => ok([]),
    'conversations.open': () => new Promise(() => {}),
    'elicitations.answer': (request: CommandRequest<'elicitations.answer'>) => {
      answers.push(request)
      return answerResult()
    },
  } as unknown as KeelApi
  return { api, emit: (event: RunEvent) => listener?.({ runId: 'r1', event }), answers }
}

const request: RunEvent = {
  type: 'elicitation-request',
  elicitationId: 'e1',
  callId: 'call1',
  from: 'Files',
  message: 'Name?',
  requestedSchema: { type: 'object', properties: {} },
}

describe('ChatStore elicitations', () => {
  it('sends the answer and removes the form at once', async () => {
    const { api, emit, answers } = fakeApi(() => ok({ answered: true }))
    const frames: (() => void)[] = []
    const store = storesOn(api, (flush) => frames.push(flush)).chat
    await store.start()
    emit({
      type: 'run-start',
      runId: 'r1',
      conversationId: 'c1',
      turnId: 't1',
      messageId: 'm1',
      provider: 'anthropic',
      model: 'x',
    })
    emit(request)
    while (frames.length) frames.shift()!()
    expect(store.getSnapshot().runs.r1!.elicitations).toHaveLength(1)

    await store.answerElicitation('r1', 'e1', { action: 'accept', content: { name: 'Ana' } })
    expect(answers).toEqual([{ elicitationId: 'e1', answer: { action: 'accept', content: { name: 'Ana' } } }])
    expect(store.getSnapshot().runs.r1!.elicitations).toEqual([])
    expect(store.getSnapshot().error).toBeUndefined()
  })

  it('shows the core’s refusal as the window’s error, and does not bring the form back', async () => {
    const { api, emit } = fakeApi(() =>
      Promise.resolve({
        ok: false as const,
        error: { kind: 'not-found', message: 'no such request', owner: 'user', retryable: false },
      }),
    )
    const frames: (() => void)[] = []
    const store = storesOn(api, (flush) => frames.push(flush)).chat
    await store.start()
    emit({
      type: 'run-start',
      runId: 'r1',
      conversationId: 'c1',
      turnId: 't1',
      messageId: 'm1',
      provider: 'anthropic',
      model: 'x',
    })
    emit(request)
    while (frames.length) frames.shift()!()
    await store.answerElicitation('r1', 'e1', { action: 'decline' })
    expect(store.getSnapshot().error?.message).toBe('no such request')
    expect(store.getSnapshot().runs.r1!.elicitations).toEqual([])
  })

  it('knows which server provides a tool (for stored cards)', async () => {
    const { api } = fakeApi(() => ok({ answered: true }))
    const store = storesOn(api, (flush) => flush()).chat
    await store.start()
    expect(store.toolProvider('mcp__files__write_file')).toBe('Files')
    expect(store.toolProvider('record_measurement')).toBeUndefined()
  })
})
