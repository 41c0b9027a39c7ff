import { bearer } from '../http-auth'
import { joinUrl, type BuildRequestInput, type ProviderRequest } from '../provider-request'
import { dataUrl, hasImages, userMessageParts } from '../user-message-parts'

/**
 * Chat Completions request: tool results as `role: "tool"` messages under `tool_call_id`; usage is
 * opt-in while streaming (`stream_options.include_usage`).
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */
export function buildOpenAIChatRequest(input: BuildRequestInput): ProviderRequest {
  const messages: Record<string, unknown>[] = []
  if (input.system) messages.push({ role: 'system', content: input.system })
  for (const message of input.history) {
    switch (message.role) {
      case 'user':
        // Plain string content unless there is an image: strict OpenAI-compatible servers take only strings.
        messages.push({
          role: 'user',
          content: hasImages(message)
            ? userMessageParts(message).map((part) =>
                part.type === 'image'
                  ? { type: 'image_url', image_url: { url: dataUrl(part) } }
                  : { type: 'text', text: part.text },
              )
            : userMessageParts(message)
                .map((part) => (part.type === 'text' ? part.text : ''))
                .join('\n\n'),
        })
        break
      case 'assistant': {
        const entry: Record<string, unknown> = {
          role: 'assistant',
          content: message.text.length > 0 ? message.text : null,
        }
        if (message.toolCalls.length > 0) {
          entry.tool_calls = message.toolCalls.map((call) => ({
            id: call.callId,
            type: 'function',
            function: { name: call.name, arguments: call.argumentsText || '{}' },
          }))
        }
        messages.push(entry)
        break
      }
      case 'tool-results': {
        for (const result of message.results) {
          const images = result.images?.length ?? 0
          // A tool message is text only (strict servers refuse anything else): images follow in a user message.
          const note =
            images > 0
              ? `\n[${images} image${images === 1 ? '' : 's'} returned by this call follow${images === 1 ? 's' : ''} in the next message]`
              : ''
          messages.push({ role: 'tool', tool_call_id: result.callId, content: result.content + note })
        }
        const images = message.results.flatMap((result) => (result.images ?? []).map((image) => ({ result, image })))
        if (images.length > 0) {
          messages.push({
            role: 'user',
            content: [
              {
                type: 'text',
                text: `Images returned by the tool calls above (${[...new Set(images.map(({ result }) => result.callId))].join(', ')}):`,
              },
              ...images.map(({ image }) => ({
                type: 'image_url',
                image_url: { url: `data:${image.mimeType};base64,${image.data}` },
              })),
            ],
          })
        }
        break
      }
    }
  }
  const body: Record<string, unknown> = {
    model: input.connection.model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  }
  if (input.maxOutputTokens !== undefined) body.max_completion_tokens = input.maxOutputTokens
  if (input.temperature !== undefined) body.temperature = input.temperature
  if (input.tools.length > 0) {
    body.tools = input.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }))
  }
  // Set only for an OpenRouter entry (the turn's setup decides): its web plugin searches and the
  // answer carries `url_citation` annotations. Chat Completions itself has no such field.
  if (input.hostedSearch) body.plugins = [{ id: 'web' }]
  return { url: joinUrl(input.connection.baseUrl, 'chat/completions'), headers: bearer(input.connection.apiKey), body }
}
