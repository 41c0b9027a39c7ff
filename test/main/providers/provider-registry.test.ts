// One definition object per wire API, one table: every provider id has exactly one definition,
// filed under its own id, and the old entry points (request builder, adapter factory, defaults)
// all read it. The `@ts-expect-error` lines are checked by `npm run typecheck` (tsconfig.test.json):
// they prove that a table missing a provider, or holding one under another's id, does not compile,
// which is what makes the compiler ask for a sixth provider's definition.
import { describe, expect, expectTypeOf, it } from 'vitest'
import { anthropicProvider } from '../../../src/main/providers/anthropic'
import { geminiProvider } from '../../../src/main/providers/gemini'
import { geminiInteractionsProvider } from '../../../src/main/providers/gemini-interactions'
import { openAIChatProvider } from '../../../src/main/providers/openai-chat'
import { openAIResponsesProvider } from '../../../src/main/providers/openai-responses'
import { PROVIDER_DEFAULTS, resolveConnection } from '../../../src/main/providers/provider-config'
import type { ProviderDefinitionTable } from '../../../src/main/providers/provider-definition'
import {
  PROVIDERS,
  buildProviderRequest,
  providerAdapterFactory,
  providerDefinition,
} from '../../../src/main/providers/provider-registry'
import { TurnAccumulator } from '../../../src/main/providers/turn-accumulator'
import { PROVIDER_IDS, type ProviderId } from '../../../src/shared/provider-id'

describe('provider registry', () => {
  it('has exactly one definition per provider id, each filed under its own id', () => {
    expect(Object.keys(PROVIDERS).sort()).toStrictEqual([...PROVIDER_IDS].sort())
    for (const id of PROVIDER_IDS) {
      expect(PROVIDERS[id].id).toBe(id)
      expect(providerDefinition(id)).toBe(PROVIDERS[id])
    }
    const definitions = Object.values(PROVIDERS)
    expect(new Set(definitions).size).toBe(PROVIDER_IDS.length)
    expect(new Set(definitions.map((d) => d.label)).size).toBe(PROVIDER_IDS.length)
    expectTypeOf<keyof typeof PROVIDERS>().toEqualTypeOf<ProviderId>()
  })

  it('each label is the name its stream adapter uses in messages (one name per provider)', () => {
    for (const id of PROVIDER_IDS) {
      const adapter = PROVIDERS[id].createStreamAdapter(new TurnAccumulator(id, 'test_'))
      expect(adapter.label, id).toBe(PROVIDERS[id].label)
    }
  })

  it('the request builder, adapter factory and defaults entry points all read the definition', () => {
    const input = {
      connection: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' },
      system: undefined,
      history: [{ role: 'user' as const, text: 'hi' }],
      tools: [],
      maxOutputTokens: 64,
    }
    for (const id of PROVIDER_IDS) {
      expect(providerAdapterFactory(id)).toBe(PROVIDERS[id].createStreamAdapter)
      expect(buildProviderRequest(id, input)).toStrictEqual(PROVIDERS[id].buildRequest(input))
      expect(PROVIDER_DEFAULTS[id]).toBe(PROVIDERS[id].defaults)
      expect(resolveConnection(id, { env: {} })).toStrictEqual({
        baseUrl: PROVIDERS[id].defaults.baseUrl,
        model: PROVIDERS[id].defaults.model,
        apiKey: '',
      })
    }
  })

  it('keeps the built-in defaults it had before the definitions existed', () => {
    expect(PROVIDER_DEFAULTS).toStrictEqual({
      'openai-responses': { baseUrl: 'https://api.openai.com/v1', model: 'gpt-5-mini', keyVariable: 'OPENAI_API_KEY' },
      'openai-chat': { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4.1-mini', keyVariable: 'OPENAI_API_KEY' },
      anthropic: {
        baseUrl: 'https://api.anthropic.com/v1',
        model: 'claude-sonnet-4-5',
        keyVariable: 'ANTHROPIC_API_KEY',
      },
      gemini: {
        baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
        model: 'gemini-2.5-flash',
        keyVariable: 'GEMINI_API_KEY',
      },
      'gemini-interactions': {
        baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
        model: 'gemini-2.5-flash',
        keyVariable: 'GEMINI_API_KEY',
      },
    })
  })

  it('refuses, at compile time, a table that misses a provider or files one under another id', () => {
    // @ts-expect-error -- 'gemini-interactions' has no definition: a new id in PROVIDER_IDS fails like this
    const missing: ProviderDefinitionTable = {
      'openai-responses': openAIResponsesProvider,
      'openai-chat': openAIChatProvider,
      anthropic: anthropicProvider,
      gemini: geminiProvider,
    }
    const swapped: ProviderDefinitionTable = {
      'openai-responses': openAIResponsesProvider,
      'openai-chat': openAIChatProvider,
      anthropic: anthropicProvider,
      // @ts-expect-error -- the Interactions definition cannot stand in for Gemini's
      gemini: geminiInteractionsProvider,
      'gemini-interactions': geminiInteractionsProvider,
    }
    expect(Object.keys(missing)).toHaveLength(PROVIDER_IDS.length - 1)
    expect(swapped.gemini.id).not.toBe('gemini')
  })
})
