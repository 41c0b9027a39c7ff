/** The five wire APIs Keel speaks. Each id names one adapter in `src/main/providers`. */
export const PROVIDER_IDS = ['openai-responses', 'openai-chat', 'anthropic', 'gemini', 'gemini-interactions'] as const

export type ProviderId = (typeof PROVIDER_IDS)[number]

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === 'string' && (PROVIDER_IDS as readonly string[]).includes(value)
}
