import { useEffect, useState } from 'react'
import { noticeAction } from '../../../../shared/error-notice'
import { fallbackMessage, isFallbackMessageId, type ToolTitleOf } from '../../../../shared/fallback-messages'
import type { Locale } from '../../../../shared/locale'
import { PROVIDER_ERROR_KINDS, type ProviderErrorKind } from '../../../../shared/provider-error'
import type { MessageKey, Translate } from '../../i18n/messages'
import type { DiagnosticView, NoticeView } from '../../state/run-reducer'
import { ServerText } from '../../ui/server-text'
import '../../styles/errors.css'

/** Opens Settings, at a section when given (`provider-settings-<providerId>`: the provider's form). */
export type OpenSettings = (section?: string) => void

/**
 * Keel's messages, each with what the user can do about it (the same for a live and a stored
 * answer: the action comes from the message's id and values): open the setting that fixes it,
 * Retry where retrying can help, after the wait a rate limit asked for.
 */
export function Notices({
  notices,
  t,
  onRetry,
  onOpenSettings,
  titleOf,
}: {
  notices: NoticeView[]
  t: Translate
  onRetry?: (() => void) | undefined
  onOpenSettings?: OpenSettings | undefined
  /** Tool titles in the window's language (for a message naming an action). */
  titleOf?: ToolTitleOf | undefined
}) {
  if (notices.length === 0) return null
  return (
    <div className="notices">
      {notices.map((notice, index) => (
        <div
          className="notice"
          role="status"
          key={`${notice.id}-${index}`}
          data-testid="notice"
          data-notice-id={notice.id}
        >
          <span className="notice-author">{t('keelNotice')}</span>
          <p>
            {/* Tool titles and a server's own sentence are inside: their hidden characters shown. */}
            <ServerText text={noticeWords(t.locale ?? 'en', notice, titleOf)} />
          </p>
          {index === notices.length - 1 && (
            <NoticeActions notice={notice} t={t} onRetry={onRetry} onOpenSettings={onOpenSettings} />
          )}
        </div>
      ))}
    </div>
  )
}

/**
 * A message in the window's language of the moment, from its id and values: a live run's message
 * re-words when the user switches language, like a stored one (defect 16). The text it arrived
 * with is kept for an id this window does not know (a newer core).
 */
export function noticeWords(locale: Locale, notice: NoticeView, titleOf?: ToolTitleOf): string {
  return isFallbackMessageId(notice.id) ? fallbackMessage(locale, notice.id, notice.values, titleOf) : notice.text
}

/** "Retrying in N s…" in the window's language of the moment (the event's text is the core's language). */
export function retryingWords(locale: Locale, retry: { delayMs: number }): string {
  return fallbackMessage(locale, 'retrying', { seconds: Math.ceil(retry.delayMs / 1000) })
}

function NoticeActions({
  notice,
  t,
  onRetry,
  onOpenSettings,
}: {
  notice: NoticeView
  t: Translate
  onRetry: (() => void) | undefined
  onOpenSettings: OpenSettings | undefined
}) {
  // Notices of unknown ids (none today) keep the Retry they always had.
  const action = isFallbackMessageId(notice.id)
    ? noticeAction({ id: notice.id, ...(notice.values ? { values: notice.values } : {}) })
    : { retry: true, settings: undefined, waitSeconds: undefined }
  const left = useCountdown(action.waitSeconds)
  const provider = notice.values?.provider
  const showSettings = action.settings !== undefined && onOpenSettings
  const showRetry = action.retry && onRetry
  if (!showSettings && !showRetry) return null
  return (
    <div className="notice-actions">
      {showSettings && (
        <button
          type="button"
          className="notice-settings"
          data-testid="notice-settings"
          onClick={() => onOpenSettings(action.settings || undefined)}
        >
          {provider && action.settings ? t('errors.openProviderSettings', { provider }) : t('errors.openSettings')}
        </button>
      )}
      {showRetry && (
        <button type="button" onClick={onRetry} disabled={left > 0} data-testid="notice-retry">
          {left > 0 ? t('errors.retryIn', { seconds: left }) : t('retry')}
        </button>
      )}
    </div>
  )
}

/** Seconds left of a wait, counting down from when the message was shown (0 when there is none). */
function useCountdown(seconds: number | undefined): number {
  const [left, setLeft] = useState(seconds ?? 0)
  useEffect(() => {
    if (!seconds) return
    const until = Date.now() + seconds * 1000
    setLeft(seconds)
    const timer = setInterval(() => {
      const rest = Math.max(0, Math.ceil((until - Date.now()) / 1000))
      setLeft(rest)
      if (rest === 0) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [seconds])
  return left
}

export function Diagnostics({ items, t }: { items: { kind: string; text: string }[]; t: Translate }) {
  if (items.length === 0) return null
  return (
    <details className="diagnostics">
      <summary>{t('diagnostics')}</summary>
      <ul>
        {items.map((item, index) => (
          <li key={index}>
            <code>{item.kind}</code> <ServerText text={item.text} />
          </li>
        ))}
      </ul>
    </details>
  )
}

/** A failure's kind in the user's words ("Model not found"); a kind this window does not know stays as sent. */
export function errorKindLabel(t: Translate, kind: string): string {
  return (PROVIDER_ERROR_KINDS as readonly string[]).includes(kind)
    ? t(`errors.kind.${kind as ProviderErrorKind}` as MessageKey)
    : kind
}

/** Each failed attempt, in the user's language; the provider's own words stay as it said them. */
export function diagnosticItems(list: DiagnosticView[], t: Translate): { kind: string; text: string }[] {
  return list.map((d) => ({
    kind: errorKindLabel(t, d.kind),
    text: [
      t('errors.attempt', { round: d.round, attempt: d.attempt }),
      d.status !== undefined ? t('errors.http', { status: d.status }) : '',
      d.requestId ? t('errors.request', { id: d.requestId }) : '',
      d.providerMessage,
    ]
      .filter(Boolean)
      .join(' · '),
  }))
}
