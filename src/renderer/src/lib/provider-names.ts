import type { ProviderSettingsView } from '../../../shared/ipc/app-contract'
import type { PresetId } from '../../../shared/provider-profiles'
import type { Translate } from '../i18n/messages'

/** The order presets are offered in: local servers first (no key, chatting in a minute), then the clouds. */
export const PRESET_ORDER: readonly PresetId[] = [
  'ollama',
  'lmstudio',
  'openai',
  'anthropic',
  'gemini',
  'openrouter',
  'custom',
]

export function presetLabel(t: Translate, preset: PresetId): string {
  return t(`providers.preset.${preset}`)
}

/** A provider's name as people say it, in the window's language: the user's name, else the preset's (or the wire API's). */
export function providerLabel(
  t: Translate,
  provider: Pick<ProviderSettingsView, 'id' | 'name' | 'named' | 'preset'>,
): string {
  if (provider.named) return provider.name
  if (provider.id === 'openai-chat' || provider.id === 'gemini-interactions') return t(`providers.wire.${provider.id}`)
  return presetLabel(t, provider.preset)
}

/** `http://127.0.0.1:11434` of a base URL (for "is the server running at …?"). */
export function hostOfUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return parsed.host
  } catch {
    return url
  }
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim())
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
