import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import type { Message } from '../../../shared/conversation'
import type { Translate } from '../i18n/messages'
import type { ChatState, ChatStore, ElicitationAnswer } from '../state/chat-store'
import type { LiveRun } from '../state/run-reducer'
import { Answer, UserMessage } from './messages'
import { ReadingTranslate } from './reading-context'
import type { ApprovalDecision } from './tool-card'
import { useFollowScroll } from './use-follow-scroll'
import '../styles/reading.css'

interface MessageListProps {
  state: ChatState
  store: ChatStore
  t: Translate
  /** The stored messages to show (the live answer's stored copy and system messages left out). */
  messages: Message[]
  run: LiveRun | undefined
  busy: boolean
  /** The user's message is on its way (shown before the conversation has it). */
  showStarting: boolean
  onAnswer: (approvalId: string, decision: ApprovalDecision) => void
  onStop: () => void
  onElicitation: (runId: string, elicitationId: string, answer: ElicitationAnswer) => void
  onRetry: () => void
  /** Opens Settings where a failure is fixed (the provider's form). */
  onOpenSettings?: ((section?: string) => void) | undefined
  /** Shown above the messages (the first-run setup card); `hideEmpty` hides the empty-chat hint for it. */
  intro?: ReactNode
  hideEmpty?: boolean
}

/** The approval the user must answer now, if any (the newest one of the live answer). */
function pendingApprovalOf(run: LiveRun | undefined): string | undefined {
  if (!run) return undefined
  let pending: string | undefined
  for (const card of Object.values(run.tools)) if (card.state === 'awaiting-approval' && card.approvalId) pending = card.approvalId
  return pending
}

/** True when the user is typing: focus must not be taken from a field that holds their words. */
function isTyping(element: Element | null): boolean {
  return (element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement) && element.value.length > 0
}

/**
 * The conversation: its messages and the live answer, following the answer while the user is at
 * the end ({@link useFollowScroll}), with "Jump to latest" when they are not. Sending scrolls to
 * the end; a new pending approval is scrolled into view and its Approve button focused.
 */
export function MessageList({ state, store, t, messages, run, busy, showStarting, onAnswer, onStop, onElicitation, onRetry, onOpenSettings, intro, hideEmpty }: MessageListProps) {
  const { scrollerRef, contentRef, atBottom, toBottom } = useFollowScroll(state.currentId)
  const lastId = messages[messages.length - 1]?.id

  // Sending (or a retry starting a new answer) brings the end into view and follows it again.
  const runId = run?.runId
  useLayoutEffect(() => {
    if (showStarting || runId !== undefined) toBottom()
  }, [showStarting, runId, toBottom])

  const pendingApproval = pendingApprovalOf(run)
  const announced = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (pendingApproval === undefined || announced.current === pendingApproval) return
    announced.current = pendingApproval
    const cards = contentRef.current?.querySelectorAll<HTMLElement>('[data-testid="tool-card"][data-state="awaiting-approval"]')
    const card = cards?.[cards.length - 1]
    if (!card) return
    card.scrollIntoView({ block: 'nearest' })
    const approve = card.querySelector<HTMLButtonElement>('.tool-actions button')
    if (approve && !isTyping(document.activeElement)) approve.focus({ preventScroll: true })
  }, [pendingApproval, contentRef])

  return (
    <ReadingTranslate.Provider value={t}>
      <div className="message-list">
        <div className="messages" data-testid="messages" role="region" aria-label={t('messageList')} tabIndex={0} ref={scrollerRef}>
          <div className="message-list-content" ref={contentRef}>
            {intro}
            {state.ready && !hideEmpty && messages.length === 0 && !showStarting && !run && <p className="muted empty">{t('emptyChat')}</p>}
            {/* One keyed list, the live answer included: when it ends, its stored copy (same key) takes its place without a remount. */}
            {[
              ...messages.map((message) =>
                message.role === 'user' ? (
                  <UserMessage key={message.id} message={message} t={t} attachments={state.view?.attachments?.[message.id]} loadAttachment={store.loadAttachment} />
                ) : (
                  <Answer
                    key={message.id}
                    message={message}
                    diagnostics={state.view?.diagnostics[message.id]}
                    usage={state.view?.usage.perMessage[message.id]}
                    t={t}
                    onRetry={message.id === lastId && !busy ? onRetry : undefined}
                    titleOf={store.toolTitle}
                    providerOf={store.toolProvider}
                    effectOf={store.toolEffect}
                    onAnswer={onAnswer}
                    onCancelRetry={onStop}
                    onOpenSettings={onOpenSettings}
                  />
                ),
              ),
              showStarting && (
                <article key="pending-user-message" className="message user pending" data-testid="message-user" aria-label={t('you')}>
                  <p className="user-text">{state.starting!.text}</p>
                </article>
              ),
              run && (
                <Answer
                  key={run.messageId ?? 'live-answer'}
                  run={run}
                  t={t}
                  titleOf={store.toolTitle}
                  providerOf={store.toolProvider}
                    effectOf={store.toolEffect}
                  onAnswer={onAnswer}
                  onElicitation={onElicitation}
                    onAnswerAll={store.answerAll}
                  onCancelRetry={onStop}
                    onOpenSettings={onOpenSettings}
                  onRetry={onRetry}
                />
              ),
            ]}
          </div>
        </div>
        {!atBottom && (
          <button
            type="button"
            className="jump-to-latest"
            onClick={() => {
              toBottom()
              // The button goes away: focus stays in the list it scrolled, not lost to the page.
              scrollerRef.current?.focus({ preventScroll: true })
            }}
          >
            {t('reading.jumpToLatest')}
          </button>
        )}
      </div>
    </ReadingTranslate.Provider>
  )
}
