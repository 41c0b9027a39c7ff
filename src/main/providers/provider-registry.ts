import type { ProviderId } from '../../shared/provider-id'
import { anthropicProvider } from './anthropic'
import { geminiProvider } from './gemini'
import { geminiInteractionsProvider } from './gemini-interactions'
import { openAIChatProvider } from './openai-chat'
import { openAIResponsesProvider } from './openai-responses'
import type { ProviderDefinition, ProviderDefinitionTable } from './provider-definition'
import type { BuildRequestInput, ProviderRequest } from './provider-request'
import { requestHistory } from './request-history'
import type { WireStreamAdapterFactory } from './wire-stream-adapter'

/**
 * The one table of wire APIs. Adding a provider: a folder with its request builder, stream
 * adapter and an `index.ts` exporting its {@link ProviderDefinition}, its id in `PROVIDER_IDS`,
 * and a line here (the compiler asks for it).
 */
export const PROVIDERS: ProviderDefinitionTable = {
  'openai-responses': openAIResponsesProvider,
  'openai-chat': openAIChatProvider,
  anthropic: anthropicProvider,
  gemini: geminiProvider,
  'gemini-interactions': geminiInteractionsProvider,
}

export function providerDefinition<Id extends ProviderId>(provider: Id): ProviderDefinition<Id> {
  return PROVIDERS[provider]
}

/**
 * Builds the streaming request for one provider from the provider-neutral history, as the request
 * carries it ({@link requestHistory}: earlier files within the provider's budget, no two user turns
 * in a row), for every wire API alike.
 */
export function buildProviderRequest(provider: ProviderId, input: BuildRequestInput): ProviderRequest {
  return PROVIDERS[provider].buildRequest({
    ...input,
    history: requestHistory(provider, input.history, input.currentQuestion),
  })
}

export function providerAdapterFactory(provider: ProviderId): WireStreamAdapterFactory {
  return PROVIDERS[provider].createStreamAdapter
}
