import { useCallback, useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react'
import type { AttachmentInput, AttachmentProblem } from '../../../../shared/attachments'
import type { Translate } from '../../i18n/messages'
import { attachmentLimitsText, attachmentProblemText, formatBytes } from '../../lib/attachment-text'
import { problemAdding, readAttachment, type PendingAttachment } from './read-attachment'
import '../../styles/attachments.css'

/** The composer's files: added by picking, pasting or dropping; removed one by one; cleared when sent. */
export function useAttachments() {
  const [files, setFiles] = useState<PendingAttachment[]>([])
  const [problem, setProblem] = useState<AttachmentProblem | undefined>(undefined)
  const filesRef = useRef(files)
  filesRef.current = files

  const add = useCallback(async (list: readonly File[]) => {
    let last: AttachmentProblem | undefined
    for (const file of list) {
      const read = await readAttachment(file)
      if (!read.ok) {
        last = read.problem
        continue
      }
      const tooMuch = problemAdding(filesRef.current, read.attachment.size)
      if (tooMuch) {
        last = tooMuch
        continue
      }
      filesRef.current = [...filesRef.current, read.attachment]
      setFiles(filesRef.current)
    }
    setProblem(last)
  }, [])

  /** Files read already (an MCP resource): kept while they fit the message's count and total; the rest refused. */
  const addReady = useCallback((list: readonly PendingAttachment[]) => {
    let last: AttachmentProblem | undefined
    for (const file of list) {
      const tooMuch = problemAdding(filesRef.current, file.size)
      if (tooMuch) {
        last = tooMuch
        continue
      }
      filesRef.current = [...filesRef.current, file]
    }
    setFiles(filesRef.current)
    setProblem(last)
  }, [])

  const remove = useCallback((key: string) => {
    filesRef.current = filesRef.current.filter((file) => file.key !== key)
    setFiles(filesRef.current)
    setProblem(undefined)
  }, [])

  const clear = useCallback(() => {
    filesRef.current = []
    setFiles([])
    setProblem(undefined)
  }, [])

  /** Pasted files (a screenshot) are attached; pasted text stays text. */
  const onPaste = useCallback(
    (event: ClipboardEvent) => {
      const pasted = [...event.clipboardData.files]
      if (pasted.length === 0) return
      event.preventDefault()
      void add(pasted)
    },
    [add],
  )

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
  }, [])

  const onDrop = useCallback(
    (event: DragEvent) => {
      const dropped = [...event.dataTransfer.files]
      if (dropped.length === 0) return
      event.preventDefault()
      void add(dropped)
    },
    [add],
  )

  /** What `turns.start` carries. */
  const inputs = (): AttachmentInput[] =>
    files.map(({ name, mimeType, dataBase64 }) => ({ name, mimeType, dataBase64 }))

  return {
    files,
    problem,
    add,
    addReady,
    remove,
    clear,
    onPaste,
    onDragOver,
    onDrop,
    inputs,
    restore: (previous: PendingAttachment[]) => setFiles((filesRef.current = previous)),
  }
}

export type Attachments = ReturnType<typeof useAttachments>

/** "Attach" (opens the file chooser), with the limits said beside it, up front. */
export function AttachButton({
  attachments,
  t,
  disabled,
}: {
  attachments: Attachments
  t: Translate
  disabled?: boolean
}) {
  const input = useRef<HTMLInputElement>(null)
  const hintId = useId()
  return (
    <div className="attach">
      <button
        type="button"
        className="attach-button"
        aria-describedby={hintId}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <PaperclipIcon />
        {t('attachments.attach')}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="attach-input"
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])]
          event.target.value = ''
          void attachments.add(chosen)
        }}
      />
      <span className="attachments-hint" id={hintId}>
        {attachmentLimitsText(t)}
      </span>
    </div>
  )
}

/**
 * The files to be sent, each with a "Remove <name>" button; and why the last one was refused.
 * `updated`: chips of an MCP resource its server says changed (read again before sending).
 */
export function AttachmentChips({
  attachments,
  t,
  updated,
  onRemoved,
}: {
  attachments: Attachments
  t: Translate
  updated?: ReadonlySet<string> | undefined
  onRemoved?: ((key: string) => void) | undefined
}) {
  return (
    <>
      {attachments.files.length > 0 && (
        <ul className="attachment-chips" aria-label={t('attachments.list')}>
          {attachments.files.map((file) => (
            <li key={file.key} className="attachment-chip" data-testid="attachment-chip">
              {file.previewUrl ? (
                <img src={file.previewUrl} alt={file.name} className="attachment-thumb" />
              ) : (
                <FileIcon />
              )}
              {file.source !== undefined && <span className="attachment-source">{file.source}</span>}
              {updated?.has(file.key) && (
                <span
                  className="attachment-updated"
                  data-testid="attachment-updated"
                  title={t('composerMcp.updatedHint', { server: file.source ?? '' })}
                >
                  {t('composerMcp.updated')}
                </span>
              )}
              <span className="attachment-name" title={file.name}>
                {file.name}
              </span>
              <span className="attachment-size">{formatBytes(t, file.size)}</span>
              <button
                type="button"
                className="attachment-remove"
                aria-label={t('attachments.remove', { name: file.name })}
                onClick={() => {
                  attachments.remove(file.key)
                  onRemoved?.(file.key)
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {attachments.problem && (
        <p className="composer-error attachment-problem" role="alert">
          {attachmentProblemText(t, attachments.problem)}
        </p>
      )}
    </>
  )
}

/** Drawn, not an emoji: the window may have no emoji font. */
function PaperclipIcon() {
  return (
    <svg className="attachment-svg" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M10.5 4.5 5.6 9.4a1.4 1.4 0 0 0 2 2l5-5a2.8 2.8 0 0 0-4-4l-5 5a4.2 4.2 0 0 0 6 6l4.2-4.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  )
}

export function FileIcon() {
  return (
    <svg
      className="attachment-svg attachment-icon"
      viewBox="0 0 16 16"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M4 1.5h5.5L13 5v9.5H4z M9.5 1.5V5H13 M6 8h5 M6 10.5h5 M6 13h3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.1"
        strokeLinejoin="round"
      />
    </svg>
  )
}
