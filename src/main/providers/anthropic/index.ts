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
}
