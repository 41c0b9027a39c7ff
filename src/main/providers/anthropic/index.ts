import type { ProviderDefinition } from '../provider-definition'
import { createAnthropicStreamAdapter } from './anthropic-stream-adapter'
import { buildAnthropicRequest } from './build-anthropic-request'

/** Anthropic Messages (`POST /v1/messages`). */
export const anthropicProvider: ProviderDefinition<'anthropic'> = {
  id: 'anthropic',
  label: 'Anthropic',
  defaults: { baseUrl: 'https://api.anthropic.com/v1', model: 'claude-sonnet-4-5', keyVariable: 'ANTHROPIC_API_KEY' },
  buildRequest: buildAnthropicRequest,
  createStreamAdapter: createAnthropicStreamAdapter,
  // Name `^[a-zA-Z0-9_-]{1,128}$` (API error quoted in modelcontextprotocol/modelcontextprotocol#1345);
  // "input_schema does not support oneOf, allOf, or anyOf at the top level" (anthropics/claude-code#5319).
  toolRules: {
    maxTools: undefined,
    maxDescriptionChars: undefined,
    namePattern: /^[a-zA-Z0-9_-]{1,128}$/,
    topLevelForbidden: ['oneOf', 'allOf', 'anyOf'],
    arrayItemsRequired: false,
    refsInlined: false,
  },
}
