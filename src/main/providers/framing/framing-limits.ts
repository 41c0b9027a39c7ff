/**
 * How much of a response body the framing layer may hold while it waits for a frame to end.
 * Sizes are in characters (UTF-16 code units of the decoded text; one per byte for the ASCII JSON
 * that providers send, so 1 MiB of characters ≈ 1 MiB on the wire).
 *
 * Why these numbers (measured, not guessed):
 * - The largest event in the real recordings (`shared/fixtures`) is 48 K characters (a Google
 *   search result in an Interactions step); ordinary deltas are under 1 K.
 * - The largest event a real stream can carry is OpenAI Responses' terminal `response.completed`,
 *   which repeats the whole output (text, reasoning summary, every call's arguments) plus the
 *   instructions: a maximal 128 K-token answer with JSON escaping is 1–4 M characters.
 * - Our own stress benchmark streams one tool call with 10 MB of arguments; its Responses
 *   `response.completed` line is 9.9 M characters, and it must keep parsing.
 * 16 Mi characters per line/event clears all three with margin; a hostile body is refused after
 * at most that much (the SSE library then holds at most a line plus an event: 2 × 16 Mi).
 * Error documents are a few hundred bytes (the largest recorded is under 1 KB), so 1 Mi characters
 * is generous for a whole non-streamed JSON document.
 */
export interface FramingLimits {
  /** Longest SSE line, SSE event (its data lines joined) or streamed JSON-array element. */
  maxEventChars: number
  /** Longest non-streamed JSON document, and most whitespace allowed before a body's first character. */
  maxDocumentChars: number
}

export const DEFAULT_FRAMING_LIMITS: Readonly<FramingLimits> = {
  maxEventChars: 16 * 1024 * 1024,
  maxDocumentChars: 1024 * 1024,
}

/** Which limit a body crossed. The framer stops taking input at that point. */
export type FramingLimitBreach =
  | { what: 'sse-line-or-event'; limit: number }
  | { what: 'json-array-element'; limit: number }
  | { what: 'json-document'; limit: number }
  | { what: 'leading-whitespace'; limit: number }

/** "an SSE line or event over the 16 MiB limit (16777216 characters)", for error messages. */
export function describeBreach(breach: FramingLimitBreach): string {
  const limit = describeChars(breach.limit)
  switch (breach.what) {
    case 'sse-line-or-event':
      return `sent an SSE line or event over the ${limit} limit`
    case 'json-array-element':
      return `sent a JSON array element over the ${limit} limit`
    case 'json-document':
      return `sent a JSON document over the ${limit} limit`
    case 'leading-whitespace':
      return `sent more whitespace before its first character than the ${limit} limit`
  }
}

function describeChars(n: number): string {
  const mib = n / (1024 * 1024)
  return Number.isInteger(mib) ? `${mib} MiB (${n} characters)` : `${n}-character`
}
