import type { ProviderDefinition } from '../provider-definition'
import { GEMINI_TOOL_RULES } from '../provider-tool-rules'
import { buildGeminiInteractionsRequest } from './build-gemini-interactions-request'
import { createGeminiInteractionsStreamAdapter } from './gemini-interactions-stream-adapter'

/** Gemini Interactions (`POST /v1beta/interactions`). */
export const geminiInteractionsProvider: ProviderDefinition<'gemini-interactions'> = {
  id: 'gemini-interactions',
  label: 'Gemini Interactions',
  defaults: {
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    model: 'gemini-2.5-flash',
    keyVariable: 'GEMINI_API_KEY',
  },
  buildRequest: buildGeminiInteractionsRequest,
  createStreamAdapter: createGeminiInteractionsStreamAdapter,
  // Its `parameters` take JSON Schema as `parametersJsonSchema` does; Gemini's rules are assumed (none of its own on record).
  toolRules: GEMINI_TOOL_RULES,
}
