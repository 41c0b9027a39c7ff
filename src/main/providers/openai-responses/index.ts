import type { ProviderDefinition } from '../provider-definition'
import { buildOpenAIResponsesRequest } from './build-openai-responses-request'
import { createOpenAIResponsesStreamAdapter } from './openai-responses-stream-adapter'

/** OpenAI Responses (`POST /v1/responses`). */
export const openAIResponsesProvider: ProviderDefinition<'openai-responses'> = {
  id: 'openai-responses',
  label: 'OpenAI Responses',
  defaults: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-5-mini', keyVariable: 'OPENAI_API_KEY' },
  buildRequest: buildOpenAIResponsesRequest,
  createStreamAdapter: createOpenAIResponsesStreamAdapter,
}
