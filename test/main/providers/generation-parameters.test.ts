// A conversation's system prompt, output cap and temperature reach every provider in the field its
// API reads, the system prompt after Keel's date preamble; unset values send nothing (the provider's
// own default applies), except Anthropic's required max_tokens.
import { describe, expect, it } from 'vitest'
import { buildProviderRequest } from '../../../src/main/providers/provider-registry'
import { systemPrompt } from '../../../src/shared/date-preamble'
import { PROVIDER_IDS, type ProviderId } from '../../../src/shared/provider-id'

const PREAMBLE = 'Today is Tuesday, 1 December 2026 (2026-12-01).'

function build(provider: ProviderId, extra: { maxOutputTokens?: number; temperature?: number; userPrompt?: string }) {
  return buildProviderRequest(provider, {
    connection: { baseUrl: 'http://127.0.0.1:1/v1', apiKey: '', model: 'm' },
    system: systemPrompt(PREAMBLE, extra.userPrompt),
    history: [{ role: 'user', text: 'hi' }],
    tools: [],
    maxOutputTokens: extra.maxOutputTokens,
    temperature: extra.temperature,
  }).body as Record<string, any>
}

/** Where each API keeps the system prompt, the output cap and the temperature. */
const FIELDS: Record<
  ProviderId,
  { system: (b: any) => unknown; max: (b: any) => unknown; temperature: (b: any) => unknown }
> = {
  'openai-responses': {
    system: (b) => b.instructions,
    max: (b) => b.max_output_tokens,
    temperature: (b) => b.temperature,
  },
  'openai-chat': {
    system: (b) => b.messages[0].role === 'system' && b.messages[0].content,
    max: (b) => b.max_completion_tokens,
    temperature: (b) => b.temperature,
  },
  anthropic: { system: (b) => b.system, max: (b) => b.max_tokens, temperature: (b) => b.temperature },
  gemini: {
    system: (b) => b.systemInstruction?.parts[0].text,
    max: (b) => b.generationConfig?.maxOutputTokens,
    temperature: (b) => b.generationConfig?.temperature,
  },
  'gemini-interactions': {
    system: (b) => b.system_instruction,
    max: (b) => b.generation_config?.max_output_tokens,
    temperature: (b) => b.generation_config?.temperature,
  },
}

describe('generation parameters in every request builder', () => {
  it.each(PROVIDER_IDS)(
    '%s: the system prompt follows the preamble; cap and temperature in their fields',
    (provider) => {
      const body = build(provider, { maxOutputTokens: 1234, temperature: 0.3, userPrompt: 'Answer like a pirate.' })
      expect(FIELDS[provider].system(body)).toBe(`${PREAMBLE}\n\nAnswer like a pirate.`)
      expect(FIELDS[provider].max(body)).toBe(1234)
      expect(FIELDS[provider].temperature(body)).toBe(0.3)
    },
  )

  it.each(PROVIDER_IDS)('%s: nothing set sends no temperature and (but for Anthropic) no cap', (provider) => {
    const body = build(provider, {})
    expect(FIELDS[provider].system(body)).toBe(PREAMBLE)
    expect(FIELDS[provider].temperature(body)).toBeUndefined()
    expect(FIELDS[provider].max(body)).toBe(provider === 'anthropic' ? 8192 : undefined)
    expect(JSON.stringify(body)).not.toContain('temperature')
  })

  it('a temperature of 0 is sent (not taken for "unset")', () => {
    for (const provider of PROVIDER_IDS)
      expect(FIELDS[provider].temperature(build(provider, { temperature: 0 }))).toBe(0)
  })

  it('Anthropic lowers a temperature above its range (1) to 1; the others keep it', () => {
    expect(build('anthropic', { temperature: 1.7 }).temperature).toBe(1)
    expect(build('openai-chat', { temperature: 1.7 }).temperature).toBe(1.7)
  })

  it('a blank user prompt adds nothing after the preamble', () => {
    expect(build('anthropic', { userPrompt: '   ' }).system).toBe(PREAMBLE)
  })
})
