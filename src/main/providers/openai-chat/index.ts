import type { ProviderDefinition } from '../provider-definition'
import { buildOpenAIChatRequest } from './build-openai-chat-request'
import { createOpenAIChatStreamAdapter } from './openai-chat-stream-adapter'

/** OpenAI Chat Completions (`POST /v1/chat/completions`) and the servers compatible with it. */
export const openAIChatProvider: ProviderDefinition<'openai-chat'> = {
  id: 'openai-chat',
  label: 'OpenAI Chat Completions',
  defaults: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4.1-mini', keyVariable: 'OPENAI_API_KEY' },
  buildRequest: buildOpenAIChatRequest,
  createStreamAdapter: createOpenAIChatStreamAdapter,
}
