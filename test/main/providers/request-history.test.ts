// What one request carries of the history: earlier files within the provider's budget (newest
// first, the rest named by a placeholder), the question's own files always, order kept; and no two
// user turns in a row.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { HistoryAttachment, HistoryMessage, HistoryUserMessage } from '../../../src/shared/chat-history'
import { PROVIDER_IDS } from '../../../src/shared/provider-id'
import { buildProviderRequest } from '../../../src/main/providers/provider-registry'
import {
  HISTORY_BUDGETS,
  fitHistoryToBudget,
  lastUserIndex,
  mergeConsecutiveUserMessages,
  requestHistory,
  type HistoryBudget,
} from '../../../src/main/providers/request-history'

const image = (name: string, size: number): HistoryAttachment => ({
  kind: 'image',
  name,
  mimeType: 'image/png',
  data: 'A'.repeat(size),
})
const text = (name: string, size: number): HistoryAttachment => ({ kind: 'text', name, text: 'x'.repeat(size) })
const user = (words: string, attachments: HistoryAttachment[] = []): HistoryUserMessage => ({
  role: 'user',
  text: words,
  ...(attachments.length > 0 ? { attachments } : {}),
})
const answer = (words: string): HistoryMessage => ({
  role: 'assistant',
  provider: 'anthropic',
  text: words,
  toolCalls: [],
  replay: [],
})
const budget: HistoryBudget = { images: 3, imageBytes: 100, textBytes: 50 }

function filesOf(history: readonly HistoryMessage[]): HistoryAttachment[][] {
  return history.map((m) => (m.role === 'user' ? (m.attachments ?? []) : []))
}
function names(history: readonly HistoryMessage[]): string[] {
  return filesOf(history)
    .flat()
    .map((f) => `${f.kind}:${f.name}`)
}

describe('fitHistoryToBudget', () => {
  it('keeps everything when it fits (the same messages)', () => {
    const history = [user('q1', [image('a.png', 10)]), answer('a1'), user('q2', [image('b.png', 10)])]
    expect(fitHistoryToBudget(history, budget)).toEqual(history)
  })

  it('leaves the oldest images out first, each named in its place; the question keeps its own', () => {
    const history = [
      user('q1', [image('old.png', 40), text('notes.md', 5)]),
      answer('a1'),
      user('q2', [image('mid.png', 40)]),
      answer('a2'),
      user('q3', [image('now.png', 40)]),
    ]
    const fitted = fitHistoryToBudget(history, budget)
    expect(names(fitted)).toEqual(['omitted:old.png', 'text:notes.md', 'image:mid.png', 'image:now.png'])
    expect(filesOf(fitted)[0]![0]).toEqual({ kind: 'omitted', name: 'old.png', was: 'image' })
  })

  it('by count too; and from the first that does not fit, older ones stay out (even small ones)', () => {
    const history = [
      user('q1', [image('tiny.png', 1)]),
      answer('a1'),
      user('q2', [image('big.png', 91)]),
      answer('a2'),
      user('q3', [image('c.png', 5), image('d.png', 5)]),
    ]
    expect(names(fitHistoryToBudget(history, budget))).toEqual([
      'omitted:tiny.png',
      'omitted:big.png',
      'image:c.png',
      'image:d.png',
    ])
    const many = [user('q1', [image('1', 1), image('2', 1), image('3', 1)]), answer('a'), user('q2', [image('4', 1)])]
    expect(names(fitHistoryToBudget(many, budget))).toEqual(['omitted:1', 'image:2', 'image:3', 'image:4'])
  })

  it('text files have their own budget', () => {
    const history = [
      user('q1', [text('a.txt', 30)]),
      answer('a1'),
      user('q2', [text('b.txt', 30)]),
      answer('a2'),
      user('q3'),
    ]
    expect(names(fitHistoryToBudget(history, budget))).toEqual(['omitted:a.txt', 'text:b.txt'])
  })

  it("the question's files go even over the budget (then no earlier one does)", () => {
    const history = [
      user('q1', [image('old.png', 1)]),
      answer('a1'),
      user('q2', [image('huge.png', 500), text('huge.txt', 500)]),
    ]
    expect(names(fitHistoryToBudget(history, budget))).toEqual(['omitted:old.png', 'image:huge.png', 'text:huge.txt'])
  })

  it('an explicit question (Continue: the request to go on comes after it) keeps its files', () => {
    const history = [user('q1', [image('q.png', 90)]), answer('partial'), user('Continue')]
    expect(names(fitHistoryToBudget(history, { ...budget, imageBytes: 50 }, 0))).toEqual(['image:q.png'])
    expect(names(fitHistoryToBudget(history, { ...budget, imageBytes: 50 }))).toEqual(['omitted:q.png'])
  })

  it("earlier tool images count and are left out with a note in their result; this turn's stay", () => {
    const tools = (id: string, size: number): HistoryMessage => ({
      role: 'tool-results',
      results: [
        {
          callId: id,
          name: 'shot',
          content: '{}',
          isError: false,
          images: [{ mimeType: 'image/png', data: 'A'.repeat(size) }],
        },
      ],
    })
    const call = (id: string): HistoryMessage => ({
      role: 'assistant',
      provider: 'anthropic',
      text: '',
      toolCalls: [{ callId: id, callIdIsLocal: false, name: 'shot', argumentsText: '{}', arguments: {} }],
      replay: [],
    })
    const history = [user('q1'), call('c1'), tools('c1', 80), answer('a1'), user('q2'), call('c2'), tools('c2', 80)]
    const fitted = fitHistoryToBudget(history, budget)
    const earlier = fitted[2] as Extract<HistoryMessage, { role: 'tool-results' }>
    expect(earlier.results[0]!.images).toBeUndefined()
    expect(earlier.results[0]!.content).toBe('{}\n[1 image returned by this call omitted from this request]')
    expect(fitted[6]).toEqual(history[6])
  })
})

describe('fitHistoryToBudget, for any history (property)', () => {
  const file = fc.oneof(
    fc.record({
      kind: fc.constant('image' as const),
      name: fc.string({ minLength: 1, maxLength: 8 }),
      mimeType: fc.constant('image/png'),
      data: fc.nat({ max: 60 }).map((n) => 'A'.repeat(n)),
    }),
    fc.record({
      kind: fc.constant('text' as const),
      name: fc.string({ minLength: 1, maxLength: 8 }),
      text: fc.string({ maxLength: 40 }),
    }),
  )
  const message: fc.Arbitrary<HistoryMessage> = fc.oneof(
    fc.record({
      role: fc.constant('user' as const),
      text: fc.string({ maxLength: 5 }),
      attachments: fc.array(file, { maxLength: 4 }),
    }),
    fc.constant(answer('a')),
  )
  const budgets = fc.record({
    images: fc.nat({ max: 6 }),
    imageBytes: fc.nat({ max: 200 }),
    textBytes: fc.nat({ max: 120 }),
  })
  const cost = (files: HistoryAttachment[]) => ({
    images: files.filter((f) => f.kind === 'image').length,
    imageBytes: files.reduce((sum, f) => sum + (f.kind === 'image' ? f.data.length : 0), 0),
    textBytes: files.reduce((sum, f) => sum + (f.kind === 'text' ? Buffer.byteLength(f.text) : 0), 0),
  })

  it("never over budget beyond what the question itself needs; the question's files always; order and messages kept", () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), budgets, (history, limit) => {
        const fitted = fitHistoryToBudget(history, limit)
        const current = lastUserIndex(history)
        // Same messages, same files in the same places (a left-out one is named, in its place).
        expect(fitted.map((m) => m.role)).toEqual(history.map((m) => m.role))
        const before = filesOf(history)
        const after = filesOf(fitted)
        after.forEach((files, m) => {
          expect(files.map((f) => f.name)).toEqual(before[m]!.map((f) => f.name))
          files.forEach((f, i) => {
            if (f.kind !== 'omitted') expect(f).toBe(before[m]![i])
            else expect(f.was).toBe(before[m]![i]!.kind)
          })
        })
        // The question's files, all of them.
        if (current >= 0) expect(after[current]).toEqual(before[current])
        // Within the budget, or only the question's own files over it.
        const sent = cost(after.flat())
        const own = cost(current >= 0 ? before[current]! : [])
        expect(sent.images).toBeLessThanOrEqual(Math.max(limit.images, own.images))
        expect(sent.imageBytes).toBeLessThanOrEqual(Math.max(limit.imageBytes, own.imageBytes))
        expect(sent.textBytes).toBeLessThanOrEqual(Math.max(limit.textBytes, own.textBytes))
        // Newest first: no earlier image is sent while a later earlier one is left out.
        const earlier = after.slice(0, Math.max(0, current)).flat()
        for (const kind of ['image', 'text'] as const) {
          const states = earlier
            .filter((f) => (f.kind === 'omitted' ? f.was : f.kind) === kind)
            .map((f) => f.kind === 'omitted')
          // All left-out ones (true) before all sent ones (false).
          expect(states).toEqual([...states].sort((a, b) => Number(b) - Number(a)))
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('mergeConsecutiveUserMessages', () => {
  it('merges a question left without an answer into the next one: texts by a blank line, files in order', () => {
    const history = [user('q1', [image('a.png', 1)]), user('q2', [text('b.txt', 1)]), answer('a2'), user('q3')]
    expect(mergeConsecutiveUserMessages(history)).toEqual([
      user('q1\n\nq2', [image('a.png', 1), text('b.txt', 1)]),
      answer('a2'),
      user('q3'),
    ])
    expect(mergeConsecutiveUserMessages([user(''), user('only')])).toEqual([user('only')])
  })

  it('never leaves two user messages in a row, and loses no text (property)', () => {
    const message = fc.oneof(
      fc.string({ minLength: 1, maxLength: 4 }).map((t) => user(t)),
      fc.constant(answer('a')),
    )
    fc.assert(
      fc.property(fc.array(message, { maxLength: 10 }), (history) => {
        const merged = mergeConsecutiveUserMessages(history)
        merged.forEach((m, i) => expect(m.role === 'user' && merged[i + 1]?.role === 'user').toBe(false))
        const words = (list: HistoryMessage[]) => list.flatMap((m) => (m.role === 'user' ? m.text.split('\n\n') : []))
        expect(words(merged)).toEqual(words(history))
      }),
    )
  })
})

describe("in every provider's request", () => {
  it('each wire API has a budget under its documented limits', () => {
    for (const id of PROVIDER_IDS) expect(HISTORY_BUDGETS[id].images).toBeGreaterThan(0)
    expect(HISTORY_BUDGETS.anthropic.images).toBeLessThanOrEqual(100)
    expect(HISTORY_BUDGETS.anthropic.imageBytes).toBeLessThan(32 * 1000 * 1000)
    expect(HISTORY_BUDGETS.gemini.imageBytes).toBeLessThan(20 * 1000 * 1000)
    expect(HISTORY_BUDGETS['openai-responses'].imageBytes).toBeLessThan(50 * 1000 * 1000)
  })

  it.each(PROVIDER_IDS)(
    '%s: a left-out image is a placeholder line, and two questions in a row are one user turn',
    (provider) => {
      const many = Array.from({ length: HISTORY_BUDGETS[provider].images + 1 }, (_, i) => image(`p${i}.png`, 4))
      const history = [user('first', many), user('second'), answer('ok'), user('now')]
      const prepared = requestHistory(provider, history)
      expect(prepared.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
      const body = JSON.stringify(
        buildProviderRequest(provider, {
          connection: { baseUrl: 'http://127.0.0.1:9', apiKey: 'k', model: 'm' },
          system: undefined,
          history,
          tools: [],
          maxOutputTokens: 64,
        }).body,
      )
      expect(body).toContain('[image omitted: p0.png]')
      expect(body).not.toContain('[image omitted: p1.png]')
      expect(body).toContain('first\\n\\nsecond')
    },
  )
})
