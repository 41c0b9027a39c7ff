/**
 * The headers of a streaming JSON request authorized with a bearer key (the OpenAI-compatible APIs).
 * No key (a local server that needs none): no `authorization` header at all, never an empty one.
 */
export function bearer(apiKey: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' }
  if (apiKey) headers.authorization = `Bearer ${apiKey}`
  return headers
}
