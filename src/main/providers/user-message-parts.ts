import type { HistoryUserMessage } from '../../shared/chat-history'
import { textFileBlock } from '../../shared/attachments'
import { omittedFileText } from './request-history'

/** One piece of a user message, before a builder puts it in its provider's shape. */
export type UserMessagePart = { type: 'image'; mimeType: string; data: string } | { type: 'text'; text: string }

/**
 * A user message as the parts every builder sends, in one order for all providers: the images
 * first (Anthropic's and Gemini's guides put images before the question), then each text file as
 * a fenced block with its name (files left out of the request: one placeholder line each, before
 * them), then what the user wrote (left out when empty: Anthropic refuses
 * an empty text block).
 */
export function userMessageParts(message: HistoryUserMessage): UserMessagePart[] {
  const attachments = message.attachments ?? []
  const parts: UserMessagePart[] = []
  for (const file of attachments)
    if (file.kind === 'image') parts.push({ type: 'image', mimeType: file.mimeType, data: file.data })
  // Files left out of this request (the history budget): named, so the model knows they were there.
  const omitted = attachments.flatMap((file) => (file.kind === 'omitted' ? [omittedFileText(file)] : []))
  if (omitted.length > 0) parts.push({ type: 'text', text: omitted.join('\n') })
  for (const file of attachments)
    if (file.kind === 'text') parts.push({ type: 'text', text: textFileBlock(file.name, file.text) })
  if (message.text.length > 0 || parts.length === 0) parts.push({ type: 'text', text: message.text })
  return parts
}

/** Whether the message carries any image (a server without vision answers such a request with an error). */
export function hasImages(message: HistoryUserMessage): boolean {
  return (message.attachments ?? []).some((file) => file.kind === 'image')
}

export function dataUrl(part: { mimeType: string; data: string }): string {
  return `data:${part.mimeType};base64,${part.data}`
}
