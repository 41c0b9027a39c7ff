// Tool results beyond JSON: images go to each provider in its own format (Chat Completions: in a
// following user message), and a huge result is cut for the model (with a note) while the whole
// stays stored for the user.
import { beforeEach, describe, expect, it } from 'vitest'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { approveAll } from '../../../src/main/harness/approval'
import { runTurn } from '../../../src/main/harness/run-turn'
import { scriptedModel, textAnswer, toolCallAnswer } from '../../../src/main/harness/scripted-model'
import { createStoreTurnRecorder } from '../../../src/main/harness/store-turn-recorder'
import { MAX_RESULT_BYTES_FOR_MODEL } from '../../../src/main/tools/tool-result-for-model'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import { PROVIDER_IDS, type ProviderId } from '../../../src/shared/provider-id'
import { TINY_PNG, createFakeExternalTools } from '../../support/fake-external-tools'
import { useTempStores } from '../db/store-fixtures'

const stores = useTempStores()
let store: KeelStore
beforeEach(() => {
  store = stores.open().store
})

async function callTool(provider: ProviderId, tool: string) {
  const model = scriptedModel(({ callIndex }) =>
    callIndex === 0
      ? { events: toolCallAnswer([{ id: 'call_1', name: tool, arguments: { target: 'sales' } }]) }
      : { events: textAnswer('Done.') },
  )
  const result = await runTurn({
    userText: 'Go',
    provider,
    connection: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: '', model: 'm' },
    locale: 'en',
    timeZone: 'UTC',
    signal: new AbortController().signal,
    approver: approveAll,
    onEvent: () => {},
    recorder: createStoreTurnRecorder(store),
    tools: createKeelToolRegistry(store, { sources: [createFakeExternalTools()] }).snapshot(),
    streamRound: model,
  }).done
  return { body: JSON.stringify(model.requests[1]!.body), parsed: model.requests[1]!.body, result }
}

/** Where the image is in each provider's next request. */
const IMAGE_WHERE: Record<ProviderId, (body: Record<string, unknown>) => unknown> = {
  anthropic: (body) =>
    (body.messages as { content: { type: string; content?: unknown }[] }[])
      .flatMap((m) => m.content)
      .find((b) => b.type === 'tool_result')?.content,
  'openai-responses': (body) =>
    (body.input as { type: string; output?: unknown }[]).find((i) => i.type === 'function_call_output')?.output,
  'openai-chat': (body) => (body.messages as { role: string; content: unknown }[]).at(-1),
  gemini: (body) =>
    (body.contents as { parts: { functionResponse?: { parts?: unknown } }[] }[])
      .flatMap((c) => c.parts)
      .find((p) => p.functionResponse)?.functionResponse?.parts,
  'gemini-interactions': (body) => JSON.stringify(body.input),
}

describe.each(PROVIDER_IDS)('%s', (provider) => {
  it('an image a tool returned reaches the model in this provider’s format', async () => {
    const { parsed } = await callTool(provider, 'draw_chart')
    const where = IMAGE_WHERE[provider](parsed)
    if (provider === 'gemini-interactions') {
      // Not verified for this API: the model is told the image was shown to the user.
      expect(where).toContain('image(s) shown to the user, not sent')
      return
    }
    expect(JSON.stringify(where)).toContain(TINY_PNG)
    if (provider === 'openai-chat') {
      // The tool message stays text; the image follows in a user message.
      expect(where).toMatchObject({
        role: 'user',
        content: [{ type: 'text' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${TINY_PNG}` } }],
      })
      const toolMessage = (parsed.messages as { role: string; content: unknown }[]).find((m) => m.role === 'tool')
      expect(typeof toolMessage?.content).toBe('string')
    }
  })
})

describe('a result too big for the model', () => {
  it('is cut for the model (head, tail, a note: still JSON) and kept whole for the user; later turns send the same cut', async () => {
    const { parsed, result } = await callTool('anthropic', 'dump_log')
    const block = (parsed.messages as { content: { type: string; content?: string }[] }[])
      .flatMap((m) => m.content)
      .find((b) => b.type === 'tool_result')!
    expect(block.content!.length).toBeLessThanOrEqual(MAX_RESULT_BYTES_FOR_MODEL)
    expect(JSON.parse(block.content!)).toMatchObject({
      truncated: true,
      note: expect.stringMatching(/only its first and last/),
    })
    const stored = store.conversations.getMessage(result.messageId)!.parts.find((p) => p.type === 'tool-result')!
    expect(stored.type === 'tool-result' && JSON.stringify(stored.outcome).length).toBeGreaterThan(300_000)
    expect(stored.type === 'tool-result' && stored.sent?.content).toBe(block.content)
  })
})
