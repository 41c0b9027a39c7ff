import type { ProviderId } from '../../shared/provider-id'
import { createAnthropicStreamAdapter } from './anthropic/anthropic-stream-adapter'
import { createGeminiStreamAdapter } from './gemini/gemini-stream-adapter'
import { createGeminiInteractionsStreamAdapter } from './gemini-interactions/gemini-interactions-stream-adapter'
import { createOpenAIChatStreamAdapter } from './openai-chat/openai-chat-stream-adapter'
import { createOpenAIResponsesStreamAdapter } from './openai-responses/openai-responses-stream-adapter'
import type { WireStreamAdapterFactory } from './wire-stream-adapter'

const FACTORIES: Record<ProviderId, WireStreamAdapterFactory> = {
  'openai-responses': createOpenAIResponsesStreamAdapter,
  'openai-chat': createOpenAIChatStreamAdapter,
  anthropic: createAnthropicStreamAdapter,
  gemini: createGeminiStreamAdapter,
  'gemini-interactions': createGeminiInteractionsStreamAdapter,
}

export function providerAdapterFactory(provider: ProviderId): WireStreamAdapterFactory {
  return FACTORIES[provider]
}
