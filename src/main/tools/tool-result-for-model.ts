import type { JsonValue } from '../../shared/json-value'
import type { ToolResultImage } from '../../shared/chat-history'
import type { ToolCallOutcome } from '../../shared/tool-outcome'

/**
 * The one place that words what the model is told about a call, for every outcome (the harness
 * wraps it in each provider's format under the call's id; the stored tool-result keeps exactly what
 * was sent). Technical details stay out: no SQL, no stack, no status codes.
 */
export function toolResultForModel(outcome: ToolCallOutcome): { isError: boolean; content: JsonValue } {
  switch (outcome.status) {
    case 'succeeded':
      if (outcome.repeated) {
        return {
          isError: false,
          content: {
            alreadyDone: true,
            note: `This exact action was already carried out at ${outcome.firstRecordedAt}; it was not applied again. This is its original result.`,
            result: outcome.output,
          },
        }
      }
      return { isError: false, content: outcome.output }
    case 'invalid-arguments':
      // Each issue's path and English message only: its `reason` is for the window, never sent.
      return {
        isError: true,
        content: {
          error: outcome.message,
          issues: outcome.issues.map((issue) => ({ path: issue.path, message: issue.message })),
        },
      }
    case 'unknown-tool':
      return { isError: true, content: { error: outcome.message } }
    case 'failed':
      return {
        isError: true,
        content: {
          error: outcome.error.message,
          kind: outcome.error.kind,
          ...(outcome.repeated
            ? { note: `This action already failed at ${outcome.firstRecordedAt}; it was not run again.` }
            : {}),
        },
      }
    case 'unknown':
      return { isError: true, content: { error: outcome.message, firstRecordedAt: outcome.firstRecordedAt } }
    case 'denied':
      return {
        isError: true,
        content: { error: 'The user declined this action. Do not retry it unless they ask.', kind: 'denied' },
      }
    case 'cancelled':
      return {
        isError: true,
        content: { error: 'The user stopped the turn before this action started.', kind: 'cancelled' },
      }
  }
}

/** The most bytes (UTF-8) of JSON text one result sends the model (the full result stays stored and visible to the user). */
export const MAX_RESULT_BYTES_FOR_MODEL = 64 * 1024
/** Images of one result sent to the model: at most this many, this many bytes of base64 in all. */
export const MAX_RESULT_IMAGES = 4
export const MAX_RESULT_IMAGE_CHARS = 4 * 1024 * 1024

/** Image types the providers take in a tool result. */
export const MODEL_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

/**
 * What the model is sent for one outcome: {@link toolResultForModel}'s wording as JSON text (a plain
 * text result as itself), cut
 * to {@link MAX_RESULT_BYTES_FOR_MODEL} (head and tail kept, with a note saying so: still valid
 * JSON), and the images the tool returned (capped; the others named in a note). Parts meant only
 * for the user (`audience: 'user'`) are never sent. This is what the tool-result part stores as
 * sent, so every later turn sends exactly the same.
 */
export function toolResultMessage(outcome: ToolCallOutcome): {
  content: string
  isError: boolean
  images?: ToolResultImage[]
} {
  const forModel = toolResultForModel(outcome)
  const images: ToolResultImage[] = []
  const left: string[] = []
  let imageChars = 0
  if (outcome.status === 'succeeded') {
    for (const part of ('parts' in outcome ? outcome.parts : undefined) ?? []) {
      if (part.type !== 'image' || part.audience === 'user') continue
      const fits =
        MODEL_IMAGE_TYPES.has(part.mimeType) &&
        images.length < MAX_RESULT_IMAGES &&
        imageChars + part.data.length <= MAX_RESULT_IMAGE_CHARS
      if (fits) {
        images.push({ mimeType: part.mimeType, data: part.data })
        imageChars += part.data.length
      } else
        left.push(
          `[image ${part.mimeType}, ${Math.round((part.data.length * 3) / 4 / 1024)} KB, shown to the user, not sent]`,
        )
    }
  }
  const content =
    left.length > 0 &&
    typeof forModel.content === 'object' &&
    forModel.content !== null &&
    !Array.isArray(forModel.content)
      ? { ...forModel.content, imagesNotSent: left }
      : left.length > 0
        ? { result: forModel.content, imagesNotSent: left }
        : forModel.content
  // A plain text result (an MCP server's words) goes as that text, not as a quoted JSON string.
  const text =
    typeof content === 'string'
      ? capTextForModel(content, MAX_RESULT_BYTES_FOR_MODEL - 2)
      : capped(JSON.stringify(content))
  return { content: text, isError: forModel.isError, ...(images.length > 0 ? { images } : {}) }
}

const CUT_NOTE =
  'The result was too long: only its first and last parts are here (the marker in the text says how much was cut). The user can see all of it.'
/** What the wrapper of a cut result adds around its text (so the cut is sized for the whole to fit). */
const CUT_WRAPPER_BYTES = Buffer.byteLength(JSON.stringify({ truncated: true, note: CUT_NOTE, text: '' })) - 2

function capped(json: string): string {
  if (Buffer.byteLength(json) <= MAX_RESULT_BYTES_FOR_MODEL) return json
  return JSON.stringify({
    truncated: true,
    note: CUT_NOTE,
    text: capTextForModel(json, MAX_RESULT_BYTES_FOR_MODEL - CUT_WRAPPER_BYTES),
  })
}

/**
 * Cuts a text the model is sent so that its JSON string form (what a result carries) is at most
 * `maxBytes` bytes of UTF-8, keeping its head and tail with `[truncated N of M bytes …]` between
 * them (N bytes left out of M). A text that fits is returned unchanged. Never splits a character.
 */
export function capTextForModel(text: string, maxBytes: number): string {
  if (jsonBytes(text) <= maxBytes) return text
  const total = Buffer.byteLength(text)
  const cut = (keep: number): string => {
    let headEnd = keep
    if (isHighSurrogate(text.charCodeAt(headEnd - 1))) headEnd--
    let tailStart = text.length - keep
    if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart++
    const head = text.slice(0, headEnd)
    const tail = text.slice(tailStart)
    const omitted = total - Buffer.byteLength(head) - Buffer.byteLength(tail)
    return `${head}\n[truncated ${omitted} of ${total} bytes: the middle was cut; the user can see all of it]\n${tail}`
  }
  // The largest head and tail (in characters, each ≥ 1 byte) whose cut form fits.
  let low = 0
  let high = Math.min(Math.floor(text.length / 2), Math.floor(maxBytes / 2))
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (jsonBytes(cut(middle)) <= maxBytes) low = middle
    else high = middle - 1
  }
  return cut(low)
}

function jsonBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text))
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}
