// The 5,000-message conversation of the long-conversation goal, identical on both pages: 2,500 turns, a question
// and an answer each. Mostly short; some answers long, with lists, tables and fenced code; some
// with a tool call and its result. Deterministic (seeded), no DOM. Also the plain text the floor
// page shows for each message.
import type { Message, MessagePart } from '../../src/shared/conversation'
import type { ConversationView } from '../../src/shared/ipc/app-contract'
import { mulberry32 } from '../../test/support/seeded-random'

export const MESSAGES = 5_000
export const CONVERSATION_ID = 'conv-long'
export const TITLE = 'A long conversation'
const NOW = 1_700_000_000_000

const WORDS = (
  'the a weight sleep run measurement week average trend chart day morning evening kilogram ' +
  'minutes heart rate steps goal record note compare last month table value higher lower ' +
  'keel store query tool result answer because so then also only every never often'
).split(' ')

function generator(seed: number) {
  const next = mulberry32(seed)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!
  const sentence = (): string => {
    const n = 6 + Math.floor(next() * 14)
    const words: string[] = []
    for (let i = 0; i < n; i++) {
      const w = pick(WORDS)
      const r = next()
      if (r < 0.05) words.push(`\`${w}\``)
      else if (r < 0.08) words.push(`**${w}**`)
      else words.push(w)
    }
    const s = words.join(' ')
    return s.charAt(0).toUpperCase() + s.slice(1) + '.'
  }
  const paragraph = (sentences = 2 + Math.floor(next() * 4)): string =>
    Array.from({ length: sentences }, sentence).join(' ')
  const code = (): string => {
    const lines = 4 + Math.floor(next() * 18)
    const body = Array.from(
      { length: lines },
      (_, i) =>
        `  const ${pick(WORDS)}${i} = ${pick(['await query', 'sum', 'average', 'Math.max'])}(${pick(WORDS)}, ${Math.floor(next() * 100)})`,
    )
    return ['```ts', `export async function ${pick(WORDS)}Report() {`, ...body, '}', '```'].join('\n')
  }
  const list = (): string => Array.from({ length: 3 + Math.floor(next() * 5) }, () => `- ${sentence()}`).join('\n')
  const table = (): string =>
    [
      '| day | value | note |',
      '|---|---|---|',
      ...Array.from(
        { length: 3 + Math.floor(next() * 6) },
        (_, i) => `| ${i + 1} | ${(60 + next() * 20).toFixed(1)} | ${pick(WORDS)} |`,
      ),
    ].join('\n')
  const longAnswer = (blocks: number): string => {
    const out = [`## ${sentence().slice(0, -1)}`]
    for (let i = 0; i < blocks; i++) {
      const r = next()
      out.push(r < 0.45 ? paragraph() : r < 0.65 ? code() : r < 0.85 ? list() : table())
    }
    return out.join('\n\n')
  }
  return { next, pick, sentence, paragraph, longAnswer }
}

const message = (id: string, seq: number, role: 'user' | 'assistant', parts: MessagePart[]): Message => ({
  id,
  conversationId: CONVERSATION_ID,
  turnId: `turn-${Math.ceil(seq / 2)}`,
  seq,
  role,
  status: 'complete',
  interruptReason: undefined,
  error: undefined,
  parts,
  notices: [],
  reasoningMs: undefined,
  createdAt: NOW + seq * 1000,
  updatedAt: NOW + seq * 1000,
})

/** The conversation as `conversations.open` returns it (usage per answer included, as stored). */
export function conversationView(): ConversationView {
  const g = generator(13)
  const messages: Message[] = []
  const perMessage: ConversationView['usage']['perMessage'] = {}
  for (let turn = 1; turn <= MESSAGES / 2; turn++) {
    const seq = turn * 2 - 1
    const question = g.next() < 0.85 ? g.sentence() : `${g.paragraph(3)}\n\n${g.sentence()}`
    messages.push(message(`m-${seq}`, seq, 'user', [{ type: 'text', text: `${turn}. ${question}` }]))
    const r = g.next()
    const parts: MessagePart[] = []
    if (g.next() < 0.15) {
      // A tool call and its result, then the answer that uses it.
      const callId = `call-${turn}`
      const args = { metric: g.pick(['weight', 'sleep', 'steps']), from: '2026-01-01', to: '2026-02-01' }
      const output = {
        rows: Array.from({ length: 5 + Math.floor(g.next() * 20) }, (_, i) => ({
          day: i + 1,
          value: Math.round(g.next() * 1000) / 10,
        })),
      }
      parts.push({
        type: 'tool-call',
        callId,
        callIdIsLocal: false,
        toolName: 'query_measurements',
        argumentsText: JSON.stringify(args),
        arguments: args,
      })
      parts.push({
        type: 'tool-result',
        callId,
        toolName: 'query_measurements',
        outcome: {
          callId,
          toolName: 'query_measurements',
          status: 'succeeded',
          kind: 'read',
          output,
          repeated: false,
          idempotencyKey: undefined,
        },
      })
    }
    const text =
      r < 0.7
        ? g.paragraph(1 + Math.floor(g.next() * 3))
        : r < 0.92
          ? g.longAnswer(2 + Math.floor(g.next() * 4))
          : g.longAnswer(8 + Math.floor(g.next() * 16))
    parts.push({ type: 'text', text: `Answer ${turn}. ${text}` })
    const id = `m-${seq + 1}`
    messages.push(message(id, seq + 1, 'assistant', parts))
    perMessage[id] = {
      usage: {
        inputTokens: 1000 + turn,
        outputTokens: Math.round(text.length / 4),
        reasoningTokens: undefined,
        cachedInputTokens: undefined,
      },
      estimated: false,
      cost: null,
    }
  }
  const total = {
    usage: { inputTokens: 5_000_000, outputTokens: 900_000, reasoningTokens: undefined, cachedInputTokens: undefined },
    estimated: false,
    cost: null,
  }
  return {
    conversation: { id: CONVERSATION_ID, title: TITLE, createdAt: NOW, updatedAt: NOW + MESSAGES * 1000 },
    messages,
    usage: { perMessage, total },
    diagnostics: {},
  } as ConversationView
}

/** What the floor shows for a message: its text, tool calls as `name(arguments)` and results as JSON. */
export function plainTextOf(message: Message): string {
  const out: string[] = []
  for (const part of message.parts) {
    if (part.type === 'text') out.push(part.text)
    else if (part.type === 'tool-call') out.push(`${part.toolName}(${part.argumentsText})`)
    else if (part.type === 'tool-result' && part.outcome.status === 'succeeded')
      out.push(JSON.stringify(part.outcome.output))
  }
  return out.join('\n\n')
}

/** Marks in the first and last messages' text: the pages look for them on screen. */
export const FIRST_MARK = '1. '
export const LAST_MARK = `Answer ${MESSAGES / 2}.`

/** What each page reports for one run. */
export interface OpenResult {
  startedAt: number
  /** The frame at whose start the last screen was complete and at the end (its paint follows). */
  shownAt: number
  /** The next frame: the last screen has been painted. */
  paintedAt: number
  /** The view's JSON parsed (the transport's share, the same on both pages). */
  parsedAt: number
  scrollHeight: number
  clientHeight: number
  /** Message elements in the DOM once open. */
  mountedMessages: number
  lastText: string
  longTasks: number
  longTaskMaxMs: number
  error?: string
}

export interface ScrollResult {
  frames: number
  ms: number
  maxFrameMs: number
  /** Frame intervals over 50 ms. */
  slowFrames: number
  reachedTop: boolean
  firstText: string
  maxMountedMessages: number
  error?: string
}

declare global {
  interface Window {
    __benchReady?: boolean
    __benchError?: string
    __benchOpen?: () => Promise<OpenResult>
    __benchScroll?: (step: number) => Promise<ScrollResult>
  }
}
