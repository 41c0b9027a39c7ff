import type { ConversationSettingsClient } from './conversation-settings-client'
import type { AppError } from '../../../../shared/ipc/app-error'
import type { Locale } from '../../../../shared/locale'

/**
 * Exports one conversation and hands the file to the browser as a download (a Blob URL; the same
 * works in Electron). For any conversation menu (the header's, the sidebar's).
 */
export async function downloadConversation(
  api: ConversationSettingsClient,
  conversationId: string,
  format: 'markdown' | 'json',
  locale: Locale,
): Promise<{ ok: true; fileName: string } | { ok: false; error: AppError }> {
  const result = await api['conversations.export']({ conversationId, format, locale })
  if (!result.ok) return result
  const { fileName, mimeType, text } = result.value
  const url = URL.createObjectURL(new Blob([text], { type: `${mimeType};charset=utf-8` }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has been handled (revoking at once can cancel the download).
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return { ok: true, fileName }
}
