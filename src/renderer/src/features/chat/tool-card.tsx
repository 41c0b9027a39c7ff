import { memo } from 'react'
import type { Translate } from '../../i18n/messages'
import { stateKey } from '../../i18n/messages'
import type { ToolCard } from '../../state/run-reducer'
import type { ToolEffect } from '../../../../shared/tool-outcome'
import { argumentsLine, resultLine } from './tool-summaries'
import { argumentIssuesText } from './argument-issue-text'
import { HintBadges } from '../mcp'
import { ServerText } from '../../ui/server-text'
import { revealInvisible } from '../../../../shared/invisible-characters'
import '../../styles/appearance.css'

export type { ApprovalDecision } from '../../../../shared/approval-decision'
import type { ApprovalDecision } from '../../../../shared/approval-decision'

/** Arguments as indented JSON, hidden characters shown (a server's text can reach the model's arguments). */
function prettyJson(text: string): string {
  try {
    return revealInvisible(JSON.stringify(JSON.parse(text), null, 2))
  } catch {
    return revealInvisible(text)
  }
}

/** The longest result line a folded server card shows (the whole result is inside). */
const SERVER_LINE_MAX = 200

/** A server tool's text result as one line: its first non-empty line, cut to {@link SERVER_LINE_MAX}. */
function serverResultLine(output: unknown): string | undefined {
  if (typeof output !== 'string') return undefined
  const line = output
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim()
  if (line === undefined) return undefined
  return line.length > SERVER_LINE_MAX ? `${line.slice(0, SERVER_LINE_MAX - 1)}…` : line
}

/** States after which nothing more happens to a call: its card folds to one line (the user can open it). */
const FINISHED = new Set(['done', 'repeated', 'failed', 'invalid', 'denied', 'not-run', 'cancelled'])

/** The card's state label: a complete call waiting behind another one is not a draft. */
function stateLabel(card: ToolCard, t: Translate, effect: ToolEffect | undefined): string {
  if (card.state === 'preparing' && card.queued)
    return effect === 'none' ? t('appearance.queuedRead') : t('appearance.queued')
  return t(stateKey(card.state))
}

export const ToolCardView = memo(function ToolCardView({
  card,
  t,
  title,
  provider,
  effect,
  onAnswer,
}: {
  card: ToolCard
  t: Translate
  /** The tool's title in the window's language (its name when the tool is not known). */
  title?: string | undefined
  /** Who provides the tool (an MCP server), when the card itself does not say (a stored answer). */
  provider?: string | undefined
  /** What the tool does (from `tools.list`): says whether a queued call will ask. */
  effect?: ToolEffect | undefined
  onAnswer?: (approvalId: string, decision: ApprovalDecision) => void
}) {
  const draft = card.state === 'preparing' && !card.queued
  // The title in the window's language first (Keel's own tools are translated); then the approval request's.
  const name = title ?? card.title ?? card.name
  const from = card.provider ?? provider
  const progress = card.state === 'running' ? card.progress : undefined
  const label = stateLabel(card, t, effect)
  // Keel's own tools read as one line each; the JSON stays behind "Raw data". A server's tool shows its arguments whole.
  const finished = FINISHED.has(card.state)
  const argsLine =
    draft || from ? undefined : argumentsLine(card.name, card.argumentsText, t, card.preview, { decided: finished })
  const succeeded = card.state === 'done' || card.state === 'repeated'
  const outcomeLine = succeeded ? resultLine(card.name, card.output, t) : undefined
  // A server's tool: the first line of its text result heads the folded card (the whole result is inside).
  const serverLine = succeeded && from ? serverResultLine(card.output) : undefined
  // Refused arguments: why, in the user's language when the reason came as data; else what the model was told.
  const why = card.state === 'invalid' ? (argumentIssuesText(t, card.issues) ?? card.summary) : undefined
  const summaryLine = why !== undefined ? t('appearance.invalidWhy', { message: why }) : card.summary
  const rawResult = card.output !== undefined ? revealInvisible(JSON.stringify(card.output, null, 2)) : undefined
  // The one line a folded card shows: what it did, else why it failed (the user is told why, defect 14), else what it was asked to do.
  const headLine = finished
    ? (outcomeLine ??
      serverLine ??
      (card.state === 'invalid' || card.state === 'failed' ? summaryLine : undefined) ??
      argsLine)
    : undefined
  const head = (
    <>
      <span className="tool-name">
        <ServerText text={name} />
      </span>
      <span className="tool-state" data-testid="tool-state">
        {label}
      </span>
    </>
  )
  const body = (
    <>
      {from && <p className="tool-provider">{t('toolFromServer', { server: revealInvisible(from) })}</p>}
      <HintBadges hints={card.hints} t={t} />
      {draft && <p className="tool-draft">{t('toolDraft')}</p>}
      {progress && (
        <div className="tool-progress" data-testid="tool-progress">
          <progress
            aria-label={t('toolProgress')}
            value={progress.total !== undefined ? progress.progress : undefined}
            max={progress.total}
          />
          {progress.message && <ServerText text={progress.message} />}
        </div>
      )}
      {card.state === 'unknown' && (
        <p className="tool-unknown">
          {from ? t('toolOutcomeUnknownServer', { server: revealInvisible(from) }) : t('toolOutcomeUnknown')}
        </p>
      )}
      {argsLine !== undefined && headLine !== argsLine && (
        <p
          className={`tool-line${card.preview?.status === 'missing' ? ' tool-line-warning' : ''}`}
          data-testid="tool-arguments-line"
        >
          {argsLine}
        </p>
      )}
      {card.argumentsText !== '' &&
        argsLine === undefined &&
        (from ? (
          // A server's tool: every argument in full, open by default, folded only if the user wants.
          <details className="tool-arguments" open>
            <summary className="tool-label">{t('toolArguments')}</summary>
            <pre>{prettyJson(card.argumentsText)}</pre>
          </details>
        ) : (
          <div className="tool-arguments">
            <span className="tool-label">{t('toolArguments')}</span>
            <pre>{draft ? revealInvisible(card.argumentsText) : prettyJson(card.argumentsText)}</pre>
          </div>
        ))}
      {headLine !== undefined && (headLine === outcomeLine || headLine === summaryLine) ? null : outcomeLine !==
        undefined ? (
        <p className="tool-line tool-result-line" data-testid="tool-result-line">
          {outcomeLine}
        </p>
      ) : (
        summaryLine && (
          <div className="tool-summary">
            <span className="tool-label">{t('toolResult')}</span>
            <p>
              <ServerText text={summaryLine} />
            </p>
          </div>
        )
      )}
      {argsLine !== undefined && (
        <details className="tool-raw" data-testid="tool-raw">
          <summary className="tool-label">{t('appearance.rawData')}</summary>
          <span className="tool-label">{t('toolArguments')}</span>
          <pre>{prettyJson(card.argumentsText)}</pre>
          {(rawResult ?? card.summary) && (
            <>
              <span className="tool-label">{t('toolResult')}</span>
              <pre>{rawResult ?? revealInvisible(card.summary ?? '')}</pre>
            </>
          )}
        </details>
      )}
      {card.images && card.images.length > 0 && (
        <div className="tool-images">
          {card.images.map(
            (image, index) =>
              // Only raster types a tool may return; a data: URL (the CSP allows nothing else for images).
              /^image\/(png|jpeg|gif|webp)$/.test(image.mimeType) && (
                <img
                  key={index}
                  src={`data:${image.mimeType};base64,${image.data}`}
                  alt={t('toolImage', { tool: revealInvisible(name) })}
                />
              ),
          )}
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
              {card.alwaysFor ? t('alwaysAllowFor', { scope: card.alwaysFor }) : t('alwaysAllow')}
            </button>
          )}
        </div>
      )}
    </>
  )
  return (
    <section
      className={`tool-card state-${card.state}${card.queued ? ' queued' : ''}`}
      data-testid="tool-card"
      data-state={card.state}
      aria-label={`${revealInvisible(name)}: ${label}`}
    >
      {finished ? (
        // A finished call is one line (its title, state and what it did); the rest opens on demand.
        <details className="tool-card-fold" data-testid="tool-card-fold">
          <summary className="tool-card-head">
            {head}
            {/* Says the card opens, and its marker turns when it does (styles/appearance.css). */}
            <span className="tool-card-more">{t('appearance.details')}</span>
            {headLine !== undefined && (
              <span className="tool-card-line" data-testid="tool-card-line">
                <ServerText text={headLine} />
              </span>
            )}
          </summary>
          {body}
        </details>
      ) : (
        <>
          <header>{head}</header>
          {body}
        </>
      )}
    </section>
  )
})
