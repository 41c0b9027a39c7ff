import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
  type Ref,
} from 'react'
import { defaultRangeExtractor, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import type { Message } from '../../../../shared/conversation'
import type { Translate } from '../../i18n/messages'
import type { ChatState, ChatStore, ElicitationAnswer } from '../../state/chat-store'
import type { LiveRun } from '../../state/run-reducer'
import { Answer, UserMessage } from './messages'
import { ReadingTranslate } from '../markdown'
import type { ApprovalDecision } from './tool-card'
import { useFollowScroll } from './use-follow-scroll'
import { estimateMessageHeight, mountedIndexes, slotsOf, tailStart } from './virtual-range'
import { SeenMessages, seenKey, textLength } from './seen-messages'
import { MessageRow } from './message-row'
import '../../styles/reading.css'

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
  /** Filled with what the window can ask of the list ({@link MessageListHandle}). */
  handle?: Ref<MessageListHandle> | undefined
}

/** The approval the user must answer now, if any (the newest one of the live answer). */
function pendingApprovalOf(run: LiveRun | undefined): string | undefined {
  if (!run) return undefined
  let pending: string | undefined
  for (const card of Object.values(run.tools))
    if (card.state === 'awaiting-approval' && card.approvalId) pending = card.approvalId
  return pending
}

/** True when the user is typing: focus must not be taken from a field that holds their words. */
function isTyping(element: Element | null): boolean {
  return (element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement) && element.value.length > 0
}

/** What the window can ask of the list. */
export interface MessageListHandle {
  /**
   * Brings a message into view (a search result): mounts its row if it was not (the list shows
   * only what is on screen), scrolls it to the middle, stops following the end. Its article once
   * mounted, or null when the conversation has no such message.
   */
  reveal: (messageId: string) => Promise<HTMLElement | null>
}

/**
 * Messages shown in this window (a little under Markdown's own cache of parsed blocks, 1.5 M
 * characters: what is recorded here is still parsed there). Shared by every conversation.
 */
const seen = new SeenMessages(1_200_000)

/** The rows of the list: the stored messages, then the question being sent, then the live answer. */
type Row = { kind: 'message'; message: Message } | { kind: 'starting' } | { kind: 'live'; run: LiveRun }

const STARTING_KEY = 'pending-user-message'
/** The live answer's key: its message id once known, so its stored copy takes its place without a remount. */
const liveKey = (run: LiveRun): string => run.messageId ?? 'live-answer'
/** Pixels between two messages (the old flex gap, now the virtualizer's). */
const GAP_PX = 12
/** Rows mounted beyond each edge of the view: a fast wheel never shows an empty spacer. */
const OVERSCAN = 4
/** How much of the end is mounted while following it, in screens (estimates may be off until measured). */
const TAIL_SCREENS = 1.5

/**
 * The conversation: its messages and the live answer, following the answer while the user is at
 * the end ({@link useFollowScroll}), with "Jump to latest" when they are not. Sending scrolls to
 * the end; a new pending approval is scrolled into view and its Approve button focused.
 *
 * Virtualized: only the rows on screen (plus a few either side) are mounted, so a conversation of
 * thousands of messages renders Markdown only for what is seen (parsed blocks are kept by text in
 * Markdown's cache: coming back is cheap). Mounted rows are in normal flow between spacers (a row
 * that grows pushes the next, as before); each is measured when mounted. Always mounted as well:
 * the last screen while following (so the end is painted in the same frame it is opened), the live
 * answer, the row holding keyboard focus, and a search result being shown.
 */
export function MessageList({
  state,
  store,
  t,
  messages,
  run,
  busy,
  showStarting,
  onAnswer,
  onStop,
  onElicitation,
  onRetry,
  onOpenSettings,
  intro,
  hideEmpty,
  handle,
}: MessageListProps) {
  const { scrollerRef, contentRef, atBottom, toBottom, isFollowing, stopFollowing } = useFollowScroll(state.currentId)
  const lastId = messages[messages.length - 1]?.id

  const rows = useMemo<Row[]>(() => {
    const list: Row[] = messages.map((message) => ({ kind: 'message', message }))
    if (showStarting) list.push({ kind: 'starting' })
    if (run) list.push({ kind: 'live', run })
    return list
  }, [messages, showStarting, run])
  const keyOf = useCallback(
    (index: number): string => {
      const row = rows[index]
      if (!row) return `missing-${index}`
      return row.kind === 'message' ? row.message.id : row.kind === 'live' ? liveKey(row.run) : STARTING_KEY
    },
    [rows],
  )
  const estimateSize = useCallback(
    (index: number): number => {
      const row = rows[index]
      return row?.kind === 'message' ? estimateMessageHeight(row.message) : 80
    },
    [rows],
  )

  // Rows kept mounted whatever the scroll position (by key: indexes move when rows are added).
  const focusedKey = useRef<string | undefined>(undefined)
  const revealKey = useRef<string | undefined>(undefined)
  const liveIndex = run ? rows.length - 1 : undefined
  const startingIndex = showStarting ? messages.length : undefined

  // Where the first row starts inside the scroller (below the intro and the empty hint).
  const introRef = useRef<HTMLDivElement | null>(null)
  const rowsRef = useRef<HTMLDivElement | null>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const scroller = scrollerRef.current
    const introBox = introRef.current
    const rowsBox = rowsRef.current
    if (!scroller || !introBox || !rowsBox) return
    const measure = () => {
      const margin = Math.round(
        rowsBox.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop,
      )
      setScrollMargin((old) => (old === margin ? old : margin))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(introBox)
    return () => observer.disconnect()
  }, [scrollerRef])

  const virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement> = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize,
    getItemKey: keyOf,
    overscan: OVERSCAN,
    gap: GAP_PX,
    scrollMargin,
    rangeExtractor: (range): number[] => {
      const viewport = virtualizer.scrollRect?.height || scrollerRef.current?.clientHeight || 800
      const indexOfKey = (key: string | undefined): number | undefined => {
        if (key === undefined) return undefined
        for (let i = 0; i < rows.length; i++) if (keyOf(i) === key) return i
        return undefined
      }
      const keep = [liveIndex, startingIndex, indexOfKey(focusedKey.current), indexOfKey(revealKey.current)]
      // Following the end, the view is the end (or is about to be: a conversation just opened, a
      // message just sent): its last screen, not the rows at a scroll offset not yet updated. The
      // follow state is updated before the virtualizer hears of a scroll (its listener comes first).
      if (isFollowing())
        return mountedIndexes([], range.count, tailStart(virtualizer.measurementsCache, viewport * TAIL_SCREENS), keep)
      return mountedIndexes(defaultRangeExtractor(range), range.count, undefined, keep)
    },
  })

  const reveal = useCallback(
    async (messageId: string): Promise<HTMLElement | null> => {
      const index = rows.findIndex((row) => row.kind === 'message' && row.message.id === messageId)
      if (index === -1) return null
      stopFollowing()
      revealKey.current = messageId
      // Mount its row (it may be far from the view; rendered at once, see `immediate`) and scroll to
      // it: the virtualizer corrects its scroll as the rows around it are measured.
      setRevealCount((n) => n + 1)
      virtualizer.scrollToIndex(index, { align: 'center' })
      // Kept mounted while it is outlined; afterwards it is a row like any other.
      setTimeout(() => {
        if (revealKey.current === messageId) revealKey.current = undefined
      }, 2500)
      for (let frame = 0; frame < 60; frame++) {
        const element = contentRef.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`)
        if (element) return element
        await new Promise((resolve) => requestAnimationFrame(resolve))
      }
      return null
    },
    [rows, stopFollowing, virtualizer, contentRef],
  )
  const [, setRevealCount] = useState(0)
  useImperativeHandle(handle, () => ({ reveal }), [reveal])

  // Only the intro (the first-run setup card), no message: it is read from its top, like a page.
  // Following its end opened it scrolled past its heading at 480 px, with "Jump to latest" on it.
  // Not while a conversation's messages are still loading (no rows yet): it opens at its end.
  const introOnly = rows.length === 0 && state.currentId == null
  useLayoutEffect(() => {
    if (!introOnly) return
    stopFollowing()
    scrollerRef.current?.scrollTo({ top: 0 })
  }, [introOnly, state.currentId, stopFollowing, scrollerRef])

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
    // The live answer is always mounted (see the range above): its cards are in the DOM.
    const cards = contentRef.current?.querySelectorAll<HTMLElement>(
      '[data-testid="tool-card"][data-state="awaiting-approval"]',
    )
    const card = cards?.[cards.length - 1]
    if (!card) return
    card.scrollIntoView({ block: 'nearest' })
    const approve = card.querySelector<HTMLButtonElement>('.tool-actions button')
    if (approve && !isTyping(document.activeElement)) approve.focus({ preventScroll: true })
  }, [pendingApproval, contentRef])

  // The row holding keyboard focus stays mounted (an edit in progress, a focused button).
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    focusedKey.current = (event.target as Element).closest<HTMLElement>('[data-row-key]')?.dataset.rowKey
  }
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null
    if (!next || !event.currentTarget.contains(next)) focusedKey.current = undefined
  }

  const items = virtualizer.getVirtualItems()
  const following = isFollowing()
  const slots = slotsOf(items, scrollMargin, scrollMargin + virtualizer.getTotalSize())
  const total = rows.length

  const renderRow = (index: number): ReactNode => {
    const row = rows[index]
    if (!row) return null
    const key = keyOf(index)
    const content =
      row.kind === 'message' ? (
        row.message.role === 'user' ? (
          <UserMessage
            message={row.message}
            t={t}
            attachments={state.view?.attachments?.[row.message.id]}
            loadAttachment={store.loadAttachment}
            posInSet={index + 1}
            setSize={total}
          />
        ) : (
          <Answer
            message={row.message}
            diagnostics={state.view?.diagnostics[row.message.id]}
            usage={state.view?.usage.perMessage[row.message.id]}
            t={t}
            onRetry={row.message.id === lastId && !busy ? onRetry : undefined}
            titleOf={store.toolTitle}
            providerOf={store.toolProvider}
            effectOf={store.toolEffect}
            onAnswer={onAnswer}
            onCancelRetry={onStop}
            onOpenSettings={onOpenSettings}
            posInSet={index + 1}
            setSize={total}
          />
        )
      ) : row.kind === 'starting' ? (
        <article
          className="message user pending"
          data-testid="message-user"
          aria-label={t('you')}
          aria-posinset={index + 1}
          aria-setsize={total}
        >
          <p className="user-text">{state.starting!.text}</p>
        </article>
      ) : (
        <Answer
          run={row.run}
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
          posInSet={index + 1}
          setSize={total}
        />
      )
    // Rendered in this very commit: what is not a stored message, the last screen while following,
    // a search target, and messages seen before (cheap: their Markdown is cached); others while
    // scrolling are rendered in the background (MessageRow).
    const stored = row.kind === 'message' ? row.message : undefined
    const immediate = !stored || following || revealKey.current === stored.id || seen.has(seenKey(stored))
    return (
      // One keyed row per message, the live answer included: when it ends, its stored copy (same
      // key, same row) takes its place without a remount (and without a first measurement that
      // would move the view: the live row is measured as it grows, like every other).
      <MessageRow
        key={key}
        rowKey={key}
        index={index}
        measure={virtualizer.measureElement}
        immediate={immediate}
        estimate={estimateSize(index)}
        onShown={stored ? () => seen.add(seenKey(stored), textLength(stored)) : undefined}
      >
        {content}
      </MessageRow>
    )
  }

  return (
    <ReadingTranslate.Provider value={t}>
      <div className="message-list">
        <div
          className="messages"
          data-testid="messages"
          role="region"
          aria-label={t('messageList')}
          tabIndex={0}
          ref={scrollerRef}
          onFocus={onFocus}
          onBlur={onBlur}
        >
          <div className="message-list-content" ref={contentRef}>
            <div className="message-list-intro" ref={introRef}>
              {intro}
              {state.ready && !hideEmpty && messages.length === 0 && !showStarting && !run && (
                <p className="muted empty">{t('emptyChat')}</p>
              )}
            </div>
            <div className="message-rows" ref={rowsRef}>
              {slots.map((slot) =>
                slot.kind === 'spacer' ? (
                  <div key={slot.key} className="message-spacer" aria-hidden="true" style={{ height: slot.height }} />
                ) : (
                  renderRow(slot.index)
                ),
              )}
            </div>
          </div>
        </div>
        {!atBottom && !introOnly && (
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
