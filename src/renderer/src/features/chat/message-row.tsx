import { startTransition, useEffect, useState, type ReactNode } from 'react'

interface MessageRowProps {
  rowKey: string
  index: number
  /** The virtualizer's `measureElement`: attached once the row shows its message. */
  measure: (element: HTMLDivElement | null) => void
  /** Show the message in this very render (seen before, on the last screen, a search target, live). */
  immediate: boolean
  /** Estimated height of the message, held by the placeholder until the message is rendered. */
  estimate: number
  /** Called once the message itself is in the DOM. */
  onShown?: (() => void) | undefined
  children: ReactNode
}

/** Rows waiting to show their message, the newest last (the ones the user scrolled to most recently). */
const waiting: Array<() => void> = []
/** Rows released per frame: a screenful fills in a few frames, a fast scroll never parses a burst. */
const ROWS_PER_FRAME = 2
let scheduled = false

function scheduleRelease(): void {
  if (scheduled) return
  scheduled = true
  // After the frame's scroll handling and paint: the release is a task of its own.
  requestAnimationFrame(() =>
    setTimeout(() => {
      scheduled = false
      for (let i = 0; i < ROWS_PER_FRAME; i++) waiting.pop()?.()
      if (waiting.length > 0) scheduleRelease()
    }, 0),
  )
}

/**
 * One row of the virtualized message list. A message not seen before, mounted while the user
 * scrolls, first holds its place (its estimated height); rows are then released a few per frame,
 * the most recently mounted first, and each renders in a background render that React slices and
 * interrupts for input and frames. A row scrolled past before its turn is unmounted without ever
 * parsing its Markdown: a fast scroll over long answers costs no long task. Only the rendered
 * message is measured (the placeholder is the estimate the virtualizer already uses), so it is
 * placed from its first real size.
 */
export function MessageRow({ rowKey, index, measure, immediate, estimate, onShown, children }: MessageRowProps) {
  const [ready, setReady] = useState(immediate)
  useEffect(() => {
    if (ready) return
    const release = () => startTransition(() => setReady(true))
    waiting.push(release)
    scheduleRelease()
    return () => {
      const at = waiting.indexOf(release)
      if (at !== -1) waiting.splice(at, 1)
    }
  }, [ready])
  useEffect(() => {
    if (ready) onShown?.()
  }, [ready, onShown])
  return (
    <div className="message-row" data-index={index} data-row-key={rowKey} ref={ready ? measure : undefined}>
      {ready ? children : <div className="message-placeholder" aria-hidden="true" style={{ height: estimate }} />}
    </div>
  )
}
