import type { Translate } from '../i18n/messages'
import type { DiagnosticView, NoticeView } from '../state/run-reducer'

export function Notices({ notices, t, onRetry }: { notices: NoticeView[]; t: Translate; onRetry?: () => void }) {
  if (notices.length === 0) return null
  return (
    <div className="notices">
      {notices.map((notice, index) => (
        <div className="notice" role="status" key={`${notice.id}-${index}`} data-testid="notice">
          <span className="notice-author">{t('keelNotice')}</span>
          <p>{notice.text}</p>
          {onRetry && index === notices.length - 1 && (
            <button type="button" onClick={onRetry}>
              {t('retry')}
            </button>
          )}
        </div>
      ))}
    </div>
  )
}

export function Diagnostics({ items, t }: { items: { kind: string; text: string }[]; t: Translate }) {
  if (items.length === 0) return null
  return (
    <details className="diagnostics">
      <summary>{t('diagnostics')}</summary>
      <ul>
        {items.map((item, index) => (
          <li key={index}>
            <code>{item.kind}</code> {item.text}
          </li>
        ))}
      </ul>
    </details>
  )
}

export function diagnosticItems(list: DiagnosticView[]): { kind: string; text: string }[] {
  return list.map((d) => ({
    kind: d.kind,
    text: [`round ${d.round}, attempt ${d.attempt}`, d.status !== undefined ? `HTTP ${d.status}` : '', d.requestId ? `request ${d.requestId}` : '', d.providerMessage]
      .filter(Boolean)
      .join(' · '),
  }))
}
