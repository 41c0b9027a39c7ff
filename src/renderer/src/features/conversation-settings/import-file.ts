// Sends a file to `conversations.import` in pieces (`conversations.importPart`), read as a stream: a
// whole-store backup is never one string in the window nor one message on the socket.
import type { CommandResponses } from '../../../../shared/ipc/app-contract'
import type { ConversationSettingsClient } from './conversation-settings-client'
import type { AppResult } from '../../../../shared/ipc/app-error'
import { MAX_IMPORT_CHARS } from '../../../../shared/ipc/channels'

/** Characters per piece: well under the socket's message cap even when every character takes 3 bytes. */
const PIECE_CHARS = Math.min(MAX_IMPORT_CHARS, 512 * 1024)

/**
 * How far an import is: `sending` with the share of the file sent so far (0–1), then `restoring`
 * while the store takes it in (one transaction: no share to report; a whole-store backup of a
 * power user's history takes tens of seconds there).
 */
export type ImportProgress = { phase: 'sending'; fraction: number } | { phase: 'restoring' }

export async function importFileInPieces(
  api: ConversationSettingsClient,
  file: Blob,
  onProgress: (progress: ImportProgress) => void = () => {},
): Promise<AppResult<CommandResponses['conversations.import']>> {
  const uploadId = crypto.randomUUID()
  const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader()
  let index = 0
  let pending = ''
  // Bytes of the file sent so far (its size is in bytes; the pieces are text).
  let bytesSent = 0
  let reported = -1
  const send = async (text: string) => {
    const sent = await api['conversations.importPart']({ uploadId, index: index++, text })
    if (!sent.ok) return sent
    bytesSent += utf8Length(text)
    // Whole percents only: a 4 GB file is thousands of pieces.
    const percent = file.size > 0 ? Math.min(100, Math.floor((100 * bytesSent) / file.size)) : 100
    if (percent !== reported) {
      reported = percent
      onProgress({ phase: 'sending', fraction: percent / 100 })
    }
    return undefined
  }
  for (;;) {
    const { done, value } = await reader.read()
    if (value) pending += value
    while (pending.length >= PIECE_CHARS || (done && pending.length > 0)) {
      const failed = await send(pending.slice(0, PIECE_CHARS))
      if (failed) {
        await reader.cancel()
        return failed
      }
      pending = pending.slice(PIECE_CHARS)
    }
    if (done) break
  }
  // An empty file: one empty piece is not allowed, so the whole (empty) text goes as it is and fails validation.
  if (index === 0) return api['conversations.import']({ text: ' ' })
  onProgress({ phase: 'restoring' })
  return api['conversations.import']({ uploadId })
}

/** The UTF-8 size of `text` without encoding it (a lone surrogate counts as the 3 bytes of U+FFFD, as decoded). */
function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}
