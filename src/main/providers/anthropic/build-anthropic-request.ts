import {
  argumentsForHistory,
  clientToolsBeside,
  HOSTED_SEARCH_NAME,
  joinUrl,
  type BuildRequestInput,
  type ProviderRequest,
} from '../provider-request'
import { userMessageParts } from '../user-message-parts'

export const ANTHROPIC_VERSION = '2023-06-01'
/** The generally available version of Anthropic's web search server tool. */
const ANTHROPIC_WEB_SEARCH_TOOL = 'web_search_20250305'

const DEFAULT_MAX_TOKENS = 8192

/**
 * Messages request: tool results as `tool_result` blocks under `tool_use_id` (with `is_error` for
 * failures) in a user turn; thinking blocks go back with their signatures before the tool_use
 * blocks when this provider produced them, and server-tool blocks (web search, fetch) verbatim in
 * their place in the text. A round Anthropic paused (`pause_turn`) is the last message as it
 * came, with no user turn after it: the API continues it. Anthropic ids must match `^[a-zA-Z0-9_-]+$`: ids from
 * other providers are mapped, the same way for the call and its result.
 * @see https://docs.anthropic.com/en/api/messages
 */
export function buildAnthropicRequest(input: BuildRequestInput): ProviderRequest {
  const messages: { role: 'user' | 'assistant'; content: Record<string, unknown>[] }[] = []
  const push = (role: 'user' | 'assistant', blocks: Record<string, unknown>[]) => {
    const last = messages[messages.length - 1]
    // Consecutive same-role turns are merged: the API wants user/assistant alternation.
    if (last && last.role === role) last.content.push(...blocks)
    else messages.push({ role, content: blocks })
  }
  for (const message of input.history) {
    switch (message.role) {
      case 'user':
        push(
          'user',
          userMessageParts(message).map((part) =>
            part.type === 'image'
              ? { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } }
              : { type: 'text', text: part.text },
          ),
        )
        break
      case 'assistant': {
        const blocks: Record<string, unknown>[] = []
        // Text goes in the pieces it came in between server-tool blocks (placed by `textOffset`).
        let textAt = 0
        const pushText = (until: number) => {
          const end = Math.max(textAt, Math.min(until, message.text.length))
          if (end > textAt) blocks.push({ type: 'text', text: message.text.slice(textAt, end) })
          textAt = end
        }
        if (message.provider === 'anthropic') {
          for (const item of message.replay) {
            if (item.type === 'anthropic-thinking')
              blocks.push({ type: 'thinking', thinking: item.thinking, signature: item.signature })
            else if (item.type === 'anthropic-redacted-thinking')
              blocks.push({ type: 'redacted_thinking', data: item.data })
            else if (item.type === 'anthropic-server-block') {
              // Sent back exactly as received: results carry encrypted content only Anthropic reads.
              pushText(item.textOffset)
              blocks.push(item.block)
            }
          }
        }
        pushText(message.text.length)
        for (const call of message.toolCalls) {
          blocks.push({
            type: 'tool_use',
            id: anthropicToolId(call.callId),
            name: call.name,
            input: argumentsForHistory(call),
          })
        }
        if (blocks.length > 0) push('assistant', blocks)
        break
      }
      case 'tool-results':
        push(
          'user',
          message.results.map((result) => ({
            type: 'tool_result',
            tool_use_id: anthropicToolId(result.callId),
            // Images go inside the result, as content blocks beside the text.
            content: result.images?.length
              ? [
                  { type: 'text', text: result.content },
                  ...result.images.map((image) => ({
                    type: 'image',
                    source: { type: 'base64', media_type: image.mimeType, data: image.data },
                  })),
                ]
              : result.content,
            ...(result.isError ? { is_error: true } : {}),
          })),
        )
        break
    }
  }
  const body: Record<string, unknown> = {
    model: input.connection.model,
    max_tokens: input.maxOutputTokens ?? DEFAULT_MAX_TOKENS,
    messages,
    stream: true,
  }
  if (input.system) body.system = input.system
  // The Messages API takes 0–1; a conversation's higher value (set for another provider) is lowered to 1.
  if (input.temperature !== undefined) body.temperature = Math.min(input.temperature, 1)
  const tools: Record<string, unknown>[] = clientToolsBeside(input.tools, input.hostedSearch).map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
  }))
  // The server tool: Anthropic runs the searches (`server_tool_use` / `web_search_tool_result`).
  if (input.hostedSearch) {
    const limits = input.hostedSearchLimits
    tools.push({
      type: ANTHROPIC_WEB_SEARCH_TOOL,
      name: HOSTED_SEARCH_NAME,
      ...(limits?.maxSearches ? { max_uses: limits.maxSearches } : {}),
      // The API refuses both at once: the settings never hold both.
      ...(limits?.allowedDomains?.length
        ? { allowed_domains: limits.allowedDomains }
        : limits?.blockedDomains?.length
          ? { blocked_domains: limits.blockedDomains }
          : {}),
    })
  }
  if (tools.length > 0) body.tools = tools
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    'anthropic-version': ANTHROPIC_VERSION,
  }
  if (input.connection.apiKey) headers['x-api-key'] = input.connection.apiKey
  return { url: joinUrl(input.connection.baseUrl, 'messages'), headers, body }
}

/** Anthropic accepts only `[a-zA-Z0-9_-]{1,64}` ids; foreign ids are mapped deterministically. */
export function anthropicToolId(callId: string): string {
  if (/^[a-zA-Z0-9_-]{1,64}$/.test(callId)) return callId
  const cleaned = callId.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 48)
  let hash = 0
  for (let i = 0; i < callId.length; i++) hash = (Math.imul(hash, 31) + callId.charCodeAt(i)) >>> 0
  return `${cleaned || 'call'}_${hash.toString(36)}`
}
