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
      return { isError: true, content: { error: outcome.message, issues: outcome.issues.map((issue) => ({ ...issue })) } }
    case 'unknown-tool':
      return { isError: true, content: { error: outcome.message } }
    case 'failed':
      return {
        isError: true,
        content: {
          error: outcome.error.message,
          kind: outcome.error.kind,
          ...(outcome.repeated ? { note: `This action already failed at ${outcome.firstRecordedAt}; it was not run again.` } : {}),
        },
      }
    case 'unknown':
      return { isError: true, content: { error: outcome.message, firstRecordedAt: outcome.firstRecordedAt } }
    case 'denied':
      return { isError: true, content: { error: 'The user declined this action. Do not retry it unless they ask.', kind: 'denied' } }
    case 'cancelled':
      return { isError: true, content: { error: 'The user stopped the turn before this action started.', kind: 'cancelled' } }
  }
}

/** The most JSON text of one result the model is sent (the full result stays stored and visible). */
export const MAX_RESULT_CHARS_FOR_MODEL = 64 * 1024
/** Images of one result sent to the model: at most this many, this many bytes of base64 in all. */
export const MAX_RESULT_IMAGES = 4
export const MAX_RESULT_IMAGE_CHARS = 4 * 1024 * 1024

/** Image types the providers take in a tool result. */
const MODEL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

/**
 * What the model is sent for one outcome: {@link toolResultForModel}'s wording as JSON text, cut
 * to {@link MAX_RESULT_CHARS_FOR_MODEL} (head and tail kept, with a note saying so: still valid
 * JSON), and the images the tool returned (capped; the others named in a note). This is what the
 * tool-result part stores as sent, so every later turn sends exactly the same.
 */
export function toolResultMessage(outcome: ToolCallOutcome): { content: string; isError: boolean; images?: ToolResultImage[] } {
  const forModel = toolResultForModel(outcome)
  const images: ToolResultImage[] = []
  const left: string[] = []
  let imageChars = 0
  if (outcome.status === 'succeeded') {
    for (const part of ('parts' in outcome ? outcome.parts : undefined) ?? []) {
      if (part.type !== 'image') continue
      const fits = MODEL_IMAGE_TYPES.has(part.mimeType) && images.length < MAX_RESULT_IMAGES && imageChars + part.data.length <= MAX_RESULT_IMAGE_CHARS
      if (fits) {
        images.push({ mimeType: part.mimeType, data: part.data })
        imageChars += part.data.length
      } else left.push(`[image ${part.mimeType}, ${Math.round((part.data.length * 3) / 4 / 1024)} KB, shown to the user, not sent]`)
    }
  }
  const content = left.length > 0 && typeof forModel.content === 'object' && forModel.content !== null && !Array.isArray(forModel.content)
    ? { ...forModel.content, imagesNotSent: left }
    : left.length > 0 ? { result: forModel.content, imagesNotSent: left } : forModel.content
  return { content: capped(JSON.stringify(content)), isError: forModel.isError, ...(images.length > 0 ? { images } : {}) }
}

function capped(text: string): string {
  if (text.length <= MAX_RESULT_CHARS_FOR_MODEL) return text
  const keep = Math.floor((MAX_RESULT_CHARS_FOR_MODEL - 200) / 2)
  return JSON.stringify({
    truncated: true,
    note: `The result was ${text.length} characters; only its first and last ${keep} are here. The user can see all of it.`,
    head: text.slice(0, keep),
    tail: text.slice(-keep),
  })
}
