// One owner per message: for every way a turn can end, the stored answer (reopened) says what the
// live one said — the same notice, worded by the same function, in the window too — and what the
// model was told about a call is what every later turn's history tells it.
import { noticeAction } from '../../../src/shared/error-notice'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeEach, describe, expect, it } from 'vitest'
import { exportedConversation } from '../../../src/main/export/conversation-json'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { approveAll, denyAll, type Approver } from '../../../src/main/harness/approval'
import { runTurn, type RunTurnOptions } from '../../../src/main/harness/run-turn'
import { scriptedModel, textAnswer, toolCallAnswer, type ScriptedCall } from '../../../src/main/harness/scripted-model'
import { createStoreTurnRecorder } from '../../../src/main/harness/store-turn-recorder'
import { TURN_DEADLINE_CODE } from '../../../src/main/harness/stream-model-round'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import { Answer } from '../../../src/renderer/src/features/chat/messages'
import { translator } from '../../../src/renderer/src/i18n/messages'
import { fallbackMessage, titlesOf } from '../../../src/shared/fallback-messages'
import { builtinToolTitles } from '../../../src/main/tools/builtin/keel-tool-source'
import type { Locale } from '../../../src/shared/locale'
import type { ProviderError } from '../../../src/shared/provider-error'
import type { RunEvent } from '../../../src/shared/run-events'
import type { StreamEvent } from '../../../src/shared/stream-events'
import { useTempStores } from '../db/store-fixtures'

const stores = useTempStores()
let store: KeelStore
beforeEach(() => {
  store = stores.open().store
})

const usage = { inputTokens: 1, outputTokens: 1, reasoningTokens: undefined, cachedInputTokens: undefined }
const finish = (patch: Partial<Extract<StreamEvent, { type: 'finish' }>> = {}): StreamEvent => ({
  type: 'finish',
  finishReason: 'stop',
  rawFinishReason: 'stop',
  usage,
  complete: true,
  truncated: false,
  ...patch,
})
const failure = (kind: ProviderError['kind'], patch: Partial<ProviderError> = {}): StreamEvent[] => [
  {
    type: 'error',
    error: {
      kind,
      message: `${kind}!`,
      retryable: false,
      status: 400,
      code: undefined,
      retryAfterMs: undefined,
      requestId: 'req_1',
      ...patch,
    },
  },
  finish({ complete: false, truncated: true, finishReason: 'error' }),
]
const weight = { kind: 'weight', value: 72.5, unit: 'kg' }

interface Ending {
  name: string
  calls: ScriptedCall[]
  approver?: Approver
  options?: Partial<RunTurnOptions>
  status: string
}

const ENDINGS: Ending[] = [
  { name: 'a plain answer', calls: [{ events: textAnswer('Hello.') }], status: 'completed' },
  { name: 'a provider failure before any word', calls: [{ events: failure('invalid-request') }], status: 'failed' },
  { name: 'a rejected key', calls: [{ events: failure('authentication') }], status: 'failed' },
  { name: 'no quota left', calls: [{ events: failure('quota-exceeded') }], status: 'failed' },
  {
    name: 'a failure after some words',
    calls: [{ events: [{ type: 'text-delta', delta: 'Half an ' }, ...failure('server')] }],
    status: 'interrupted',
  },
  {
    name: 'the connection lost mid-answer',
    calls: [{ events: [{ type: 'text-delta', delta: 'Half an ' }] }],
    status: 'interrupted',
  },
  {
    name: 'a length finish',
    calls: [{ events: [{ type: 'text-delta', delta: 'Long…' }, finish({ finishReason: 'length', truncated: true })] }],
    status: 'interrupted',
  },
  {
    name: 'a call cut mid-arguments',
    calls: [
      {
        events: [
          { type: 'tool-call-start', callId: 'c1', name: 'record_measurement' },
          { type: 'tool-call-delta', callId: 'c1', delta: '{"kind":' },
        ],
      },
    ],
    status: 'interrupted',
  },
  {
    name: 'calls without a tool-call finish',
    calls: [
      {
        events: [
          ...toolCallAnswer([{ id: 'c1', name: 'record_measurement', arguments: weight }]).slice(0, -1),
          finish(),
        ],
      },
    ],
    status: 'completed',
  },
  {
    name: 'the round limit',
    calls: [
      { events: toolCallAnswer([{ id: 'c1', name: 'get_measurement', arguments: { kind: 'weight' } }]) },
      { events: toolCallAnswer([{ id: 'c2', name: 'get_measurement', arguments: { kind: 'height' } }]) },
    ],
    options: { maxRounds: 2 },
    status: 'failed',
  },
  {
    name: 'invalid arguments twice',
    calls: [
      { events: toolCallAnswer([{ id: 'c1', name: 'record_measurement', arguments: { kind: 'weight' } }]) },
      { events: toolCallAnswer([{ id: 'c2', name: 'record_measurement', arguments: { kind: 'weight' } }]) },
    ],
    status: 'failed',
  },
  {
    name: 'a failed action, then no answer',
    calls: [
      { events: toolCallAnswer([{ id: 'c1', name: 'delete_measurement', arguments: { id: 999 } }]) },
      { events: failure('server') },
    ],
    approver: approveAll,
    status: 'failed',
  },
  {
    name: 'too many calls in one answer',
    calls: [
      {
        events: toolCallAnswer(
          Array.from({ length: 70 }, (_, i) => ({
            id: `c${i}`,
            name: 'get_measurement',
            arguments: { kind: 'weight' },
          })),
        ),
      },
    ],
    status: 'failed',
  },
  {
    name: 'the turn deadline',
    calls: [{ events: [{ type: 'text-delta', delta: 'Slow ' }, ...failure('timeout', { code: TURN_DEADLINE_CODE })] }],
    options: { turnTimeoutMs: 60_000 },
    status: 'interrupted',
  },
  {
    name: 'a denied write, then the answer',
    calls: [
      { events: toolCallAnswer([{ id: 'c1', name: 'record_measurement', arguments: weight }]) },
      { events: textAnswer('Not recorded.') },
    ],
    approver: denyAll,
    status: 'completed',
  },
]

async function run(ending: Ending, locale: Locale, conversationId?: string) {
  const model = scriptedModel(({ callIndex }) => ending.calls[callIndex] ?? { events: textAnswer('(no more)') })
  const events: RunEvent[] = []
  const result = await runTurn({
    conversationId,
    userText: 'Go',
    provider: 'anthropic',
    connection: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: '', model: 'm' },
    locale,
    signal: new AbortController().signal,
    approver: ending.approver ?? denyAll,
    onEvent: (event) => events.push(event),
    recorder: createStoreTurnRecorder(store),
    tools: createKeelToolRegistry(store),
    streamRound: model,
    retryPolicy: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    ...ending.options,
    timeZone: 'UTC',
  }).done
  return { result, events, model }
}

describe.each(ENDINGS)('$name', (ending) => {
  it.each<Locale>(['en', 'pt-BR'])('the stored answer shows the notice the live one showed (%s)', async (locale) => {
    const { result, events } = await run(ending, locale)
    expect(result.status).toBe(ending.status)
    const live = events.flatMap((e) => (e.type === 'notice' ? [e.text] : []))
    const stored = store.conversations.getMessage(result.messageId)!
    expect(stored.notices.map((n) => fallbackMessage(locale, n.id, n.values, titlesOf(builtinToolTitles())))).toEqual(
      live,
    )
    // The window, reopening it, words the same notice and offers the same Retry.
    const html = renderToStaticMarkup(
      createElement(Answer, {
        message: stored,
        t: translator(locale),
        titleOf: titlesOf(builtinToolTitles()),
        onRetry: () => {},
        onAnswer: () => {},
        onCancelRetry: () => {},
      }),
    )
    for (const text of live) expect(html).toContain(escapeHtml(text))
    // Retry only where retrying can help (not after a rejected key, an empty account, an invalid call…).
    const last = stored.notices[stored.notices.length - 1]
    if (last && noticeAction(last).retry) expect(html).toContain(translator(locale)('retry'))
    else expect(html).not.toContain('notice-retry')
  })
})

describe('keel export', () => {
  it('gives each answer its stored notice (id and text) and, for a cut turn, the calls that were not run', async () => {
    const cut = ENDINGS.find((e) => e.name === 'a call cut mid-arguments')!
    const { result } = await run(cut, 'en')
    const conversation = store.conversations.getConversation(result.conversationId)!
    const exported = exportedConversation(conversation, store.conversations.getMessages(conversation.id))
    const answer = exported.messages.find((m) => m.role === 'assistant')!
    expect(answer).toMatchObject({
      status: 'interrupted',
      notices: [{ id: 'truncated-actions-not-run', text: expect.stringContaining('was not run') }],
      notRunCalls: [{ callId: 'c1', name: 'record_measurement' }],
      toolCalls: [{ callId: 'c1', state: 'not-run', result: null }],
    })
  })
})

describe('what the model was told about a call', () => {
  it('is what every later turn sends back for it, for every outcome (done, denied, invalid, failed)', async () => {
    const outcomes = { c1: approveAll, c2: denyAll }
    const calls: ScriptedCall[] = [
      {
        events: toolCallAnswer([
          { id: 'c1', name: 'record_measurement', arguments: weight },
          { id: 'c2', name: 'record_measurement', arguments: { ...weight, value: 80 } },
          { id: 'c3', name: 'record_measurement', arguments: { kind: 'weight' } },
          { id: 'c4', name: 'delete_measurement', arguments: { id: 999 } },
        ]),
      },
      { events: textAnswer('Done what I could.') },
    ]
    const decisions = ['approve', 'deny', 'approve'] as const
    let next = 0
    const first = await run(
      { name: 'x', calls, status: 'completed', approver: async () => decisions[next++] ?? 'deny' },
      'en',
    )
    void outcomes
    const liveResults = toolResults(first.model.requests[1]!.body)
    expect(liveResults.map((r) => r.tool_use_id)).toEqual(['c1', 'c2', 'c3', 'c4'])
    const second = await run(
      { name: 'y', calls: [{ events: textAnswer('Later.') }], status: 'completed' },
      'en',
      first.result.conversationId,
    )
    expect(toolResults(second.model.requests[0]!.body)).toEqual(liveResults)
    expect(JSON.parse(liveResults[1]!.content)).toEqual({
      error: 'The user declined this action. Do not retry it unless they ask.',
      kind: 'denied',
    })
  })
})

function toolResults(body: Record<string, unknown>): { tool_use_id: string; content: string; is_error?: boolean }[] {
  const messages = body.messages as { role: string; content: { type: string }[] }[]
  return messages.flatMap((m) => m.content.filter((b) => b.type === 'tool_result')) as unknown as {
    tool_use_id: string
    content: string
    is_error?: boolean
  }[]
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')
}
