// What one request carries of the conversation: the stored history fitted to the provider's request
// limits (earlier files within a budget, the rest named by a placeholder) and with no two user
// turns in a row. Applied once, in `buildProviderRequest`, for every wire API.
import type { HistoryAttachment, HistoryMessage, HistoryUserMessage } from '../../shared/chat-history'
import type { ProviderId } from '../../shared/provider-id'
import { quotedFileName } from '../../shared/attachments'

/**
 * How much of the files one request may carry (the question being answered included). The
 * question's own files always go; earlier ones go newest first while they fit.
 */
export interface HistoryBudget {
  /** Images (user files and tool results together). */
  images: number
  /** Images' size as sent: base64 characters (what a request's size limit counts). */
  imageBytes: number
  /** Text files' size: UTF-8 bytes of their text. */
  textBytes: number
}

/**
 * Text files: about 100k tokens at ~4 bytes a token, half of Claude's 200k context (the smallest
 * of the hosted models Keel speaks); a question's own files (up to 2.5 MB) still always go.
 */
const TEXT_BYTES = 400 * 1000

/**
 * Per wire API, under each provider's documented request limits with room for the conversation's
 * text (the limits count the whole request):
 * - OpenAI: 50 MB of payload per request, up to 500 images
 *   (https://platform.openai.com/docs/guides/images-vision#image-input-requirements). 50 images:
 *   each costs ~1k+ tokens of context.
 * - Anthropic: 32 MB per request and 100 images, but past 20 images each must be at most
 *   2000×2000 px, which Keel does not measure: 20 images, 24 MB
 *   (https://docs.anthropic.com/en/docs/build-with-claude/vision#faq).
 * - Gemini (both APIs): 20 MB per request for everything sent inline, text included
 *   (https://ai.google.dev/gemini-api/docs/image-understanding): 15 MB of images, which a
 *   question at its own files limit (10 MiB, 14 MB in base64) fits.
 */
export const HISTORY_BUDGETS: Readonly<Record<ProviderId, Readonly<HistoryBudget>>> = {
  'openai-responses': { images: 50, imageBytes: 40_000_000, textBytes: TEXT_BYTES },
  'openai-chat': { images: 50, imageBytes: 40_000_000, textBytes: TEXT_BYTES },
  anthropic: { images: 20, imageBytes: 24_000_000, textBytes: TEXT_BYTES },
  gemini: { images: 100, imageBytes: 15_000_000, textBytes: TEXT_BYTES },
  'gemini-interactions': { images: 100, imageBytes: 15_000_000, textBytes: TEXT_BYTES },
}

/** What an omitted file is replaced by, so the model knows one was there. */
export function omittedFileText(file: Extract<HistoryAttachment, { kind: 'omitted' }>): string {
  return file.was === 'image'
    ? `[image omitted: ${quotedFileName(file.name)}]`
    : `[file omitted: ${quotedFileName(file.name)}]`
}

/** Said in a tool result whose images were left out of this request. */
export function omittedToolImagesText(count: number): string {
  return `[${count} image${count === 1 ? '' : 's'} returned by this call omitted from this request]`
}

/** The index of the last user message at or before `from` (-1: none). */
export function lastUserIndex(history: readonly HistoryMessage[], from = history.length - 1): number {
  for (let i = Math.min(from, history.length - 1); i >= 0; i--) if (history[i]!.role === 'user') return i
  return -1
}

/** One file of the history: where it is and what it costs. */
interface FileItem {
  message: number
  /** Index in the user message's attachments, or in the tool-results message's results. */
  index: number
  /** The image's index inside its tool result (tool images only). */
  image: number | undefined
  kind: 'image' | 'text'
  size: number
}

function filesOf(history: readonly HistoryMessage[]): FileItem[] {
  const items: FileItem[] = []
  history.forEach((message, m) => {
    if (message.role === 'user') {
      ;(message.attachments ?? []).forEach((file, index) => {
        if (file.kind === 'image')
          items.push({ message: m, index, image: undefined, kind: 'image', size: file.data.length })
        else if (file.kind === 'text')
          items.push({ message: m, index, image: undefined, kind: 'text', size: Buffer.byteLength(file.text, 'utf8') })
      })
    } else if (message.role === 'tool-results') {
      message.results.forEach((result, index) =>
        (result.images ?? []).forEach((image, i) =>
          items.push({ message: m, index, image: i, kind: 'image', size: image.data.length }),
        ),
      )
    }
  })
  return items
}

/**
 * The history with earlier files left out past the budget. Files of the question being answered
 * (`currentQuestion`, default the last user message) and of everything after it (this turn's tool
 * results) always go; earlier files go newest first while the images (count and size) and the text
 * files (size) stay within the budget; from the first that does not fit, older ones of that kind
 * are left out too (the model keeps the recent context whole). A left-out user file stays in its
 * place as `{ kind: 'omitted' }` (sent as a short placeholder); a tool result says how many of its
 * images were left out. Messages, and files within them, keep their order.
 */
export function fitHistoryToBudget(
  history: readonly HistoryMessage[],
  budget: HistoryBudget,
  currentQuestion = lastUserIndex(history),
): HistoryMessage[] {
  const items = filesOf(history)
  const isCurrent = (item: FileItem) => currentQuestion >= 0 && item.message >= currentQuestion
  let images = 0
  let imageBytes = 0
  let textBytes = 0
  for (const item of items) {
    if (!isCurrent(item)) continue
    if (item.kind === 'image') {
      images++
      imageBytes += item.size
    } else textBytes += item.size
  }
  const omitted = new Set<FileItem>()
  let imagesFull = false
  let textFull = false
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!
    if (isCurrent(item)) continue
    if (item.kind === 'image') {
      if (!imagesFull && images + 1 <= budget.images && imageBytes + item.size <= budget.imageBytes) {
        images++
        imageBytes += item.size
      } else {
        imagesFull = true
        omitted.add(item)
      }
    } else if (!textFull && textBytes + item.size <= budget.textBytes) textBytes += item.size
    else {
      textFull = true
      omitted.add(item)
    }
  }
  if (omitted.size === 0) return [...history]
  const leftOut = new Set([...omitted].map((item) => `${item.message}:${item.index}:${item.image ?? ''}`))
  return history.map((message, m): HistoryMessage => {
    if (message.role === 'user' && message.attachments) {
      if (!message.attachments.some((_, index) => leftOut.has(`${m}:${index}:`))) return message
      return {
        ...message,
        attachments: message.attachments.map(
          (file, index): HistoryAttachment =>
            leftOut.has(`${m}:${index}:`) && file.kind !== 'omitted'
              ? { kind: 'omitted', name: file.name, was: file.kind }
              : file,
        ),
      }
    }
    if (message.role === 'tool-results') {
      if (
        !message.results.some((result, index) =>
          (result.images ?? []).some((_, i) => leftOut.has(`${m}:${index}:${i}`)),
        )
      )
        return message
      return {
        ...message,
        results: message.results.map((result, index) => {
          const kept = (result.images ?? []).filter((_, i) => !leftOut.has(`${m}:${index}:${i}`))
          const dropped = (result.images?.length ?? 0) - kept.length
          if (dropped === 0) return result
          const { images: _all, ...rest } = result
          return {
            ...rest,
            content: `${result.content}\n${omittedToolImagesText(dropped)}`,
            ...(kept.length > 0 ? { images: kept } : {}),
          }
        }),
      }
    }
    return message
  })
}

/**
 * No two user messages in a row. A question can be left without an answer in the request: its
 * answer was deleted, failed with nothing stored, or was stopped before any text. Anthropic and
 * Gemini want user and model turns to alternate. Like Anthropic's own API (which combines
 * consecutive user turns) and LangChain's `merge_message_runs`, the questions are merged into one
 * user turn, their texts separated by a blank line and their files kept in order, rather than the
 * unanswered one dropped: what the user asked there may be what the next question refers to.
 */
export function mergeConsecutiveUserMessages(history: readonly HistoryMessage[]): HistoryMessage[] {
  const merged: HistoryMessage[] = []
  for (const message of history) {
    const last = merged[merged.length - 1]
    if (message.role === 'user' && last?.role === 'user') merged[merged.length - 1] = mergeTwo(last, message)
    else merged.push(message)
  }
  return merged
}

function mergeTwo(first: HistoryUserMessage, second: HistoryUserMessage): HistoryUserMessage {
  const text = [first.text, second.text].filter((part) => part.length > 0).join('\n\n')
  const attachments = [...(first.attachments ?? []), ...(second.attachments ?? [])]
  return { role: 'user', text, ...(attachments.length > 0 ? { attachments } : {}) }
}

/** The history one request to `provider` carries: fitted to its budget, then with user turns merged. */
export function requestHistory(
  provider: ProviderId,
  history: readonly HistoryMessage[],
  currentQuestion?: number,
): HistoryMessage[] {
  return mergeConsecutiveUserMessages(fitHistoryToBudget(history, HISTORY_BUDGETS[provider], currentQuestion))
}
