// Shared by both pages (runs in Chromium): the long-task observer, the frame loop that waits for
// the conversation's last screen, the bottom-to-top scroll, and the `window.__bench*` hand-off.
import { FIRST_MARK, LAST_MARK, type OpenResult, type ScrollResult } from './workload'

export interface PageDriver {
  /** Before timing: everything up to the moment the user opens the conversation. */
  prepare(): Promise<void>
  /** The user opens the conversation; `parsed` is called once the view's JSON is parsed. */
  open(parsed: () => void): void
  /** The scroll container of the messages. */
  scroller(): HTMLElement | null
  /** The first / last message's element, when it is in the DOM. */
  first(): HTMLElement | null
  last(): HTMLElement | null
  /** Message elements in the DOM now. */
  mounted(): number
}

const frame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame((t) => resolve(t)))
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** The element is inside the scroller's box (at least partly shown). */
function shown(element: HTMLElement, scroller: HTMLElement): boolean {
  const a = element.getBoundingClientRect()
  const b = scroller.getBoundingClientRect()
  return a.bottom > b.top && a.top < b.bottom && a.height > 0
}

export function installPage(driver: PageDriver): void {
  let longTasks = 0
  let longTaskMaxMs = 0
  let since = Number.POSITIVE_INFINITY
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.startTime < since) continue
        longTasks++
        longTaskMaxMs = Math.max(longTaskMaxMs, entry.duration)
      }
    }).observe({ type: 'longtask' })
  } catch {
    // no longtask support: the harness has the trace
  }

  window.__benchOpen = async (): Promise<OpenResult> => {
    longTasks = 0
    longTaskMaxMs = 0
    let parsedAt = 0
    const startedAt = performance.now()
    since = startedAt
    driver.open(() => (parsedAt = performance.now()))
    let shownAt = 0
    for (;;) {
      await frame()
      const now = performance.now()
      const scroller = driver.scroller()
      const last = driver.last()
      // The last screen: the last message is in the DOM with its words, on screen, the view at the end.
      if (
        scroller &&
        last?.textContent?.includes(LAST_MARK) &&
        shown(last, scroller) &&
        scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop <= 1
      ) {
        shownAt = now
        break
      }
      if (now - startedAt > 30_000)
        return {
          startedAt,
          shownAt: 0,
          paintedAt: 0,
          parsedAt,
          scrollHeight: 0,
          clientHeight: 0,
          mountedMessages: driver.mounted(),
          lastText: '',
          longTasks,
          longTaskMaxMs,
          error: 'the last screen never showed (30 s)',
        }
    }
    // The next frame begins after the previous one was painted.
    await frame()
    const paintedAt = performance.now()
    // Work that trails the first paint (measurements, a scroll correction) belongs to opening too.
    await delay(300)
    const scroller = driver.scroller()!
    return {
      startedAt,
      shownAt,
      paintedAt,
      parsedAt,
      scrollHeight: scroller.scrollHeight,
      clientHeight: scroller.clientHeight,
      mountedMessages: driver.mounted(),
      lastText: driver.last()?.textContent?.slice(-80) ?? '',
      longTasks,
      longTaskMaxMs,
    }
  }

  window.__benchScroll = async (step: number): Promise<ScrollResult> => {
    const scroller = driver.scroller()
    if (!scroller)
      return {
        frames: 0,
        ms: 0,
        maxFrameMs: 0,
        slowFrames: 0,
        reachedTop: false,
        firstText: '',
        maxMountedMessages: 0,
        error: 'no scroller',
      }
    let frames = 0
    let maxFrameMs = 0
    let slowFrames = 0
    let maxMountedMessages = driver.mounted()
    let previous = await frame()
    const startedAt = performance.now()
    for (;;) {
      // One step up per frame, as a fast wheel or a dragged scrollbar does.
      scroller.scrollTop = Math.max(0, scroller.scrollTop - step)
      const now = await frame()
      frames++
      const interval = now - previous
      previous = now
      maxFrameMs = Math.max(maxFrameMs, interval)
      if (interval > 50) slowFrames++
      maxMountedMessages = Math.max(maxMountedMessages, driver.mounted())
      const first = driver.first()
      if (scroller.scrollTop === 0 && first && shown(first, scroller)) break
      if (performance.now() - startedAt > 120_000)
        return {
          frames,
          ms: performance.now() - startedAt,
          maxFrameMs,
          slowFrames,
          reachedTop: false,
          firstText: '',
          maxMountedMessages,
          error: 'the top never showed (120 s)',
        }
    }
    return {
      frames,
      ms: performance.now() - startedAt,
      maxFrameMs,
      slowFrames,
      reachedTop: true,
      firstText: driver.first()?.textContent?.slice(0, 80) ?? '',
      maxMountedMessages,
    }
  }

  driver
    .prepare()
    .then(() => {
      ;(window as { gc?: () => void }).gc?.()
      window.__benchReady = true
    })
    .catch((error: unknown) => {
      window.__benchError = String(error instanceof Error ? (error.stack ?? error.message) : error)
    })
}

export { FIRST_MARK }
