// The message actions in the window: the store's commands (Retry is a regenerate, never the
// question sent again; Continue streams after the stored text) and the actions' markup.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Message } from '../../../../src/shared/conversation'
import type { ConversationView, KeelApi, RunEventEnvelope } from '../../../../src/shared/ipc/app-contract'
import type { RunEvent } from '../../../../src/shared/run-events'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import {
  MessageActions,
  MessageActionsContext,
  UserMessageContent,
  type MessageActionsValue,
} from '../../../../src/renderer/src/features/chat/message-actions'
import { storesOn } from '../../state/stores-on'
import { liveText } from '../../../../src/renderer/src/state/run-reducer'
import { settingsDouble } from '../../state/settings-double'

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value })

function message(id: string, role: 'user' | 'assistant', text: string, patch: Partial<Message> = {}): Message {
  return {
    id,
    conversationId: 'c1',
    turnId: 't1',
    seq: 1,
    role,
    status: 'complete',
    interruptReason: undefined,
    error: undefined,
    parts: [{ type: 'text', text }],
    notices: [],
    reasoningMs: undefined,
    createdAt: 1,
    updatedAt: 1,
    ...patch,
  }
}

const usage = {
  perMessage: {},
  total: {
    usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: undefined, cachedInputTokens: undefined },
    estimated: false,
    cost: null,
  },
}

function fakeApi(messages: Message[]) {
  let listener: ((e: RunEventEnvelope) => void) | undefined
  const view: ConversationView = {
    diagnostics: {},
    conversation: { id: 'c1', title: 'Hi', createdAt: 1, updatedAt: 2 },
    messages,
    usage,
  }
  const calls: [string, unknown][] = []
  const record = (name: string, value: unknown) => (request: unknown) => {
    calls.push([name, request])
    return ok(value)
  }
  const api = {
    onRunEvent(l: (e: RunEventEnvelope) => void) {
      listener = l
      return () => (listener = undefined)
    },
    'settings.get': () => ok(settingsDouble()),
    'conversations.list': () => ok([{ ...view.conversation, messageCount: messages.length }]),
    'tools.list': () => ok([]),
    'actions.unknown': () => ok([]),
    'conversations.open': () => ok(view),
    'turns.start': record('turns.start', { runId: 'r1' }),
    'turns.regenerate': record('turns.regenerate', { runId: 'r1' }),
    'turns.continue': record('turns.continue', { runId: 'r1' }),
    'turns.edit': record('turns.edit', { runId: 'r1' }),
    'messages.selectVersion': record('messages.selectVersion', { ...view, messages: messages.slice(0, 1) }),
  } as unknown as KeelApi
  return { api, calls, emit: (event: RunEvent) => listener?.({ runId: 'r1', event }) }
}

async function openStore(messages: Message[]) {
  const fake = fakeApi(messages)
  const frames: (() => void)[] = []
  const store = storesOn(fake.api, (flush) => frames.push(flush)).chat
  await store.start()
  await store.select('c1')
  const flush = () => {
    while (frames.length > 0) frames.shift()!()
  }
  return { ...fake, store, flush }
}

describe('message actions (store)', () => {
  it('Retry of a failed answer regenerates that answer: the question is not sent again', async () => {
    const failed = message('a1', 'assistant', '', { status: 'failed', error: { kind: 'provider', message: 'x' } })
    const { store, calls } = await openStore([message('q1', 'user', 'Hello! What can you do?'), failed])
    await store.retry()
    expect(calls).toEqual([['turns.regenerate', { conversationId: 'c1', messageId: 'a1' }]])
  })

  it('Continue shows the stored text with the continuation after it, in one answer', async () => {
    const { store, calls, emit, flush } = await openStore([
      message('q1', 'user', 'List'),
      message('a1', 'assistant', 'one, two', { status: 'interrupted', interruptReason: 'provider-error' }),
    ])
    await store.continueAnswer('a1')
    expect(calls).toEqual([['turns.continue', { conversationId: 'c1', messageId: 'a1' }]])
    emit({
      type: 'run-start',
      runId: 'r1',
      conversationId: 'c1',
      turnId: 't1',
      messageId: 'a1',
      provider: 'anthropic',
      model: 'x',
    })
    emit({ type: 'stream', round: 1, event: { type: 'text-delta', delta: ', three' } })
    flush()
    expect(liveText(store.currentRun()!)).toBe('one, two, three')
    expect(store.isBusy()).toBe(true)
  })

  it('edit, regenerate and version switches name the open conversation and the message', async () => {
    const { store, calls } = await openStore([message('q1', 'user', 'Q'), message('a1', 'assistant', 'A')])
    await store.selectVersion('a0')
    expect(store.getSnapshot().view?.messages.map((m) => m.id)).toEqual(['q1'])
    await store.editAndResend('q1', '  Q, better ')
    expect(calls).toEqual([
      ['messages.selectVersion', { conversationId: 'c1', messageId: 'a0' }],
      ['turns.edit', { conversationId: 'c1', messageId: 'q1', text: 'Q, better' }],
    ])
  })
})

describe('edit and resend with files (store)', () => {
  it('sends the ids of the files kept and the files added; a question of files only needs no text', async () => {
    const { store, calls } = await openStore([message('q1', 'user', 'Q'), message('a1', 'assistant', 'A')])
    const added = { name: 'b.txt', mimeType: 'text/plain' as const, dataBase64: 'eA==' }
    await store.editAndResend('q1', ' Q2 ', { keepAttachmentIds: [7], attachments: [added] })
    await store.editAndResend('q1', '  ', { keepAttachmentIds: [7], attachments: [] })
    // Nothing to send: no call.
    expect(await store.editAndResend('q1', '  ', { keepAttachmentIds: [], attachments: [] })).toBe(false)
    expect(calls).toEqual([
      [
        'turns.edit',
        { conversationId: 'c1', messageId: 'q1', text: 'Q2', keepAttachmentIds: [7], attachments: [added] },
      ],
      ['turns.edit', { conversationId: 'c1', messageId: 'q1', text: '', keepAttachmentIds: [7] }],
    ])
  })
})

describe('message actions (markup)', () => {
  const t = translator('en')
  const value = (patch: Partial<MessageActionsValue> = {}): MessageActionsValue => ({
    busy: false,
    versions: { a2: { index: 1, count: 3, ids: ['a1', 'a2', 'a3'] } },
    models: {
      a2: {
        provider: 'anthropic',
        providerName: 'Anthropic',
        named: false,
        preset: 'anthropic',
        model: 'claude-x',
        cutOffByLength: true,
      },
    },
    lastId: 'a2',
    regenerate: () => {},
    editAndResend: () => Promise.resolve(true),
    continueAnswer: () => {},
    deleteMessage: () => {},
    selectVersion: () => {},
    copy: () => Promise.resolve(),
    ...patch,
  })
  const render = (node: ReturnType<typeof createElement>, v: MessageActionsValue) =>
    renderToStaticMarkup(createElement(MessageActionsContext.Provider, { value: v }, node))

  it('an answer: Copy, Regenerate, Delete as buttons, its versions, the model that wrote it, and Continue when it was cut off last', () => {
    const html = render(createElement(MessageActions, { message: message('a2', 'assistant', '**bold**'), t }), value())
    for (const name of ['Copy', 'Regenerate', 'Delete', 'Continue']) expect(html).toContain(`>${name}</button>`)
    expect(html).toContain('aria-label="Previous version"')
    expect(html).toContain('aria-label="Next version"')
    expect(html).toContain('aria-label="Version 2 of 3"')
    expect(html).toContain('claude-x · Anthropic')
    expect(html).not.toContain('>Edit</button>')
    // Not the last message: no Continue. Busy: nothing that starts a run is enabled.
    expect(
      render(
        createElement(MessageActions, { message: message('a2', 'assistant', 'x'), t }),
        value({ lastId: 'other' }),
      ),
    ).not.toContain('Continue')
    expect(
      render(createElement(MessageActions, { message: message('a2', 'assistant', 'x'), t }), value({ busy: true })),
    ).toMatch(/disabled="">Regenerate/)
  })

  it('every answer names the entry that wrote it beside the model, whatever API it speaks', () => {
    const answer = (model: MessageActionsValue['models']) =>
      render(createElement(MessageActions, { message: message('a2', 'assistant', 'x'), t }), value({ models: model }))
    const entry = (
      provider: string,
      providerName: string,
      named: boolean,
      preset: 'ollama' | 'lmstudio' | 'custom' | 'openrouter',
    ) => ({ a2: { provider, providerName, named, preset, model: 'llama3', cutOffByLength: false } })
    expect(answer(entry('ollama', 'Ollama', false, 'ollama'))).toContain('llama3 · Ollama')
    expect(answer(entry('lmstudio', 'LM Studio', false, 'lmstudio'))).toContain('llama3 · LM Studio')
    expect(answer(entry('custom-2', 'Desk GPU', true, 'custom'))).toContain('llama3 · Desk GPU')
    expect(answer(entry('openai-chat', 'OpenAI (Chat Completions)', false, 'custom'))).toContain(
      'llama3 · OpenAI (Chat Completions)',
    )
    const pt = renderToStaticMarkup(
      createElement(
        MessageActionsContext.Provider,
        { value: value({ models: entry('custom-1', 'Other OpenAI-compatible server', false, 'custom') }) },
        createElement(MessageActions, { message: message('a2', 'assistant', 'x'), t: translator('pt-BR') }),
      ),
    )
    expect(pt).toContain(`llama3 · ${translator('pt-BR')('providers.preset.custom')}`)
  })

  it('a question: Copy, Edit, Delete; in Portuguese too', () => {
    const html = render(createElement(UserMessageContent, { message: message('q1', 'user', 'Hello'), t }), value())
    for (const name of ['Copy', 'Edit', 'Delete']) expect(html).toContain(`>${name}</button>`)
    expect(html).not.toContain('Regenerate')
    const pt = render(
      createElement(UserMessageContent, { message: message('q1', 'user', 'Olá'), t: translator('pt-BR') }),
      value(),
    )
    expect(pt).toContain('>Editar</button>')
  })

  it('a question shows its files under it (the editor keeps them)', () => {
    const files = [{ id: 3, name: 'notes.md', mimeType: 'text/markdown' as const, size: 12 }]
    const html = render(
      createElement(UserMessageContent, { message: message('q1', 'user', 'Hello'), t, attachments: files }),
      value(),
    )
    expect(html).toContain('data-testid="sent-attachments"')
    expect(html).toContain('notes.md')
  })
})
