import type { SettingsView } from '../../../../shared/ipc/app-contract'

/** One configured provider as the Model picker lists it. */
export interface ProviderChoice {
  id: string
  name: string
  models: string[]
}

/** Proper names of the five wire APIs (a configured profile brings its own name). */
const WIRE_NAMES: Readonly<Record<string, string>> = {
  'openai-responses': 'OpenAI',
  'openai-chat': 'OpenAI Chat Completions',
  anthropic: 'Anthropic',
  gemini: 'Google Gemini',
  'gemini-interactions': 'Gemini Interactions',
}

/**
 * The providers and models the Model picker offers, read from the settings view: the providers set
 * up (saved, or given a key or URL by the environment) and the default one, each with the models
 * its server listed and its own model.
 */
export function providerChoices(settings: SettingsView | undefined): ProviderChoice[] {
  return (settings?.providers ?? [])
    .filter((provider) => provider.configured || provider.id === settings?.defaultProvider)
    .map((provider) => {
      const models = [...new Set([provider.model, ...provider.models].filter((m) => m.trim() !== ''))]
      return { id: provider.id, name: provider.name || (WIRE_NAMES[provider.id] ?? provider.id), models }
    })
}

/** The provider's display name (its id when it is not configured any more). */
export function providerName(choices: readonly ProviderChoice[], id: string): string {
  return choices.find((choice) => choice.id === id)?.name ?? WIRE_NAMES[id] ?? id
}

/** A `<select>` value for a provider and model (a NUL cannot be in either). */
export const choiceValue = (provider: string, model: string): string => `${provider}\u0000${model}`

export function parseChoice(value: string): { provider: string; model: string } | undefined {
  const at = value.indexOf('\u0000')
  return at > 0 ? { provider: value.slice(0, at), model: value.slice(at + 1) } : undefined
}
