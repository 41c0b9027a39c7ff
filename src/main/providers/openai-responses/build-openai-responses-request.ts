import { bearer } from '../http-auth'
import { clientToolsBeside, joinUrl, type BuildRequestInput, type ProviderRequest } from '../provider-request'
import { dataUrl, userMessageParts } from '../user-message-parts'

/**
 * Responses request: history as input items, tool results as `function_call_output` under the
 * call's `call_id` (with the `function_call` item itself in the input). Stateless (`store: false`),
 * so reasoning is sent back as encrypted items when this provider produced them.
 * @see https://platform.openai.com/docs/api-reference/responses/create
 */
export function buildOpenAIResponsesRequest(input: BuildRequestInput): ProviderRequest {
  const items: Record<string, unknown>[] = []
  for (const message of input.history) {
    switch (message.role) {
      case 'user':
        items.push({
          role: 'user',
          content: userMessageParts(message).map((part) =>
            part.type === 'image'
              ? { type: 'input_image', image_url: dataUrl(part) }
              : { type: 'input_text', text: part.text },
          ),
        })
        break
      case 'assistant':
        if (message.provider === 'openai-responses') {
          for (const item of message.replay) {
            if (item.type === 'openai-reasoning' && item.encryptedContent) {
              items.push({
                type: 'reasoning',
                id: item.itemId,
                encrypted_content: item.encryptedContent,
                summary: item.summary.map((text) => ({ type: 'summary_text', text })),
              })
            }
          }
        }
        if (message.text.length > 0) {
          items.push({ role: 'assistant', content: [{ type: 'output_text', text: message.text }] })
        }
        for (const call of message.toolCalls) {
          items.push({
            type: 'function_call',
            call_id: call.callId,
            name: call.name,
            arguments: call.argumentsText || '{}',
          })
        }
        break
      case 'tool-results':
        for (const result of message.results) {
          // Images go inside the output, as `input_image` items beside the text.
          const output = result.images?.length
            ? [
                { type: 'input_text', text: result.content },
                ...result.images.map((image) => ({
                  type: 'input_image',
                  image_url: `data:${image.mimeType};base64,${image.data}`,
                })),
              ]
            : result.content
          items.push({ type: 'function_call_output', call_id: result.callId, output })
        }
        break
    }
  }
  const body: Record<string, unknown> = {
    model: input.connection.model,
    input: items,
    stream: true,
    store: false,
    include: ['reasoning.encrypted_content'],
  }
  if (input.system) body.instructions = input.system
  if (input.maxOutputTokens !== undefined) body.max_output_tokens = input.maxOutputTokens
  if (input.temperature !== undefined) body.temperature = input.temperature
  const tools: Record<string, unknown>[] = clientToolsBeside(input.tools, input.hostedSearch).map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.inputSchema,
    strict: false,
  }))
  // The provider's own search: OpenAI runs it and streams `web_search_call` items.
  if (input.hostedSearch) {
    const allowed = input.hostedSearchLimits?.allowedDomains
    tools.push({ type: 'web_search', ...(allowed?.length ? { filters: { allowed_domains: allowed } } : {}) })
  }
  if (tools.length > 0) body.tools = tools
  return {
    url: joinUrl(input.connection.baseUrl, 'responses'),
    headers: bearer(input.connection.apiKey),
    body,
  }
}
