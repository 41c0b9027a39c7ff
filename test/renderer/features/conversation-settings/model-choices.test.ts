// The Model picker's adapter over the settings view: today's five providers with their model,
// and named profiles with several models once the view carries them (S1), without duplicates.
import { describe, expect, it } from 'vitest'
import type { SettingsView } from '../../../../src/shared/ipc/app-contract'
import {
  choiceValue,
  parseChoice,
  providerChoices,
  providerName,
} from '../../../../src/renderer/src/features/conversation-settings/model-choices'

const provider = (id: string, model: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: '',
  baseUrl: 'http://x',
  model,
  models: [],
  key: { set: false },
  configured: true,
  price: null,
  ...extra,
})

describe('providerChoices', () => {
  it('lists each configured provider by its human name with its model', () => {
    const settings = {
      providers: [provider('anthropic', 'claude-x'), provider('openai-chat', 'gpt-y')],
    } as unknown as SettingsView
    expect(providerChoices(settings)).toEqual([
      { id: 'anthropic', name: 'Anthropic', models: ['claude-x'] },
      { id: 'openai-chat', name: 'OpenAI Chat Completions', models: ['gpt-y'] },
    ])
    expect(providerName(providerChoices(settings), 'gemini')).toBe('Google Gemini')
    expect(providerChoices(undefined)).toEqual([])
  })

  it('reads a profile’s own name and models, its default model once', () => {
    const settings = {
      providers: [provider('ollama', 'llama3', { name: 'Ollama (desk)', models: ['qwen3', 'llama3'] })],
    } as unknown as SettingsView
    expect(providerChoices(settings)).toEqual([{ id: 'ollama', name: 'Ollama (desk)', models: ['llama3', 'qwen3'] }])
  })

  it('lists only the providers set up, and the default one', () => {
    const settings = {
      defaultProvider: 'gemini',
      providers: [
        provider('anthropic', 'claude-x', { configured: false }),
        provider('gemini', 'g', { configured: false }),
        provider('ollama', 'llama3'),
      ],
    } as unknown as SettingsView
    expect(providerChoices(settings).map((choice) => choice.id)).toEqual(['gemini', 'ollama'])
  })

  it('a choice survives the round trip through a <select> value, even with colons and slashes in the model', () => {
    expect(parseChoice(choiceValue('openrouter', 'meta/llama:3.1'))).toEqual({
      provider: 'openrouter',
      model: 'meta/llama:3.1',
    })
    expect(parseChoice('no separator')).toBeUndefined()
  })
})
