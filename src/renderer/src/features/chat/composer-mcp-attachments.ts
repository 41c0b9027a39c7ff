// An MCP resource read by the core (`mcp.readResource`, `mcp.getPrompt`) as files in the composer:
// already checked there (text or an image every provider takes, within the budgets); here they get
// their chip (the server's name beside theirs) and count towards what the message holds.
import type { AttachmentInput } from '../../../../shared/attachments'
import type { McpOmittedResource } from '../../../../shared/mcp-server-features'
import type { Translate } from '../../i18n/messages'
import type { PendingAttachment } from './read-attachment'

let counter = 0

/** Bytes a base64 string decodes to. */
export function decodedSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding)
}

export function pendingFromServer(input: AttachmentInput, serverName: string): PendingAttachment {
  return {
    ...input,
    key: `mcp${++counter}`,
    size: decodedSize(input.dataBase64),
    // The CSP allows `img-src data:`; the bytes were checked to be this image type by the core.
    previewUrl: input.mimeType.startsWith('image/') ? `data:${input.mimeType};base64,${input.dataBase64}` : undefined,
    source: serverName,
  }
}

/** What the message holds already: the core fits a resource's files into the rest. */
export function budgetUsed(files: readonly PendingAttachment[]): { count: number; bytes: number } {
  return { count: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) }
}

/** One line per resource named but not sent, in the user's language (it goes into the message they see). */
export function omittedLines(t: Translate, serverName: string, omitted: readonly McpOmittedResource[]): string[] {
  return omitted.map((resource) =>
    t('composerMcp.omitted', {
      name: resource.name,
      server: serverName,
      reason: t(`composerMcp.reason.${resource.reason}`),
    }),
  )
}
