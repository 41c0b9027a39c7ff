import type { ProviderDefinition } from '../provider-definition'
import { OPENAI_MAX_TOOLS, OPENAI_TOOL_NAME, OPENAI_TOP_LEVEL_FORBIDDEN } from '../provider-tool-rules'
import { buildOpenAIChatRequest } from './build-openai-chat-request'
import { createOpenAIChatStreamAdapter } from './openai-chat-stream-adapter'

/** OpenAI Chat Completions (`POST /v1/chat/completions`) and the servers compatible with it. */
export const openAIChatProvider: ProviderDefinition<'openai-chat'> = {
  id: 'openai-chat',
  label: 'OpenAI Chat Completions',
  defaults: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4.1-mini', keyVariable: 'OPENAI_API_KEY' },
  buildRequest: buildOpenAIChatRequest,
  createStreamAdapter: createOpenAIChatStreamAdapter,
  // https://github.com/getsentry/sentry-mcp/issues/106, microsoft/genaiscript#1381 (description
  // ≤ 1024, 400 `string_above_max_length`); array items: sigoden/aichat#1049, gumloop/guMCP#136.
  toolRules: {
    maxTools: OPENAI_MAX_TOOLS,
    maxDescriptionChars: 1024,
    namePattern: OPENAI_TOOL_NAME,
    topLevelForbidden: OPENAI_TOP_LEVEL_FORBIDDEN,
    arrayItemsRequired: true,
    refsInlined: false,
  },
}
