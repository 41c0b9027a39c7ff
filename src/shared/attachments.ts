// Files a user attaches to a message: what is allowed, how big, and how each is recognised. Pure
// (no Node, no DOM beyond TextDecoder, which both have): the window checks before sending, the core
// checks again before anything is stored or sent (the window is never trusted).

/** Images every provider Keel speaks accepts (Anthropic, OpenAI and Gemini all take these four). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number]

/**
 * Text files are sent as text (a fenced block with the file name), so their type only labels them:
 * these four, and `text/plain` for every other file that is text (source code, logs, .ini…).
 */
export const TEXT_MIME_TYPES = ['text/plain', 'text/markdown', 'text/csv', 'application/json'] as const
export type TextMimeType = (typeof TEXT_MIME_TYPES)[number]

export const ATTACHMENT_MIME_TYPES = [...IMAGE_MIME_TYPES, ...TEXT_MIME_TYPES] as const
export type AttachmentMimeType = (typeof ATTACHMENT_MIME_TYPES)[number]

/**
 * One image, in bytes. Anthropic refuses an image whose *base64* form is over 5 MiB, so 3.75 MiB of
 * bytes is the most every provider takes (OpenAI allows 20 MB per image, Gemini 20 MB per request).
 */
export const MAX_IMAGE_BYTES = (5 * 1024 * 1024 * 3) / 4
/** The longest base64 text one file can be (an image at its limit; text files are smaller). */
export const MAX_ATTACHMENT_BASE64_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4
/** One text file, in bytes (about 64k tokens: more would crowd out the conversation). */
export const MAX_TEXT_FILE_BYTES = 256 * 1024
/** Files on one message. */
export const MAX_ATTACHMENTS = 10
/**
 * All files of one message together, in bytes. Gemini takes at most 20 MB per request with inline
 * data (base64 adds a third): 10 MiB of files is 13.3 MiB on the wire, leaving room for the rest.
 */
export const MAX_ATTACHMENTS_TOTAL_BYTES = 10 * 1024 * 1024
/** A file name as shown and sent (longer ones are cut by the window before sending). */
export const MAX_ATTACHMENT_NAME_CHARS = 255

/**
 * A file's name as Keel keeps it: a name, never a path. Stored names are shown, sent to the model
 * ("File: name") and written back by export: one holding a folder (`../../etc/passwd`), a control
 * character or only dots would read as something it is not. The window makes any name fit
 * ({@link safeAttachmentName}); the core and the import refuse one that does not ({@link isSafeAttachmentName}).
 */
export function safeAttachmentName(name: string): string {
  const cleaned = name
    .replace(/[/\\\u0000-\u001f\u007f]/g, '_')
    .trim()
    .slice(0, MAX_ATTACHMENT_NAME_CHARS)
    .trim()
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'file' : cleaned
}

/** Whether `name` is already a name {@link safeAttachmentName} would keep as it is. */
export function isSafeAttachmentName(name: string): boolean {
  return name === safeAttachmentName(name)
}

/** Why a name is refused (English, for the core's and the import's messages). */
export const UNSAFE_ATTACHMENT_NAME = 'a file name cannot hold a folder (/ or \\), control characters or only dots'

/** A file as `turns.start` carries it (the bytes in base64). */
export interface AttachmentInput {
  name: string
  mimeType: AttachmentMimeType
  dataBase64: string
}

/** What a stored attachment is, without its bytes (the window asks for them with `attachments.get`). */
export interface AttachmentInfo {
  id: number
  name: string
  mimeType: AttachmentMimeType
  /** Bytes. */
  size: number
}

/** Why a file cannot be attached (the window words it; the core returns it as the error's detail). */
export type AttachmentProblem =
  | { code: 'attachment-type'; name: string }
  | { code: 'attachment-image-too-big'; name: string; size: number; max: number }
  | { code: 'attachment-text-too-big'; name: string; size: number; max: number }
  | { code: 'attachment-too-many'; count: number; max: number }
  | { code: 'attachment-total-too-big'; size: number; max: number }
  | { code: 'attachment-not-image'; name: string; declared: string }
  | { code: 'attachment-not-text'; name: string }
  | { code: 'attachment-empty'; name: string }

/** English for logs, the CLI and the import; the window words the problem from the error's detail. */
export function attachmentProblemMessage(problem: AttachmentProblem): string {
  switch (problem.code) {
    case 'attachment-type':
      return `${problem.name}: this type of file cannot be attached.`
    case 'attachment-image-too-big':
      return `${problem.name}: images can be at most ${problem.max} bytes; this one is ${problem.size}.`
    case 'attachment-text-too-big':
      return `${problem.name}: text files can be at most ${problem.max} bytes; this one is ${problem.size}.`
    case 'attachment-too-many':
      return `At most ${problem.max} files can be attached to a message (${problem.count} were).`
    case 'attachment-total-too-big':
      return `The files of a message can be at most ${problem.max} bytes together (these are ${problem.size}).`
    case 'attachment-not-image':
      return `${problem.name}: its contents are not a ${problem.declared} image.`
    case 'attachment-not-text':
      return `${problem.name}: it is not a text file (UTF-8 without NUL characters).`
    case 'attachment-empty':
      return `${problem.name}: the file is empty.`
  }
}

export function isImageMimeType(mimeType: string): mimeType is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(mimeType)
}

export function isTextMimeType(mimeType: string): mimeType is TextMimeType {
  return (TEXT_MIME_TYPES as readonly string[]).includes(mimeType)
}

/** The image type the bytes say they are (their magic numbers), whatever the file is called. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | undefined {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif'
  // RIFF <size> WEBP
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return 'image/webp'
  return undefined
}

/**
 * The text of a file that is text: valid UTF-8 (a byte-order mark is dropped) with no NUL
 * character. Anything else (a PDF, a zip, UTF-16) is `undefined`: it would reach the model as noise.
 */
export function decodeTextFile(bytes: Uint8Array): string | undefined {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return undefined
  }
  return text.includes('\0') ? undefined : text
}

/** The type a text file is labelled with: its own when it is one of {@link TEXT_MIME_TYPES}, else by its extension, else `text/plain`. */
export function textMimeTypeFor(name: string, declared: string): TextMimeType {
  const base = declared.split(';')[0]?.trim().toLowerCase() ?? ''
  if (isTextMimeType(base)) return base
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase()
  if (extension === 'md' || extension === 'markdown') return 'text/markdown'
  if (extension === 'csv') return 'text/csv'
  if (extension === 'json') return 'application/json'
  return 'text/plain'
}

/** Bytes a base64 text decodes to (without decoding it). */
export function base64DecodedSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return (base64.length / 4) * 3 - padding
}

/**
 * Standard base64 with padding, nothing else (no line breaks, no data-URL prefix). A loop, not a
 * regular expression: a 5 MB string would take a backtracking regex's stack to its limit.
 */
export function isBase64(text: string): boolean {
  if (text.length % 4 !== 0) return false
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0
  for (let i = 0; i < text.length - padding; i++) {
    const c = text.charCodeAt(i)
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47
    if (!ok) return false
  }
  return true
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const BASE64_VALUES = new Map([...BASE64_ALPHABET].map((char, i) => [char.charCodeAt(0), i]))

/** Decodes standard base64 (check it with {@link isBase64} first). */
export function decodeBase64(base64: string): Uint8Array {
  const bytes = new Uint8Array(base64DecodedSize(base64))
  let out = 0
  for (let i = 0; i < base64.length; i += 4) {
    const a = BASE64_VALUES.get(base64.charCodeAt(i)) ?? 0
    const b = BASE64_VALUES.get(base64.charCodeAt(i + 1)) ?? 0
    const c = BASE64_VALUES.get(base64.charCodeAt(i + 2)) ?? 0
    const d = BASE64_VALUES.get(base64.charCodeAt(i + 3)) ?? 0
    const triple = (a << 18) | (b << 12) | (c << 6) | d
    if (out < bytes.length) bytes[out++] = (triple >> 16) & 0xff
    if (out < bytes.length) bytes[out++] = (triple >> 8) & 0xff
    if (out < bytes.length) bytes[out++] = triple & 0xff
  }
  return bytes
}

/** Encodes bytes as standard base64 (the window reads files as bytes; the contract carries base64). */
export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = []
  // Chunks keep String.fromCharCode's argument list short and the joined string linear.
  for (let i = 0; i < bytes.length; i += 3 * 8192) {
    let chunk = ''
    const end = Math.min(bytes.length, i + 3 * 8192)
    for (let j = i; j < end; j += 3) {
      const a = bytes[j] ?? 0
      const b = bytes[j + 1]
      const c = bytes[j + 2]
      const triple = (a << 16) | ((b ?? 0) << 8) | (c ?? 0)
      chunk += BASE64_ALPHABET[(triple >> 18) & 63]! + BASE64_ALPHABET[(triple >> 12) & 63]!
      chunk += b === undefined ? '=' : BASE64_ALPHABET[(triple >> 6) & 63]!
      chunk += c === undefined ? '=' : BASE64_ALPHABET[triple & 63]!
    }
    parts.push(chunk)
  }
  return parts.join('')
}

/** A file checked and ready to store and send: images as bytes, text files also as their text. */
export type CheckedAttachment =
  | { kind: 'image'; name: string; mimeType: ImageMimeType; bytes: Uint8Array }
  | { kind: 'text'; name: string; mimeType: TextMimeType; bytes: Uint8Array; text: string }

/**
 * Checks one file as the core and the window both must: the type is allowed; an image's bytes are
 * the image type it claims (magic numbers); a text file is text; each within its size.
 */
export function checkAttachment(
  name: string,
  mimeType: string,
  bytes: Uint8Array,
): { ok: true; attachment: CheckedAttachment } | { ok: false; problem: AttachmentProblem } {
  if (bytes.length === 0) return { ok: false, problem: { code: 'attachment-empty', name } }
  if (isImageMimeType(mimeType)) {
    if (bytes.length > MAX_IMAGE_BYTES)
      return {
        ok: false,
        problem: { code: 'attachment-image-too-big', name, size: bytes.length, max: MAX_IMAGE_BYTES },
      }
    if (sniffImageType(bytes) !== mimeType)
      return { ok: false, problem: { code: 'attachment-not-image', name, declared: mimeType } }
    return { ok: true, attachment: { kind: 'image', name, mimeType, bytes } }
  }
  if (isTextMimeType(mimeType)) {
    if (bytes.length > MAX_TEXT_FILE_BYTES)
      return {
        ok: false,
        problem: { code: 'attachment-text-too-big', name, size: bytes.length, max: MAX_TEXT_FILE_BYTES },
      }
    const text = decodeTextFile(bytes)
    if (text === undefined) return { ok: false, problem: { code: 'attachment-not-text', name } }
    return { ok: true, attachment: { kind: 'text', name, mimeType, bytes, text } }
  }
  return { ok: false, problem: { code: 'attachment-type', name } }
}

/** The count and total-size rules of one message's files. */
export function checkAttachmentSet(sizes: readonly number[]): AttachmentProblem | undefined {
  if (sizes.length > MAX_ATTACHMENTS) return { code: 'attachment-too-many', count: sizes.length, max: MAX_ATTACHMENTS }
  const total = sizes.reduce((sum, size) => sum + size, 0)
  if (total > MAX_ATTACHMENTS_TOTAL_BYTES)
    return { code: 'attachment-total-too-big', size: total, max: MAX_ATTACHMENTS_TOTAL_BYTES }
  return undefined
}

/**
 * A text file as the model reads it: its name ({@link quotedFileName}), then its text in a fenced
 * block whose fence is longer than any run of backticks inside (so the file cannot close the block early).
 */
export function textFileBlock(name: string, text: string): string {
  const longestRun = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length))
  const fence = '`'.repeat(Math.max(3, longestRun + 1))
  return `File: ${quotedFileName(name)}\n${fence}\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}`
}

/** A name that reads the same wherever it is put: no line breaks, invisible or bidi characters, quotes, backticks, brackets or backslashes. */
const PLAIN_FILE_NAME = /^[^\p{C}\p{Zl}\p{Zp}"'`\\[\]]+$/u

/**
 * A file name as the model reads it, always on one line: as it is when plain (`notes.md`), else
 * as a JSON string with every line break, control, invisible and bidi character escaped — a name
 * holding a newline and a fence can never open a block or a line of its own (the name is the
 * user's file's, i.e. data, never structure).
 */
export function quotedFileName(name: string): string {
  if (PLAIN_FILE_NAME.test(name)) return name
  return JSON.stringify(name).replace(/[\p{C}\p{Zl}\p{Zp}]/gu, (char) =>
    Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  )
}
