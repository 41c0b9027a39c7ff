// Sends a file to `conversations.import` in pieces (`conversations.importPart`), read as a stream: a
// whole-store backup is never one string in the window nor one message on the socket.
import type { CommandResponses, KeelApi } from '../../../shared/ipc/app-contract'
import type { AppResult } from '../../../shared/ipc/app-error'
import { MAX_IMPORT_CHARS } from '../../../shared/ipc/channels'

/** Characters per piece: well under the socket's message cap even when every character takes 3 bytes. */
const PIECE_CHARS = Math.min(MAX_IMPORT_CHARS, 512 * 1024)

export async function importFileInPieces(api: KeelApi, file: Blob): Promise<AppResult<CommandResponses['conversations.import']>> {
  const uploadId = crypto.randomUUID()
  const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader()
  let index = 0
  let pending = ''
  const send = async (text: string) => {
    const sent = await api['conversations.importPart']({ uploadId, index: index++, text })
    return sent.ok ? undefined : sent
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
  return api['conversations.import']({ uploadId })
}
