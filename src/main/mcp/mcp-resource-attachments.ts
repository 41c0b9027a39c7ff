// A read resource (or a prompt's embedded one) as the files Keel already sends every provider:
// text as a text file, an image (by its bytes, not its label) as an image, each within the same
// budgets as a file the user attaches. Anything else — a PDF, audio, an image type providers do
// not take, something over a budget — is named, not sent. No I/O.
import {
  checkAttachment,
  isBase64,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  quotedFileName,
  safeAttachmentName,
  sniffImageType,
  textMimeTypeFor,
  type CheckedAttachment,
} from '../../shared/attachments'
import type { McpOmittedReason, McpOmittedResource, McpResourceContent } from '../../shared/mcp-server-features'

export type OmittedReason = McpOmittedReason
export type OmittedResource = McpOmittedResource

export interface ResourceAttachments {
  attachments: CheckedAttachment[]
  omitted: OmittedResource[]
}

/** What the message holds already (files the user attached): the budgets are for all together. */
export interface AttachmentBudgetUsed {
  count: number
  bytes: number
}

/**
 * A file name for a resource: the listed name when given, else the last segment of its URI
 * (decoded), made a name and never a path (`safeAttachmentName`).
 */
export function resourceFileName(uri: string, listedName?: string | undefined): string {
  if (listedName) return safeAttachmentName(listedName)
  const path = uri.replace(/[?#].*$/, '').replace(/\/+$/, '')
  const last = path.slice(path.lastIndexOf('/') + 1) || uri
  let decoded = last
  try {
    decoded = decodeURIComponent(last)
  } catch {
    // Not percent-encoded text: the segment as it is.
  }
  return safeAttachmentName(decoded)
}

/** Types whose bytes are text to a reader (a blob of JSON is still text). */
function textLike(mimeType: string | undefined): boolean {
  const base = (mimeType ?? '').split(';')[0]!.trim().toLowerCase()
  return (
    base === '' ||
    base.startsWith('text/') ||
    /^application\/([a-z0-9.+-]*\+)?(json|xml|yaml|x-yaml|javascript|x-sh|toml|sql|graphql)$/.test(base)
  )
}

/**
 * Converts resource contents to attachments. `names` gives each URI's listed name (else the URI's
 * last segment); `used` is what the message holds already.
 */
export function resourceAttachments(
  contents: readonly McpResourceContent[],
  options: { names?: ReadonlyMap<string, string> | undefined; used?: AttachmentBudgetUsed | undefined } = {},
): ResourceAttachments {
  let count = options.used?.count ?? 0
  let total = options.used?.bytes ?? 0
  const attachments: CheckedAttachment[] = []
  const omitted: OmittedResource[] = []
  for (const content of contents) {
    const name = resourceFileName(content.uri, options.names?.get(content.uri))
    const omit = (reason: OmittedReason, size: number) =>
      omitted.push({
        name,
        uri: content.uri,
        ...(content.mimeType ? { mimeType: content.mimeType } : {}),
        size,
        reason,
      })
    let checked: ReturnType<typeof checkAttachment>
    if ('text' in content) {
      const bytes = new TextEncoder().encode(content.text)
      checked = checkAttachment(name, textMimeTypeFor(name, content.mimeType ?? ''), bytes)
    } else {
      if (!isBase64(content.blob)) {
        omit('invalid', 0)
        continue
      }
      // Node's decoder (checked as strict base64 above): the shared one is pure JS and slow on megabytes.
      const buffer = Buffer.from(content.blob, 'base64')
      const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length)
      // The bytes decide: a PNG labelled octet-stream is an image, an SVG labelled image/* is not.
      const image = sniffImageType(bytes)
      if (image) checked = checkAttachment(name, image, bytes)
      else if (textLike(content.mimeType))
        checked = checkAttachment(name, textMimeTypeFor(name, content.mimeType ?? ''), bytes)
      else {
        omit(bytes.length === 0 ? 'empty' : 'binary', bytes.length)
        continue
      }
    }
    if (!checked.ok) {
      const problem = checked.problem
      const size = 'size' in problem ? problem.size : 0
      omit(
        problem.code === 'attachment-empty'
          ? 'empty'
          : problem.code === 'attachment-image-too-big' || problem.code === 'attachment-text-too-big'
            ? 'too-big'
            : 'binary',
        size,
      )
      continue
    }
    const bytes = checked.attachment.bytes.length
    if (count + 1 > MAX_ATTACHMENTS || total + bytes > MAX_ATTACHMENTS_TOTAL_BYTES) {
      omit('over-budget', bytes)
      continue
    }
    count++
    total += bytes
    attachments.push(checked.attachment)
  }
  return { attachments, omitted }
}

/** A size as people read it: `812 B`, `4.1 KB`, `2.3 MB`. */
function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

const REASONS: Record<OmittedReason, string> = {
  binary: 'Keel cannot send this type of file to the model',
  'too-big': 'it is over the size a file can have',
  'over-budget': 'the message already holds as many files as it can',
  empty: 'it is empty',
  invalid: 'the server sent it in a form Keel cannot read',
}

/**
 * One line naming a resource that was not sent (English: the CLI puts it in the message, so the
 * model knows the resource exists; the window words it from `reason`).
 */
export function omittedResourceLine(omitted: OmittedResource): string {
  const type = omitted.mimeType ? `${omitted.mimeType}, ` : ''
  return `[Resource ${quotedFileName(omitted.name)} (${type}${readableSize(omitted.size)}) was not attached: ${REASONS[omitted.reason]}.]`
}
