import { memo } from 'react'
import type { Message, MessagePart } from '../../../../shared/conversation'
import { fallbackMessage, type ToolTitleOf } from '../../../../shared/fallback-messages'
import { legacyNotice } from '../../../../shared/legacy-notice'
import type { AttemptDiagnostic } from '../../../../shared/run-events'
import { cardStateOf, cardSummaryOf, storedOutcomeOf } from '../../../../shared/tool-card'
import type { UsageSummary } from '../../../../shared/ipc/app-contract'
import { reasonKey, type Translate } from '../../i18n/messages'
import type { LiveRun, NoticeView, ToolCard } from '../../state/run-reducer'
import { formatUsage } from './format-usage'
import { Markdown } from '../markdown'
import { Diagnostics, diagnosticItems, Notices, retryingWords, type OpenSettings } from './status'
import { endedAtLengthLimit } from '../../../../shared/error-notice'
import { ToolCardView, type ApprovalDecision } from './tool-card'
import { ElicitationForm } from './elicitation-form'
import { HostedCallLines, SourceList, webItemsOf } from './web-activity'
import { MessageActions, UserMessageContent } from './message-actions'
import { ApprovalBatch } from './approval-batch'
import type { ToolEffect } from '../../../../shared/tool-outcome'
import type { AttachmentLoader } from './sent-attachments'
import type { AttachmentInfo } from '../../../../shared/attachments'
import type { ElicitationAnswer } from '../../state/chat-store'

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
      // The same state and summary as the live card (one function for both: shared/tool-card).
      const outcome = result ? storedOutcomeOf(result) : undefined
      blocks.push({
        kind: 'tool',
        card: {
          callId: part.callId,
          name: part.toolName,
          state: outcome ? cardStateOf(outcome) : 'not-run',
          argumentsText: part.argumentsText,
          summary: outcome ? cardSummaryOf(outcome) : undefined,
          output: outcome?.status === 'succeeded' ? outcome.output : undefined,
          issues: outcome?.status === 'invalid-arguments' ? outcome.issues : undefined,
          approvalId: undefined,
          // What the approval showed (a delete's row): the reopened card names it as the live one did.
          preview: result?.preview,
          images:
            outcome?.status === 'succeeded' && 'parts' in outcome
              ? outcome.parts?.flatMap((p) => (p.type === 'image' ? [{ mimeType: p.mimeType, data: p.data }] : []))
              : undefined,
        },
      })
    }
  }
  return blocks
}

/** The reasoning of a stored answer (all its reasoning parts, in order). */
function reasoningOf(parts: MessagePart[]): string {
  return parts.map((p) => (p.type === 'reasoning' ? p.text : '')).join('')
}

/** "Thinking…" while it streams, "Thought for N s" after; collapsed, its words behind the disclosure. */
function Reasoning({
  text,
  ms,
  thinking,
  t,
}: {
  text: string
  ms: number | undefined
  thinking: boolean
  t: Translate
}) {
  if (text.length === 0 && !thinking) return null
  const label = thinking
    ? t('thinking')
    : ms !== undefined
      ? t('thoughtFor', { seconds: Math.max(1, Math.round(ms / 1000)) })
      : t('thought')
  return (
    <details className="reasoning" data-testid="reasoning">
      <summary>{label}</summary>
      <div className="reasoning-text">{text}</div>
    </details>
  )
}

function InterruptedLabel({
  t,
  reason,
  lengthLimit,
}: {
  t: Translate
  reason: LiveRun['interruptReason']
  lengthLimit?: boolean
}) {
  return (
    <p className="interrupted" data-testid="interrupted">
      <strong>{t('interrupted')}</strong>
      {/* A length cut is the output limit, not a failure (defect 10). */}
      {lengthLimit ? ` — ${t('errors.reason.length-limit')}` : reason ? ` — ${t(reasonKey(reason))}` : ''}
    </p>
  )
}

/**
 * Where a message is in the whole conversation: the list mounts only the rows on screen, so a
 * screen reader learns the position and the count from these (`aria-posinset`/`aria-setsize`).
 */
export interface ListPosition {
  posInSet?: number | undefined
  setSize?: number | undefined
}

/** A user's message. Memoized: streaming tokens elsewhere never re-render it. */
export const UserMessage = memo(function UserMessage({
  message,
  t,
  attachments,
  loadAttachment,
  posInSet,
  setSize,
}: {
  message: Message
  t: Translate
  attachments?: AttachmentInfo[] | undefined
  loadAttachment?: AttachmentLoader | undefined
} & ListPosition) {
  return (
    <article
      className="message user"
      data-testid="message-user"
      data-message-id={message.id}
      aria-label={t('you')}
      aria-posinset={posInSet}
      aria-setsize={setSize}
    >
      <UserMessageContent message={message} t={t} attachments={attachments} loadAttachment={loadAttachment} />
    </article>
  )
})

/** A tool's title in the window's language (undefined: the tool is not known, its name is shown). */
type TitleOf = ToolTitleOf

/** What a tool does (from `tools.list`). */
export type EffectOf = (name: string) => ToolEffect | undefined
/** "Approve all" / "Deny all" for the writes of one round. */
export type OnAnswerAll = (runId: string, callIds: string[], decision: 'approve' | 'deny') => void

/** Who provides a tool (an MCP server's name), if not Keel. */
export type ProviderOf = (name: string) => string | undefined

interface StoredAnswerProps extends ListPosition {
  effectOf?: EffectOf | undefined
  titleOf: TitleOf | undefined
  providerOf: ProviderOf | undefined
  message: Message
  diagnostics: AttemptDiagnostic[] | undefined
  usage: UsageSummary | undefined
  t: Translate
  onRetry: (() => void) | undefined
  onOpenSettings: OpenSettings | undefined
}

/**
 * A stored answer (plain function, not a component: see {@link Answer}). It renders like the live
 * one: the same cards, the notices it showed (stored as ids and values, worded here in the current
 * language), the same Retry, the same per-attempt diagnostics.
 */
function storedAnswer({
  message,
  diagnostics,
  usage,
  t,
  onRetry,
  onOpenSettings,
  titleOf,
  providerOf,
  effectOf,
  posInSet,
  setSize,
}: StoredAnswerProps) {
  const blocks = blocksOf(message.parts)
  const web = webItemsOf(message.parts)
  const locale = t.locale ?? 'en'
  // Answers stored before notices were kept: Keel's message is derived from the stored end as before.
  const legacy = legacyNotice(message)
  const notices: NoticeView[] = [...message.notices, ...(legacy ? [legacy] : [])].map((n) => ({
    id: n.id,
    text: fallbackMessage(locale, n.id, n.values, titleOf),
    ...(n.values ? { values: n.values } : {}),
  }))
  const items = diagnosticItems(diagnostics ?? [], t)
  if (message.error && items.length === 0) items.push({ kind: message.error.kind, text: message.error.message })
  return (
    <article
      className={`message assistant status-${message.status}`}
      data-testid="message-assistant"
      data-message-id={message.id}
      aria-label={t('assistant')}
      aria-posinset={posInSet}
      aria-setsize={setSize}
    >
      {/* The same slots, in the same order, as the live answer (see Answer). */}
      <Reasoning text={reasoningOf(message.parts)} ms={message.reasoningMs} thinking={false} t={t} />
      <HostedCallLines calls={web.calls} t={t} />
      {blocks.map((block, index) =>
        block.kind === 'text' ? (
          <Markdown key={index} text={block.text} />
        ) : (
          <ToolCardView
            key={block.card.callId}
            card={block.card}
            t={t}
            title={titleOf?.(block.card.name, locale)}
            provider={providerOf?.(block.card.name)}
            effect={effectOf?.(block.card.name)}
          />
        ),
      )}
      <SourceList citations={web.citations} t={t} />
      {false /* the live answer's "approve all" batch */}
      {false /* the live answer's requests for input */}
      {false /* the live answer's "writing" slot */}
      {false /* the live answer's retry slot */}
      {message.status === 'interrupted' && (
        <InterruptedLabel t={t} reason={message.interruptReason} lengthLimit={endedAtLengthLimit(message.notices)} />
      )}
      {message.status === 'failed' && notices.length === 0 && (
        <p className="failed" data-testid="stored-notice">
          <strong>{t('failed')}</strong>
        </p>
      )}
      <Notices notices={notices} t={t} onRetry={onRetry} onOpenSettings={onOpenSettings} titleOf={titleOf} />
      <Diagnostics items={items} t={t} />
      {usage && formatUsage(t, usage) && <p className="usage">{formatUsage(t, usage)}</p>}
      <MessageActions message={message} t={t} />
    </article>
  )
}

interface LiveAnswerProps extends ListPosition {
  effectOf?: EffectOf | undefined
  onAnswerAll?: OnAnswerAll | undefined
  titleOf: TitleOf | undefined
  providerOf: ProviderOf | undefined
  run: LiveRun
  t: Translate
  onAnswer: (approvalId: string, decision: ApprovalDecision) => void
  onElicitation: ((runId: string, elicitationId: string, answer: ElicitationAnswer) => void) | undefined
  onCancelRetry: () => void
  onRetry: () => void
  onOpenSettings: OpenSettings | undefined
}

/** The answer being written now (plain function, not a component: see {@link Answer}). */
function liveAnswer({
  run,
  t,
  onAnswer,
  onElicitation,
  onCancelRetry,
  onRetry,
  onOpenSettings,
  titleOf,
  providerOf,
  effectOf,
  onAnswerAll,
  posInSet,
  setSize,
}: LiveAnswerProps) {
  const running = run.status === 'running'
  // Busy hides changes from screen readers until it clears: never while the user must answer.
  const awaitingApproval =
    Object.values(run.tools).some((card) => card.state === 'awaiting-approval') || run.elicitations.length > 0
  return (
    <article
      className={`message assistant live status-${run.status}`}
      data-testid="live-answer"
      aria-label={t('assistant')}
      aria-posinset={posInSet}
      aria-setsize={setSize}
      // The words are announced politely as they arrive (never while marked busy for an approval).
      aria-live="polite"
      aria-busy={running && !awaitingApproval}
    >
      {/* The same slots, in the same order, as the stored answer: when it takes over, React keeps the DOM. */}
      <Reasoning
        text={run.reasoning}
        ms={run.reasoningMs}
        thinking={running && run.reasoningSince !== undefined}
        t={t}
      />
      <HostedCallLines calls={run.hostedCalls} t={t} />
      {run.segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <Markdown key={index} text={segment.text} streaming />
        ) : (
          <ToolCardView
            key={segment.callId}
            card={run.tools[segment.callId]!}
            t={t}
            title={titleOf?.(run.tools[segment.callId]!.name, t.locale ?? 'en')}
            provider={providerOf?.(run.tools[segment.callId]!.name)}
            effect={effectOf?.(run.tools[segment.callId]!.name)}
            onAnswer={onAnswer}
          />
        ),
      )}
      <SourceList citations={run.citations} t={t} />
      {onAnswerAll && effectOf && <ApprovalBatch run={run} t={t} effectOf={effectOf} onAnswerAll={onAnswerAll} />}
      {run.elicitations.length > 0 && onElicitation && (
        <div className="elicitations">
          {run.elicitations.map((request) => (
            <ElicitationForm
              key={request.elicitationId}
              request={request}
              t={t}
              onAnswer={(id, answer) => onElicitation(run.runId, id, answer)}
            />
          ))}
        </div>
      )}
      {running && run.segments.length === 0 && run.reasoning.length === 0 && !run.retry && (
        <p className="writing">{t('writing')}</p>
      )}
      {run.retry && (
        <p className="retrying" role="status" data-testid="retrying">
          {retryingWords(t.locale ?? 'en', run.retry)}{' '}
          <button type="button" onClick={onCancelRetry}>
            {t('cancel')}
          </button>
        </p>
      )}
      {run.status === 'interrupted' && (
        <InterruptedLabel
          t={t}
          reason={run.interruptReason}
          lengthLimit={run.notices.some((n) => n.id === 'length-limit')}
        />
      )}
      {false /* the stored answer's "failed" slot */}
      <Notices
        notices={run.notices}
        t={t}
        onRetry={running ? undefined : onRetry}
        onOpenSettings={onOpenSettings}
        titleOf={titleOf}
      />
      <Diagnostics items={diagnosticItems(run.diagnostics, t)} t={t} />
      {false /* the stored answer's usage slot */}
      {false /* the stored answer's actions slot */}
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
  diagnostics,
  usage,
  t,
  onRetry,
  onAnswer,
  onCancelRetry,
  onElicitation,
  onOpenSettings,
  titleOf,
  providerOf,
  effectOf,
  onAnswerAll,
  posInSet,
  setSize,
}: ListPosition & {
  /** What each tool does (from `tools.list`): queued calls say whether they will ask. */
  effectOf?: EffectOf | undefined
  /** "Approve all" / "Deny all" (live answers only). */
  onAnswerAll?: OnAnswerAll | undefined
  /** Opens Settings at the section that fixes a failure (the provider's form). */
  onOpenSettings?: OpenSettings | undefined
  /** Tool titles in the window's language (from `tools.list`). */
  titleOf?: TitleOf | undefined
  /** Who provides each tool (from `tools.list`). */
  providerOf?: ProviderOf | undefined
  /** The user answered a server's request for input (live answers only). */
  onElicitation?: ((runId: string, elicitationId: string, answer: ElicitationAnswer) => void) | undefined
  run?: LiveRun | undefined
  message?: Message | undefined
  /** A stored answer's failed model calls, as the live diagnostics showed them. */
  diagnostics?: AttemptDiagnostic[] | undefined
  usage?: UsageSummary | undefined
  t: Translate
  /** Stored: shown only on the last failed answer (undefined elsewhere); live: after it failed. */
  onRetry: (() => void) | undefined
  onAnswer: (approvalId: string, decision: ApprovalDecision) => void
  onCancelRetry: () => void
}) {
  if (run)
    return liveAnswer({
      run,
      t,
      onAnswer,
      onElicitation,
      onCancelRetry,
      onRetry: onRetry ?? (() => {}),
      onOpenSettings,
      titleOf,
      providerOf,
      effectOf,
      onAnswerAll,
      posInSet,
      setSize,
    })
  if (message)
    return storedAnswer({
      message,
      diagnostics,
      usage,
      t,
      onRetry,
      onOpenSettings,
      titleOf,
      providerOf,
      effectOf,
      posInSet,
      setSize,
    })
  return null
})
