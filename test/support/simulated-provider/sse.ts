/** One SSE event with LF line endings (OpenAI, Anthropic, Interactions). */
export function sseEvent(name: string | undefined, data: string): string {
  return name === undefined ? `data: ${data}\n\n` : `event: ${name}\ndata: ${data}\n\n`
}

/** One Gemini `alt=sse` event: `data:` line ended by CRLF CRLF, no `event:` line. */
export function geminiSseEvent(data: string): string {
  return `data: ${data}\r\n\r\n`
}

/**
 * JSON as Gemini writes it in `alt=sse` bodies: `": "` after keys, no space after commas
 * (`{"text": "a","thought": true}`).
 */
export function geminiJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => geminiJson(v === undefined ? null : v)).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined)
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${geminiJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** A short padding string derived from `n` (OpenAI's `obfuscation` field), deterministic. */
export function obfuscation(n: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  let x = (n + 1) * 2654435761
  let out = ''
  const length = 4 + (n % 12)
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648
    out += alphabet[x % alphabet.length]
  }
  return out
}
