import type { ProviderDefinition } from '../provider-definition'
import { GEMINI_TOOL_RULES } from '../provider-tool-rules'
import { buildGeminiRequest } from './build-gemini-request'
import { createGeminiStreamAdapter } from './gemini-stream-adapter'

/** Gemini `models/{model}:streamGenerateContent` (and Vertex, same chunks). */
export const geminiProvider: ProviderDefinition<'gemini'> = {
  id: 'gemini',
  label: 'Gemini',
  defaults: {
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    model: 'gemini-2.5-flash',
    keyVariable: 'GEMINI_API_KEY',
  },
  buildRequest: buildGeminiRequest,
  createStreamAdapter: createGeminiStreamAdapter,
  // FunctionDeclaration.name (Vertex/Gemini reference); every `$ref` must resolve, none cyclic
  // ("reference to undefined schema": agent-infra/sandbox#83; cycles: google-gemini/gemini-cli#11393).
  toolRules: GEMINI_TOOL_RULES,
}
