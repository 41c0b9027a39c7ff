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
  onAnswer,
}: {
  card: ToolCard
  t: Translate
  onAnswer?: (approvalId: string, decision: ApprovalDecision) => void
}) {
  const draft = card.state === 'preparing'
  return (
    <section className={`tool-card state-${card.state}`} data-testid="tool-card" data-state={card.state} aria-label={`${card.name}: ${t(stateKey(card.state))}`}>
      <header>
        <span className="tool-name">{card.name}</span>
        <span className="tool-state" data-testid="tool-state">
          {t(stateKey(card.state))}
        </span>
      </header>
      {draft && <p className="tool-draft">{t('toolDraft')}</p>}
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
