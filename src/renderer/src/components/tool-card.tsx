import { memo } from 'react'
import type { Translate } from '../i18n/messages'
import { stateKey } from '../i18n/messages'
import type { ToolCard } from '../state/run-reducer'

export type ApprovalDecision = 'approve' | 'deny' | 'always'

function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

export const ToolCardView = memo(function ToolCardView({
  card,
  t,
  title,
  onAnswer,
}: {
  card: ToolCard
  t: Translate
  /** The tool's title in the window's language (its name when the tool is not known). */
  title?: string | undefined
  onAnswer?: (approvalId: string, decision: ApprovalDecision) => void
}) {
  const draft = card.state === 'preparing'
  const name = title ?? card.name
  const progress = card.state === 'running' ? card.progress : undefined
  return (
    <section className={`tool-card state-${card.state}`} data-testid="tool-card" data-state={card.state} aria-label={`${name}: ${t(stateKey(card.state))}`}>
      <header>
        <span className="tool-name">{name}</span>
        <span className="tool-state" data-testid="tool-state">
          {t(stateKey(card.state))}
        </span>
      </header>
      {draft && <p className="tool-draft">{t('toolDraft')}</p>}
      {progress && (
        <div className="tool-progress" data-testid="tool-progress">
          <progress aria-label={t('toolProgress')} value={progress.total !== undefined ? progress.progress : undefined} max={progress.total} />
          {progress.message && <span>{progress.message}</span>}
        </div>
      )}
      {card.state === 'unknown' && <p className="tool-unknown">{t('toolOutcomeUnknown')}</p>}
      {card.argumentsText !== '' && (
        <div className="tool-arguments">
          <span className="tool-label">{t('toolArguments')}</span>
          <pre>{draft ? card.argumentsText : prettyArguments(card.argumentsText)}</pre>
        </div>
      )}
      {card.summary && (
        <div className="tool-summary">
          <span className="tool-label">{t('toolResult')}</span>
          <p>{card.summary}</p>
        </div>
      )}
      {card.images && card.images.length > 0 && (
        <div className="tool-images">
          {card.images.map((image, index) => (
            // Only raster types a tool may return; a data: URL (the CSP allows nothing else for images).
            /^image\/(png|jpeg|gif|webp)$/.test(image.mimeType) && <img key={index} src={`data:${image.mimeType};base64,${image.data}`} alt={t('toolImage', { tool: name })} />
          ))}
        </div>
      )}
      {card.approvalId && onAnswer && (
        <div className="tool-actions">
          <button type="button" className="primary" onClick={() => onAnswer(card.approvalId!, 'approve')}>
            {t('approve')}
          </button>
          <button type="button" onClick={() => onAnswer(card.approvalId!, 'deny')}>
            {t('deny')}
          </button>
          <button type="button" onClick={() => onAnswer(card.approvalId!, 'always')}>
            {t('alwaysAllow')}
          </button>
        </div>
      )}
    </section>
  )
})
