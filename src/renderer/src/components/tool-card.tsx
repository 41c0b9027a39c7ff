import { memo } from 'react'
import type { Translate } from '../i18n/messages'
import { stateKey } from '../i18n/messages'
import type { ToolCard } from '../state/run-reducer'
import { HintBadges } from './mcp-badges'

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
  provider,
  onAnswer,
}: {
  card: ToolCard
  t: Translate
  /** The tool's title in the window's language (its name when the tool is not known). */
  title?: string | undefined
  /** Who provides the tool (an MCP server), when the card itself does not say (a stored answer). */
  provider?: string | undefined
  onAnswer?: (approvalId: string, decision: ApprovalDecision) => void
}) {
  const draft = card.state === 'preparing'
  // The title in the window's language first (Keel's own tools are translated); then the approval request's.
  const name = title ?? card.title ?? card.name
  const from = card.provider ?? provider
  const progress = card.state === 'running' ? card.progress : undefined
  const argumentsText = draft ? card.argumentsText : prettyArguments(card.argumentsText)
  return (
    <section className={`tool-card state-${card.state}`} data-testid="tool-card" data-state={card.state} aria-label={`${name}: ${t(stateKey(card.state))}`}>
      <header>
        <span className="tool-name">{name}</span>
        <span className="tool-state" data-testid="tool-state">
          {t(stateKey(card.state))}
        </span>
      </header>
      {from && <p className="tool-provider">{t('toolFromServer', { server: from })}</p>}
      <HintBadges hints={card.hints} t={t} />
      {draft && <p className="tool-draft">{t('toolDraft')}</p>}
      {progress && (
        <div className="tool-progress" data-testid="tool-progress">
          <progress aria-label={t('toolProgress')} value={progress.total !== undefined ? progress.progress : undefined} max={progress.total} />
          {progress.message && <span>{progress.message}</span>}
        </div>
      )}
      {card.state === 'unknown' && <p className="tool-unknown">{from ? t('toolOutcomeUnknownServer', { server: from }) : t('toolOutcomeUnknown')}</p>}
      {card.argumentsText !== '' &&
        (from ? (
          // A server's tool: every argument in full, open by default, folded only if the user wants.
          <details className="tool-arguments" open>
            <summary className="tool-label">{t('toolArguments')}</summary>
            <pre>{argumentsText}</pre>
          </details>
        ) : (
          <div className="tool-arguments">
            <span className="tool-label">{t('toolArguments')}</span>
            <pre>{argumentsText}</pre>
          </div>
        ))}
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
          {/* A tool that says it may delete or overwrite is asked about every time. */}
          {!card.hints?.destructive && (
            <button type="button" onClick={() => onAnswer(card.approvalId!, 'always')}>
              {t('alwaysAllow')}
            </button>
          )}
        </div>
      )}
    </section>
  )
})
