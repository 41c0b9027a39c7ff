// Each adapter builds its streaming request from the provider-neutral history, with every tool
// result under the right call id in the provider's own form.
import { describe, expect, it } from 'vitest'
import type { HistoryMessage } from '../../../src/shared/chat-history'
import type { ProviderId } from '../../../src/shared/provider-id'
import { anthropicToolId } from '../../../src/main/providers/anthropic/build-anthropic-request'
import { resolveConnection, resolveDefaultProvider } from '../../../src/main/providers/provider-config'
import { buildProviderRequest } from '../../../src/main/providers/provider-registry'
import type { ProviderToolDefinition } from '../../../src/main/providers/provider-request'

const tools: ProviderToolDefinition[] = [
  {
    name: 'record_measurement',
    description: 'Record a measurement',
    inputSchema: {
      type: 'object',
      properties: { kind: { type: 'string' } },
      required: ['kind'],
      additionalProperties: false,
    },
  },
]

function turn(
  provider: ProviderId,
  calls: { id: string; local?: boolean; name: string; args: Record<string, unknown> | undefined; text?: string }[],
): HistoryMessage[] {
  return [
    { role: 'user', text: 'Record my height 180 cm and weight 75 kg' },
    {
      role: 'assistant',
      provider,
      text: 'Recording both.',
      toolCalls: calls.map((c) => ({
        callId: c.id,
        callIdIsLocal: c.local ?? false,
        name: c.name,
        argumentsText: c.text ?? JSON.stringify(c.args),
        arguments: c.args,
      })),
      replay: [],
    },
    {
      role: 'tool-results',
      results: calls.map((c, i) => ({
        callId: c.id,
        name: c.name,
        content: JSON.stringify({ ok: i }),
        isError: i === 1,
      })),
    },
  ]
}

const connection = { baseUrl: 'http://127.0.0.1:9/v1/', apiKey: 'sk-test', model: 'm-1' }
const build = (provider: ProviderId, history: HistoryMessage[]) =>
  buildProviderRequest(provider, { connection, system: 'Be brief.', history, tools, maxOutputTokens: undefined })

const twoCalls = [
  { id: 'call_H', name: 'record_measurement', args: { kind: 'height' } },
  { id: 'call_W', name: 'record_measurement', args: { kind: 'weight' } },
]

describe('request builders', () => {
  it('openai-responses: function_call items and function_call_output under call_id', () => {
    const request = build('openai-responses', turn('openai-responses', twoCalls))
    expect(request.url).toBe('http://127.0.0.1:9/v1/responses')
    expect(request.headers.authorization).toBe('Bearer sk-test')
    const input = request.body.input as Record<string, unknown>[]
    expect(input.filter((i) => i.type === 'function_call').map((i) => [i.call_id, i.arguments])).toEqual([
      ['call_H', '{"kind":"height"}'],
      ['call_W', '{"kind":"weight"}'],
    ])
    expect(input.filter((i) => i.type === 'function_call_output').map((i) => [i.call_id, i.output])).toEqual([
      ['call_H', '{"ok":0}'],
      ['call_W', '{"ok":1}'],
    ])
    expect(request.body).toMatchObject({ stream: true, store: false, instructions: 'Be brief.' })
    expect((request.body.tools as Record<string, unknown>[])[0]).toMatchObject({
      type: 'function',
      name: 'record_measurement',
    })
  })

  it('openai-chat: tool messages under tool_call_id, usage requested', () => {
    const request = build('openai-chat', turn('openai-chat', twoCalls))
    expect(request.url).toBe('http://127.0.0.1:9/v1/chat/completions')
    expect(request.body.stream_options).toEqual({ include_usage: true })
    const messages = request.body.messages as Record<string, unknown>[]
    expect(messages[0]).toEqual({ role: 'system', content: 'Be brief.' })
    const assistant = messages.find((m) => m.role === 'assistant') as { tool_calls: { id: string }[] }
    expect(assistant.tool_calls.map((c) => c.id)).toEqual(['call_H', 'call_W'])
    expect(messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, m.content])).toEqual([
      ['call_H', '{"ok":0}'],
      ['call_W', '{"ok":1}'],
    ])
  })

  it('anthropic: tool_result blocks under tool_use_id with is_error, thinking replayed with its signature', () => {
    const history = turn('anthropic', [
      { id: 'toolu_H', name: 'record_measurement', args: { kind: 'height' } },
      { id: 'toolu_W', name: 'record_measurement', args: { kind: 'weight' } },
    ])
    const assistant = history[1] as Extract<HistoryMessage, { role: 'assistant' }>
    assistant.replay = [{ type: 'anthropic-thinking', thinking: 'plan', signature: 'sig==' }]
    const request = build('anthropic', history)
    expect(request.url).toBe('http://127.0.0.1:9/v1/messages')
    expect(request.headers['x-api-key']).toBe('sk-test')
    expect(request.headers['anthropic-version']).toBe('2023-06-01')
    const messages = request.body.messages as { role: string; content: Record<string, unknown>[] }[]
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    expect(messages[1]!.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use', 'tool_use'])
    expect(messages[1]!.content[0]).toEqual({ type: 'thinking', thinking: 'plan', signature: 'sig==' })
    expect(messages[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_H', content: '{"ok":0}' },
      { type: 'tool_result', tool_use_id: 'toolu_W', content: '{"ok":1}', is_error: true },
    ])
    expect(request.body.max_tokens).toBeGreaterThan(0)
  })

  it('gemini: functionResponse carries the id only when Gemini sent one', () => {
    const request = build(
      'gemini',
      turn('gemini', [
        { id: 'keel_local_1', local: true, name: 'record_measurement', args: { kind: 'height' } },
        { id: 'call_g2', name: 'record_measurement', args: { kind: 'weight' } },
      ]),
    )
    expect(request.url).toBe('http://127.0.0.1:9/v1/models/m-1:streamGenerateContent?alt=sse')
    expect(request.headers['x-goog-api-key']).toBe('sk-test')
    const contents = request.body.contents as { role: string; parts: Record<string, Record<string, unknown>>[] }[]
    expect(contents.map((c) => c.role)).toEqual(['user', 'model', 'user'])
    expect(contents[1]!.parts.slice(1).map((p) => p.functionCall)).toEqual([
      { name: 'record_measurement', args: { kind: 'height' } },
      { name: 'record_measurement', args: { kind: 'weight' }, id: 'call_g2' },
    ])
    expect(contents[2]!.parts.map((p) => p.functionResponse)).toEqual([
      { name: 'record_measurement', response: { result: { ok: 0 } } },
      { name: 'record_measurement', response: { error: { ok: 1 } }, id: 'call_g2' },
    ])
  })

  it('gemini: thought signatures go back on the part they came with', () => {
    const history = turn('gemini', [
      { id: 'keel_local_1', local: true, name: 'record_measurement', args: { kind: 'height' } },
    ])
    const assistant = history[1] as Extract<HistoryMessage, { role: 'assistant' }>
    assistant.replay = [{ type: 'gemini-thought-signature', signature: 'CiQ=', callId: 'keel_local_1' }]
    const contents = build('gemini', history).body.contents as { parts: Record<string, unknown>[] }[]
    expect(contents[1]!.parts[1]).toMatchObject({ thoughtSignature: 'CiQ=' })
  })

  it('gemini-interactions: function_result under the function_call step id', () => {
    const request = build(
      'gemini-interactions',
      turn('gemini-interactions', [{ id: '61nzpsv4', name: 'record_measurement', args: { kind: 'height' } }]),
    )
    expect(request.url).toBe('http://127.0.0.1:9/v1/interactions')
    const steps = request.body.input as Record<string, unknown>[]
    expect(steps.map((s) => s.type)).toEqual(['user_input', 'model_output', 'function_call', 'user_input'])
    expect(steps[2]).toMatchObject({ id: '61nzpsv4', name: 'record_measurement', arguments: { kind: 'height' } })
    expect(steps[3]).toEqual({
      type: 'user_input',
      content: [{ type: 'function_result', call_id: '61nzpsv4', name: 'record_measurement', result: '{"ok":0}' }],
    })
    expect(request.body).toMatchObject({ stream: true, store: false, system_instruction: 'Be brief.' })
  })

  it('a conversation can move to another provider: foreign reasoning is dropped, ids stay consistent', () => {
    const history = turn('gemini', [
      { id: 'keel_call_gemini_r:1', local: true, name: 'record_measurement', args: { kind: 'height' } },
    ])
    const assistant = history[1] as Extract<HistoryMessage, { role: 'assistant' }>
    assistant.replay = [{ type: 'gemini-thought-signature', signature: 'CiQ=', callId: 'keel_call_gemini_r:1' }]
    const request = build('anthropic', history)
    const messages = request.body.messages as { content: Record<string, unknown>[] }[]
    const useId = messages[1]!.content.find((b) => b.type === 'tool_use')!.id
    expect(useId).toMatch(/^[a-zA-Z0-9_-]+$/)
    expect(messages[2]!.content[0]!.tool_use_id).toBe(useId)
    expect(JSON.stringify(request.body)).not.toContain('CiQ=')
  })

  it('a call whose arguments never parsed is echoed with its text (OpenAI) or an empty object, never run', () => {
    const request = build(
      'openai-chat',
      turn('openai-chat', [{ id: 'call_X', name: 'record_measurement', args: undefined, text: '{"kind":' }]),
    )
    const assistant = (request.body.messages as Record<string, unknown>[]).find((m) => m.role === 'assistant') as {
      tool_calls: { function: { arguments: string } }[]
    }
    expect(assistant.tool_calls[0]!.function.arguments).toBe('{"kind":')
  })

  it('anthropicToolId keeps valid ids and maps others deterministically', () => {
    expect(anthropicToolId('toolu_01AbC-d')).toBe('toolu_01AbC-d')
    expect(anthropicToolId('llm_version:0')).toBe(anthropicToolId('llm_version:0'))
    expect(anthropicToolId('llm_version:0')).not.toBe(anthropicToolId('llm_version:1'))
    expect(anthropicToolId('x'.repeat(100))).toMatch(/^[a-zA-Z0-9_-]{1,64}$/)
  })
})

describe('provider configuration', () => {
  it('environment overrides settings, flags override environment', () => {
    const env = {
      KEEL_OPENAI_CHAT_BASE_URL: 'http://127.0.0.1:11434/v1',
      KEEL_OPENAI_CHAT_MODEL: 'llama3',
      OPENAI_API_KEY: 'sk-env',
    }
    expect(
      resolveConnection('openai-chat', {
        env,
        settings: { baseUrl: 'http://saved', model: 'saved', apiKey: 'sk-saved' },
      }),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3',
      apiKey: 'sk-env',
    })
    expect(resolveConnection('openai-chat', { env, overrides: { model: 'flag-model' } }).model).toBe('flag-model')
    expect(
      resolveConnection('gemini-interactions', { env: { KEEL_GEMINI_INTERACTIONS_BASE_URL: 'http://x' } }).baseUrl,
    ).toBe('http://x')
    expect(resolveConnection('anthropic', {})).toMatchObject({ baseUrl: 'https://api.anthropic.com/v1', apiKey: '' })
  })

  it('KEEL_DEFAULT_PROVIDER picks the default provider; unknown values are ignored', () => {
    expect(resolveDefaultProvider({ KEEL_DEFAULT_PROVIDER: 'gemini' })).toBe('gemini')
    expect(resolveDefaultProvider({ KEEL_DEFAULT_PROVIDER: 'cohere' }, 'anthropic')).toBe('anthropic')
    expect(resolveDefaultProvider({})).toBe('openai-responses')
  })
})
