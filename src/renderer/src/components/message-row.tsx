import { useDeferredValue, useEffect, type ReactNode } from 'react'

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

/**
 * One row of the virtualized message list. A message not seen before, mounted while the user
 * scrolls, first holds its place (its estimated height) and is rendered in a background render
 * that React slices and interrupts for input and frames: a fast scroll over long answers never
 * parses their Markdown in one long task. Only the rendered message is measured (the placeholder
 * is the estimate the virtualizer already uses), so it is placed from its first real size.
 */
export function MessageRow({ rowKey, index, measure, immediate, estimate, onShown, children }: MessageRowProps) {
  const ready = useDeferredValue(true, immediate)
  useEffect(() => {
    if (ready) onShown?.()
  }, [ready, onShown])
  return (
    <div className="message-row" data-index={index} data-row-key={rowKey} ref={ready ? measure : undefined}>
      {ready ? children : <div className="message-placeholder" aria-hidden="true" style={{ height: estimate }} />}
    </div>
  )
}
