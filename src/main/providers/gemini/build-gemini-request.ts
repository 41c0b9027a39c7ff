import {
  argumentsForHistory,
  clientToolsBeside,
  joinUrl,
  type BuildRequestInput,
  type ProviderRequest,
} from '../provider-request'
import { userMessageParts } from '../user-message-parts'

/**
 * streamGenerateContent request (`alt=sse`): a function's result goes back as a `functionResponse`
 * part, with the call's `id` only when Gemini itself sent one (locally made ids are never sent).
 * Thought signatures ride back on the same part they came with.
 * @see https://ai.google.dev/api/generate-content
 */
export function buildGeminiRequest(input: BuildRequestInput): ProviderRequest {
  const contents: { role: 'user' | 'model'; parts: Record<string, unknown>[] }[] = []
  const push = (role: 'user' | 'model', parts: Record<string, unknown>[]) => {
    const last = contents[contents.length - 1]
    if (last && last.role === role) last.parts.push(...parts)
    else contents.push({ role, parts })
  }
  /** Calls whose id Gemini gave: only those ids are echoed in the functionResponse. */
  const geminiIds = new Set<string>()
  for (const message of input.history) {
    switch (message.role) {
      case 'user':
        push(
          'user',
          userMessageParts(message).map((part) =>
            part.type === 'image' ? { inlineData: { mimeType: part.mimeType, data: part.data } } : { text: part.text },
          ),
        )
        break
      case 'assistant': {
        const ownRound = message.provider === 'gemini'
        const signatures = new Map<string | undefined, string>()
        if (ownRound) {
          for (const item of message.replay) {
            if (item.type === 'gemini-thought-signature' && !signatures.has(item.callId))
              signatures.set(item.callId, item.signature)
          }
        }
        const parts: Record<string, unknown>[] = []
        if (message.text.length > 0) {
          const signature = signatures.get(undefined)
          parts.push(signature ? { text: message.text, thoughtSignature: signature } : { text: message.text })
        }
        for (const call of message.toolCalls) {
          const functionCall: Record<string, unknown> = { name: call.name, args: argumentsForHistory(call) }
          if (ownRound && !call.callIdIsLocal) {
            functionCall.id = call.callId
            geminiIds.add(call.callId)
          }
          const signature = signatures.get(call.callId)
          parts.push(signature ? { functionCall, thoughtSignature: signature } : { functionCall })
        }
        if (parts.length > 0) push('model', parts)
        break
      }
      case 'tool-results':
        push(
          'user',
          message.results.map((result) => {
            const functionResponse: Record<string, unknown> = {
              name: result.name,
              response: result.isError
                ? { error: parseOrText(result.content) }
                : { result: parseOrText(result.content) },
            }
            if (geminiIds.has(result.callId)) functionResponse.id = result.callId
            // Images go with the response as its parts (FunctionResponsePart inlineData).
            if (result.images?.length)
              functionResponse.parts = result.images.map((image) => ({
                inlineData: { mimeType: image.mimeType, data: image.data },
              }))
            return { functionResponse }
          }),
        )
        break
    }
  }
  const body: Record<string, unknown> = { contents }
  if (input.system) body.systemInstruction = { parts: [{ text: input.system }] }
  const generationConfig: Record<string, unknown> = {}
  if (input.maxOutputTokens !== undefined) generationConfig.maxOutputTokens = input.maxOutputTokens
  if (input.temperature !== undefined) generationConfig.temperature = input.temperature
  if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig
  const clientTools = clientToolsBeside(input.tools, input.hostedSearch)
  const tools: Record<string, unknown>[] = []
  if (clientTools.length > 0)
    tools.push({
      functionDeclarations: clientTools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        parametersJsonSchema: tool.inputSchema,
      })),
    })
  // Grounding with Google Search: Google runs it and answers with `groundingMetadata`.
  if (input.hostedSearch) tools.push({ googleSearch: {} })
  if (tools.length > 0) body.tools = tools
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' }
  if (input.connection.apiKey) headers['x-goog-api-key'] = input.connection.apiKey
  const model = encodeURIComponent(input.connection.model)
  return { url: joinUrl(input.connection.baseUrl, `models/${model}:streamGenerateContent?alt=sse`), headers, body }
}

/** Gemini's functionResponse.response is an object: a JSON result stays structured. */
function parseOrText(content: string): unknown {
  try {
    return JSON.parse(content) as unknown
  } catch {
    return content
  }
}
