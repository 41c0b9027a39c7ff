// Reads an export file one record at a time, so a 200,000-message store never becomes one string or
// one object. An export is one JSON object whose keys hold either an array of records (`keel export`:
// conversations, generations, measurements, ledger) or a single value (the window's: format, version,
// conversation). This is not a JSON parser: it only finds where each record's text starts and ends
// (depth and strings, whatever the layout), and `JSON.parse` parses and checks each record. Memory is
// bounded by the largest record (one conversation), as for the export, and that by limits checked
// while the record's text is read, before it is parsed: MAX_IMPORT_RECORD_CHARS long, MAX_IMPORT_DEPTH
// deep (a file is at most MAX_IMPORT_FILE_BYTES). Beyond them, JSON.parse or a recursive walk failed
// with "Invalid string length" or "Maximum call stack size exceeded" and hundreds of MB in memory.
//
// Synchronous on purpose: the import runs in one SQLite transaction on the app's one connection, and
// it decides when the event loop gets a turn (importStoreInSlices: between records, with the app's
// other writers held off), never a read of the file.
import { StringDecoder } from 'node:string_decoder'
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { MAX_IMPORT_DEPTH, MAX_IMPORT_FILE_BYTES, MAX_IMPORT_RECORD_CHARS } from '../../shared/ipc/channels'
import type { ImportProblem } from '../../shared/import-report'

/** The next piece of the file, or `undefined` at its end; `close` lets go of it early (an import that failed). */
export type ChunkSource = (() => string | undefined) & { close?: () => void }

/** One record: an array element (`index` from 0) or a key's single value (`index` undefined). */
export interface JsonRecord {
  key: string
  index: number | undefined
  value: unknown
  /** "line L, column C" of the record's first character (for messages). */
  at: string
}

/**
 * The file cannot be read as an export: not JSON of its shape (`malformed`, `where` is "line L,
 * column C"), or over a limit (`where` is the record, "conversations.3", or "(file)").
 */
export class JsonShapeError extends Error {
  constructor(
    readonly where: string,
    message: string,
    readonly problem: Extract<
      ImportProblem,
      'malformed' | 'too-deep' | 'record-too-large' | 'file-too-large'
    > = 'malformed',
  ) {
    super(message)
  }
}

/** The limits a reading checks (tests of the reader may pass smaller ones). */
export interface RecordLimits {
  maxRecordChars: number
  maxDepth: number
}

const LIMITS: RecordLimits = { maxRecordChars: MAX_IMPORT_RECORD_CHARS, maxDepth: MAX_IMPORT_DEPTH }

/**
 * Chunks of a file read with `readSync` (UTF-8, decoded across chunk boundaries); closes it at the end.
 * A file over `maxBytes` is refused at the first read, before any of it is read.
 */
export function fileChunks(path: string, chunkBytes = 1 << 20, maxBytes = MAX_IMPORT_FILE_BYTES): ChunkSource {
  const fd = openSync(path, 'r')
  const size = fstatSync(fd).size
  const buffer = Buffer.alloc(chunkBytes)
  const decoder = new StringDecoder('utf8')
  let open = true
  const close = (): void => {
    if (!open) return
    open = false
    closeSync(fd)
  }
  const next = (): string | undefined => {
    if (size > maxBytes) {
      close()
      throw new JsonShapeError(
        '(file)',
        `The file is ${size} bytes: an import file can be at most ${maxBytes} bytes.`,
        'file-too-large',
      )
    }
    while (open) {
      const read = readSync(fd, buffer, 0, buffer.length, null)
      if (read === 0) {
        close()
        const rest = decoder.end()
        return rest === '' ? undefined : rest
      }
      const text = decoder.write(buffer.subarray(0, read))
      if (text !== '') return text
    }
    return undefined
  }
  // Without it, a file whose import failed half-way stayed open (on Windows it could not be removed).
  return Object.assign(next, { close })
}

/** A string as chunks (the window's small files, tests). */
export function stringChunks(text: string, chunkChars = 1 << 20): ChunkSource {
  let offset = 0
  return () => {
    if (offset >= text.length) return undefined
    const chunk = text.slice(offset, offset + chunkChars)
    offset += chunkChars
    return chunk
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/** Every record of the file, in file order. Throws {@link JsonShapeError} where the text stops fitting. */
export function* readJsonRecords(source: ChunkSource, limits: RecordLimits = LIMITS): Generator<JsonRecord> {
  const r = new Cursor(source, limits)
  r.skipSpace()
  if (r.peek() === -1) throw new JsonShapeError(r.where(), 'The file is empty.')
  r.expect(0x7b, 'an export is one JSON object ({ … })')
  r.skipSpace()
  if (r.peek() === 0x7d) {
    r.next()
  } else {
    for (;;) {
      r.skipSpace()
      if (r.peek() === -1)
        throw new JsonShapeError(r.where(), 'This file is not JSON: it ends in the middle of the export.')
      if (r.peek() !== 0x22)
        throw new JsonShapeError(r.where(), 'This file is not JSON: expected a key in double quotes.')
      const keyAt = r.where()
      const key = parseAt<string>(r.captureValue('(top level)'), keyAt)
      r.skipSpace()
      r.expect(0x3a, 'expected ":" after a key')
      r.skipSpace()
      if (r.peek() === 0x5b) {
        r.next()
        r.skipSpace()
        if (r.peek() === 0x5d) r.next()
        else {
          for (let index = 0; ; index++) {
            r.skipSpace()
            const at = r.where()
            yield { key, index, value: parseAt(r.captureValue(`${key}.${index}`), at), at }
            r.skipSpace()
            const c = r.next()
            if (c === 0x5d) break
            if (c !== 0x2c)
              throw new JsonShapeError(r.whereBefore(), 'This file is not JSON: expected "," or "]" after a record.')
          }
        }
      } else {
        const at = r.where()
        yield { key, index: undefined, value: parseAt(r.captureValue(key), at), at }
      }
      r.skipSpace()
      const c = r.next()
      if (c === 0x7d) break
      if (c !== 0x2c)
        throw new JsonShapeError(r.whereBefore(), 'This file is not JSON: expected "," or "}" after a value.')
    }
  }
  r.skipSpace()
  if (r.peek() !== -1)
    throw new JsonShapeError(r.where(), 'This file is not JSON: there is text after the end of the export.')
}

function parseAt<T = unknown>(text: string, at: string): T {
  try {
    return JSON.parse(text) as T
  } catch (error) {
    throw new JsonShapeError(
      at,
      `This file is not JSON here (${error instanceof Error ? error.message : String(error)}).`,
    )
  }
}

/** A pull cursor over the chunks, counting lines, able to capture the text of one value. */
class Cursor {
  private buf = ''
  private pos = 0
  private line = 1
  private column = 1
  private captured: string[] | undefined
  /** Characters in `captured` (the record's text read so far, before the current chunk). */
  private capturedChars = 0
  private captureFrom = 0
  /** The record being captured and where it starts (for a limit's message). */
  private capturing = { record: '', at: '' }

  constructor(
    private readonly source: ChunkSource,
    private readonly limits: RecordLimits,
  ) {}

  where(): string {
    return `line ${this.line}, column ${this.column}`
  }

  whereBefore(): string {
    return `line ${this.line}, column ${Math.max(1, this.column - 1)}`
  }

  private fill(): boolean {
    while (this.pos >= this.buf.length) {
      if (this.captured) {
        const piece = this.buf.slice(this.captureFrom)
        this.capturedChars += piece.length
        // Checked per chunk: the text held for a record never grows past the limit by more than one chunk.
        if (this.capturedChars > this.limits.maxRecordChars) this.tooLarge()
        this.captured.push(piece)
      }
      const next = this.source()
      if (next === undefined) {
        this.buf = ''
        this.pos = 0
        this.captureFrom = 0
        return false
      }
      this.buf = next
      this.pos = 0
      this.captureFrom = 0
    }
    return true
  }

  peek(): number {
    return this.fill() ? this.buf.charCodeAt(this.pos) : -1
  }

  next(): number {
    if (!this.fill()) return -1
    const c = this.buf.charCodeAt(this.pos++)
    if (c === 0x0a) {
      this.line++
      this.column = 1
    } else this.column++
    return c
  }

  expect(c: number, what: string): void {
    if (this.peek() !== c) throw new JsonShapeError(this.where(), `Not an export: ${what}.`)
    this.next()
  }

  skipSpace(): void {
    while (isSpace(this.peek())) this.next()
  }

  private tooLarge(): never {
    this.captured = undefined
    throw new JsonShapeError(
      this.capturing.record,
      `This record (from ${this.capturing.at}) is longer than ${this.limits.maxRecordChars} characters: too large to import.`,
      'record-too-large',
    )
  }

  /** The text of the value starting here (object, array, string or scalar), consumed; `record` names it in a limit's message. */
  captureValue(record: string): string {
    const first = this.peek()
    if (first === -1)
      throw new JsonShapeError(this.where(), 'This file is not JSON: it ends in the middle of the export.')
    this.captured = []
    this.capturedChars = 0
    this.captureFrom = this.pos
    this.capturing = { record, at: this.where() }
    let depth = 0
    let inString = false
    let escaped = false
    const scalar = first !== 0x7b && first !== 0x5b && first !== 0x22
    for (;;) {
      const c = this.peek()
      if (c === -1) {
        this.captured = undefined
        throw new JsonShapeError(this.where(), 'This file is not JSON: it ends in the middle of a record.')
      }
      if (scalar) {
        if (c === 0x2c || c === 0x5d || c === 0x7d || isSpace(c)) break
        this.next()
        continue
      }
      this.next()
      if (inString) {
        if (escaped) escaped = false
        else if (c === 0x5c) escaped = true
        else if (c === 0x22) {
          inString = false
          if (depth === 0) break
        }
      } else if (c === 0x22) inString = true
      else if (c === 0x7b || c === 0x5b) {
        if (++depth > this.limits.maxDepth) {
          this.captured = undefined
          throw new JsonShapeError(
            record,
            `It nests deeper than ${this.limits.maxDepth} levels (${this.whereBefore()}): no Keel export does.`,
            'too-deep',
          )
        }
      } else if (c === 0x7d || c === 0x5d) {
        depth--
        if (depth === 0) break
      }
    }
    const parts = this.captured
    this.captured = undefined
    const last = this.buf.slice(this.captureFrom, this.pos)
    if (this.capturedChars + last.length > this.limits.maxRecordChars) this.tooLarge()
    parts.push(last)
    return parts.length === 1 ? parts[0]! : parts.join('')
  }
}
