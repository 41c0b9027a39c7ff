import { memo } from 'react'
import type { Message, MessagePart } from '../../../shared/conversation'
import type { ToolCallState } from '../../../shared/tool-call-state'
import type { ToolCallOutcome } from '../../../shared/tool-outcome'
import type { UsageSummary } from '../../../shared/ipc/app-contract'
import { reasonKey, type Translate } from '../i18n/messages'
import type { MessageExtras } from '../state/chat-store'
import { userTextOf } from '../state/chat-store'
import type { LiveRun, ToolCard } from '../state/run-reducer'
import { formatUsage } from '../lib/format-usage'
import { storedNotice } from '../lib/stored-notice'
import { Markdown } from './markdown'
import { Diagnostics, diagnosticItems, Notices } from './status'
import { ToolCardView, type ApprovalDecision } from './tool-card'

function stateOfOutcome(outcome: ToolCallOutcome): ToolCallState {
  switch (outcome.status) {
    case 'succeeded':
      return outcome.repeated ? 'repeated' : 'done'
    case 'invalid-arguments':
    case 'unknown-tool':
      return 'invalid'
    default:
      return 'failed'
  }
}

function summaryOfOutcome(outcome: ToolCallOutcome): string {
  const text = outcome.status === 'succeeded' ? JSON.stringify(outcome.output) : outcome.status === 'failed' ? outcome.error.message : outcome.message
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}

/** Stored parts as render blocks: text, and one card per call (its result folded in). */
type Block = { kind: 'text'; text: string } | { kind: 'tool'; card: ToolCard }

export function blocksOf(parts: MessagePart[]): Block[] {
  const results = new Map<string, Extract<MessagePart, { type: 'tool-result' }>>()
  for (const part of parts) if (part.type === 'tool-result') results.set(part.callId, part)
  const blocks: Block[] = []
  for (const part of parts) {
    if (part.type === 'text') {
      const last = blocks[blocks.length - 1]
      if (last?.kind === 'text') last.text += part.text
      else blocks.push({ kind: 'text', text: part.text })
    } else if (part.type === 'tool-call') {
      const result = results.get(part.callId)
      blocks.push({
        kind: 'tool',
        card: {
          callId: part.callId,
          name: part.toolName,
          state: result ? (result.state ?? stateOfOutcome(result.outcome)) : 'not-run',
          argumentsText: part.argumentsText,
          summary: result && (result.state === undefined || result.state === 'done' || result.state === 'repeated' || result.state === 'failed') ? summaryOfOutcome(result.outcome) : undefined,
          approvalId: undefined,
        },
      })
    }
  }
  return blocks
}

function InterruptedLabel({ t, reason }: { t: Translate; reason: LiveRun['interruptReason'] }) {
  return (
    <p className="interrupted" data-testid="interrupted">
      <strong>{t('interrupted')}</strong>
      {reason ? ` — ${t(reasonKey(reason))}` : ''}
    </p>
  )
}

/** A user's message. Memoized: streaming tokens elsewhere never re-render it. */
export const UserMessage = memo(function UserMessage({ message, t }: { message: Message; t: Translate }) {
  return (
    <article className="message user" data-testid="message-user" aria-label={t('you')}>
      <p className="user-text">{userTextOf(message)}</p>
    </article>
  )
})

interface StoredAnswerProps {
  message: Message
  extras: MessageExtras | undefined
  usage: UsageSummary | undefined
  t: Translate
  onRetry: (() => void) | undefined
}

/** A stored answer (plain function, not a component: see {@link Answer}). */
function storedAnswer({ message, extras, usage, t, onRetry }: StoredAnswerProps) {
  const blocks = blocksOf(message.parts)
  const notice = storedNotice(message, t.locale ?? 'en')
  const diagnostics = diagnosticItems(extras?.diagnostics ?? [])
  if (message.error) diagnostics.push({ kind: message.error.kind, text: message.error.message })
  return (
    <article className={`message assistant status-${message.status}`} data-testid="message-assistant" aria-label={t('assistant')}>
      {blocks.map((block, index) =>
        block.kind === 'text' ? <Markdown key={index} text={block.text} /> : <ToolCardView key={block.card.callId} card={block.card} t={t} />,
      )}
      {message.status === 'interrupted' && <InterruptedLabel t={t} reason={message.interruptReason} />}
      {message.status === 'interrupted' && !extras?.notices.length && notice && (
        <p className="notice" data-testid="stored-notice">
          {notice}
        </p>
      )}
      {message.status === 'failed' && !extras?.notices.length && (
        <p className="failed" data-testid="stored-notice">
          <strong>{notice ?? t('failed')}</strong>
          {onRetry && (
            <button type="button" onClick={onRetry}>
              {t('retry')}
            </button>
          )}
        </p>
      )}
      <Notices notices={extras?.notices ?? []} t={t} onRetry={onRetry} />
      <Diagnostics items={diagnostics} t={t} />
      {usage && <p className="usage">{formatUsage(t, usage)}</p>}
    </article>
  )
}

interface LiveAnswerProps {
  run: LiveRun
  t: Translate
  onAnswer: (approvalId: string, decision: ApprovalDecision) => void
  onCancelRetry: () => void
  onRetry: () => void
}

/** The answer being written now (plain function, not a component: see {@link Answer}). */
function liveAnswer({ run, t, onAnswer, onCancelRetry, onRetry }: LiveAnswerProps) {
  const running = run.status === 'running'
  // Busy hides changes from screen readers until it clears: never while the user must answer.
  const awaitingApproval = Object.values(run.tools).some((card) => card.state === 'awaiting-approval')
  return (
    <article
      className={`message assistant live status-${run.status}`}
      data-testid="live-answer"
      aria-label={t('assistant')}
      // The words are announced politely as they arrive (never while marked busy for an approval).
      aria-live="polite"
      aria-busy={running && !awaitingApproval}
    >
      {run.segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <Markdown key={index} text={segment.text} streaming />
        ) : (
          <ToolCardView key={segment.callId} card={run.tools[segment.callId]!} t={t} onAnswer={onAnswer} />
        ),
      )}
      {running && run.segments.length === 0 && !run.retry && <p className="writing">{t('writing')}</p>}
      {run.retry && (
        <p className="retrying" role="status" data-testid="retrying">
          {run.retry.message}{' '}
          <button type="button" onClick={onCancelRetry}>
            {t('cancel')}
          </button>
        </p>
      )}
      {run.status === 'interrupted' && <InterruptedLabel t={t} reason={run.interruptReason} />}
      <Notices notices={run.notices} t={t} onRetry={running ? undefined : onRetry} />
      <Diagnostics items={diagnosticItems(run.diagnostics)} t={t} />
    </article>
  )
}

/**
 * One assistant answer, live (`run`) or stored (`message`). One component for both, rendering the
 * same element types under the same keys: when an answer ends and its stored copy replaces the live
 * one (same key, the message id), React keeps the DOM and re-renders only what differs, instead of
 * building a whole long answer again in one long task. Memoized: a stored answer never re-renders
 * while another streams.
 */
export const Answer = memo(function Answer({
  run,
  message,
  extras,
  usage,
  t,
  onRetry,
  onAnswer,
  onCancelRetry,
}: {
  run?: LiveRun | undefined
  message?: Message | undefined
  extras?: MessageExtras | undefined
  usage?: UsageSummary | undefined
  t: Translate
  /** Stored: shown only on the last failed answer (undefined elsewhere); live: after it failed. */
  onRetry: (() => void) | undefined
  onAnswer: (approvalId: string, decision: ApprovalDecision) => void
  onCancelRetry: () => void
}) {
  if (run) return liveAnswer({ run, t, onAnswer, onCancelRetry, onRetry: onRetry ?? (() => {}) })
  if (message) return storedAnswer({ message, extras, usage, t, onRetry })
  return null
})
