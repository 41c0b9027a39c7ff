import type { ProviderId } from '../../shared/provider-id'
import { buildAnthropicRequest } from './anthropic/build-anthropic-request'
import { buildGeminiRequest } from './gemini/build-gemini-request'
import { buildGeminiInteractionsRequest } from './gemini-interactions/build-gemini-interactions-request'
import { buildOpenAIChatRequest } from './openai-chat/build-openai-chat-request'
import { buildOpenAIResponsesRequest } from './openai-responses/build-openai-responses-request'
import type { BuildRequestInput, ProviderRequest } from './provider-request'

const BUILDERS: Record<ProviderId, (input: BuildRequestInput) => ProviderRequest> = {
  'openai-responses': buildOpenAIResponsesRequest,
  'openai-chat': buildOpenAIChatRequest,
  anthropic: buildAnthropicRequest,
  gemini: buildGeminiRequest,
  'gemini-interactions': buildGeminiInteractionsRequest,
}

/** Builds the streaming request for one provider from the provider-neutral history. */
export function buildProviderRequest(provider: ProviderId, input: BuildRequestInput): ProviderRequest {
  return BUILDERS[provider](input)
}
