import { useEffect, useState } from 'react'
import { isImageMimeType, type AttachmentInfo } from '../../../../shared/attachments'
import type { Translate } from '../../i18n/messages'
import { formatBytes } from '../../lib/attachment-text'
import { FileIcon } from './attachment-picker'
import '../../styles/attachments.css'

/** Loads a stored image as a data URL (from `attachments.get`: bytes from the core, never a file path). */
export type AttachmentLoader = (attachmentId: number) => Promise<string | undefined>

/** The files of a sent message: images as thumbnails, text files by name and size. */
export function SentAttachments({
  files,
  t,
  load,
}: {
  files: readonly AttachmentInfo[]
  t: Translate
  load: AttachmentLoader | undefined
}) {
  return (
    <ul className="attachment-chips sent" aria-label={t('attachments.sent')} data-testid="sent-attachments">
      {files.map((file) => (
        <li key={file.id} className="attachment-chip">
          {isImageMimeType(file.mimeType) ? <StoredImage file={file} load={load} t={t} /> : <FileIcon />}
          <span className="attachment-name" title={file.name}>
            {file.name}
          </span>
          <span className="attachment-size">
            {t(isImageMimeType(file.mimeType) ? 'attachments.imageFile' : 'attachments.textFile', {
              size: formatBytes(t, file.size),
            })}
          </span>
        </li>
      ))}
    </ul>
  )
}

export function StoredImage({
  file,
  load,
  t,
}: {
  file: AttachmentInfo
  load: AttachmentLoader | undefined
  t: Translate
}) {
  const [url, setUrl] = useState<string | undefined>(undefined)
  useEffect(() => {
    let live = true
    void load?.(file.id).then((loaded) => {
      if (live) setUrl(loaded)
    })
    return () => {
      live = false
    }
  }, [file.id, load])
  return url ? (
    <img src={url} alt={file.name} className="attachment-thumb" />
  ) : (
    <span
      className="attachment-thumb placeholder"
      role="img"
      aria-label={t('attachments.loading', { name: file.name })}
    />
  )
}
