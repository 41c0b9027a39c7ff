import type { ProviderDefinition } from '../provider-definition'
import { OPENAI_MAX_TOOLS, OPENAI_TOOL_NAME, OPENAI_TOP_LEVEL_FORBIDDEN } from '../provider-tool-rules'
import { buildOpenAIResponsesRequest } from './build-openai-responses-request'
import { createOpenAIResponsesStreamAdapter } from './openai-responses-stream-adapter'

/** OpenAI Responses (`POST /v1/responses`). */
export const openAIResponsesProvider: ProviderDefinition<'openai-responses'> = {
  id: 'openai-responses',
  label: 'OpenAI Responses',
  defaults: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-5-mini', keyVariable: 'OPENAI_API_KEY' },
  buildRequest: buildOpenAIResponsesRequest,
  createStreamAdapter: createOpenAIResponsesStreamAdapter,
  // Same function rules as Chat (128 tools, name, top level; array items: meilisearch/meilisearch-mcp#27,
  // `tools[8].parameters`). No description limit is on record for Responses, so none is applied.
  toolRules: {
    maxTools: OPENAI_MAX_TOOLS,
    maxDescriptionChars: undefined,
    namePattern: OPENAI_TOOL_NAME,
    topLevelForbidden: OPENAI_TOP_LEVEL_FORBIDDEN,
    arrayItemsRequired: true,
    refsInlined: false,
  },
}
