// Shared by both benchmark pages (runs in Chromium): the frame loop that watches for the whole
// answer on screen, the long-task observer, and the `window.__bench` hand-off to the harness.
import { answerText, pump, splitDeltas, type PageResult } from './workload'

export interface PageDriver {
  /** Called once, before timing: returns the text the finished page must show. */
  prepare(full: string): Promise<string>
  /** Receives each delta (app: a `stream` RunEvent to the store; floor: a `<pre>` append). */
  sink(delta: string): void
  /** Before the first delta / after the last (app: run-start / run-end). */
  begin(): void
  end(): void
  /** The answer's visible text now, or undefined when it is not (fully) on screen. */
  visibleText(): string | undefined
  /** True once the page has reached its final state (app: the stored message replaced the live one). */
  settled(): boolean
  renders(): number
  sourceChars(): number
  /** Named moments on the page clock, reported with each run (app: when the stored answer arrived). */
  marks?(): Record<string, number>
}

declare global {
  interface Window {
    __benchReady?: boolean
    __benchError?: string
    __benchStart?: () => Promise<PageResult>
  }
}

/** A page still streaming after this long is stopped (its numbers are then lower bounds). */
export const CAP_MS = 40_000

export function installPage(driver: PageDriver): void {
  const full = answerText()
  const deltas = splitDeltas(full)
  let longTaskMaxMs = 0
  let longTaskMaxAt = 0
  let longTasks = 0
  let startedAt = Number.POSITIVE_INFINITY
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.startTime + entry.duration < startedAt) continue
        longTasks++
        if (entry.duration > longTaskMaxMs) {
          longTaskMaxMs = entry.duration
          longTaskMaxAt = entry.startTime
        }
      }
    }).observe({ type: 'longtask' })
  } catch {
    // no longtask support: the harness still has the trace
  }
  driver
    .prepare(full)
    .then((expectedVisibleText) => {
      // The app page's one-shot reference render leaves megabytes of garbage: collect it now, not
      // in the first timed task.
      ;(window as { gc?: () => void }).gc?.()
      window.__benchStart = () =>
        new Promise<PageResult>((resolve) => {
          let frames = 0
          let renders = 0
          let lastCharVisibleAt = 0
          let producerDone = false
          let producerDoneAt = 0
          let capped = false
          let cappedNote: string | undefined
          const finish = (settledAt: number, error?: string): void => {
            // Two more frames so the final paint is inside the measured window.
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                resolve({
                  startedAt,
                  lastCharVisibleAt,
                  settledAt,
                  frames,
                  renders,
                  longTaskMaxMs,
                  longTaskMaxAt,
                  producerDoneAt,
                  marks: driver.marks?.() ?? {},
                  longTasks,
                  sourceChars: driver.sourceChars(),
                  visibleText: driver.visibleText() ?? '',
                  expectedVisibleText,
                  error,
                  capped,
                  cappedNote,
                }),
              ),
            )
          }
          const rendersBefore = driver.renders()
          const onFrame = (): void => {
            const now = performance.now()
            if (lastCharVisibleAt === 0) {
              frames++
              // Reading the DOM text costs a 200 KB string: only once every delta has been sent.
              if (producerDone && driver.visibleText() === expectedVisibleText) {
                lastCharVisibleAt = now
                renders = driver.renders() - rendersBefore
              }
            }
            if (lastCharVisibleAt !== 0 && driver.settled()) return finish(now)
            if (lastCharVisibleAt === 0 && now - startedAt > CAP_MS) {
              // Capped: stop here; the harness reports lower bounds (like parsers.bench's SDK deadline).
              capped = true
              lastCharVisibleAt = now
              renders = driver.renders() - rendersBefore
              cappedNote = `stopped at ${CAP_MS / 1000} s: all deltas sent ${producerDone}, ${driver.visibleText()?.length ?? 0} of ${expectedVisibleText.length} visible chars rendered`
              return finish(now)
            }
            requestAnimationFrame(onFrame)
          }
          startedAt = performance.now()
          requestAnimationFrame(onFrame)
          driver.begin()
          pump(
            deltas,
            (d) => driver.sink(d),
            () => {
              driver.end()
              producerDone = true
              producerDoneAt = performance.now()
            },
          )
        })
      window.__benchReady = true
    })
    .catch((error: unknown) => {
      window.__benchError = String(error instanceof Error ? (error.stack ?? error.message) : error)
    })
}
