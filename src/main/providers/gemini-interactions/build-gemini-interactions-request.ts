import {
  argumentsForHistory,
  clientToolsBeside,
  joinUrl,
  type BuildRequestInput,
  type ProviderRequest,
} from '../provider-request'
import { userMessageParts } from '../user-message-parts'

/** The schema revision whose stream shape the parser reads ("steps"). */
export const INTERACTIONS_API_REVISION = '2026-05-20'

/**
 * Interactions request (stateless: `store: false`, the whole history as steps). A function's
 * result goes back as a `function_result` block under the `function_call` step's id, inside a
 * `user_input` step.
 * @see https://ai.google.dev/gemini-api/docs/interactions/function-calling
 */
export function buildGeminiInteractionsRequest(input: BuildRequestInput): ProviderRequest {
  const steps: Record<string, unknown>[] = []
  for (const message of input.history) {
    switch (message.role) {
      case 'user':
        steps.push({
          type: 'user_input',
          content: userMessageParts(message).map((part) =>
            part.type === 'image'
              ? { type: 'image', data: part.data, mime_type: part.mimeType }
              : { type: 'text', text: part.text },
          ),
        })
        break
      case 'assistant':
        if (message.provider === 'gemini-interactions') {
          for (const item of message.replay) {
            if (item.type === 'interactions-thought') {
              steps.push({
                type: 'thought',
                ...(item.signature ? { signature: item.signature } : {}),
                ...(item.summary ? { summary: [{ type: 'text', text: item.summary }] } : {}),
              })
            }
          }
        }
        if (message.text.length > 0)
          steps.push({ type: 'model_output', content: [{ type: 'text', text: message.text }] })
        for (const call of message.toolCalls) {
          steps.push({ type: 'function_call', id: call.callId, name: call.name, arguments: argumentsForHistory(call) })
        }
        break
      case 'tool-results':
        steps.push({
          type: 'user_input',
          content: message.results.map((result) => ({
            type: 'function_result',
            call_id: result.callId,
            name: result.name,
            // Image results are not verified for this API: the model is told they were shown to the user.
            result: result.images?.length
              ? `${result.content}\n[${result.images.length} image(s) shown to the user, not sent]`
              : result.content,
            ...(result.isError ? { is_error: true } : {}),
          })),
        })
        break
    }
  }
  const body: Record<string, unknown> = { model: input.connection.model, input: steps, stream: true, store: false }
  if (input.system) body.system_instruction = input.system
  const generation: Record<string, unknown> = {}
  if (input.maxOutputTokens !== undefined) generation.max_output_tokens = input.maxOutputTokens
  if (input.temperature !== undefined) generation.temperature = input.temperature
  if (Object.keys(generation).length > 0) body.generation_config = generation
  const tools: Record<string, unknown>[] = clientToolsBeside(input.tools, input.hostedSearch).map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.inputSchema,
  }))
  // The built-in search: Google runs it and streams `google_search_call` / `_result` steps.
  if (input.hostedSearch) tools.push({ type: 'google_search' })
  if (tools.length > 0) body.tools = tools
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    'api-revision': INTERACTIONS_API_REVISION,
  }
  if (input.connection.apiKey) headers['x-goog-api-key'] = input.connection.apiKey
  return { url: joinUrl(input.connection.baseUrl, 'interactions'), headers, body }
}
