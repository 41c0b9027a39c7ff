// Shared by both sidebar bench pages (runs in Chromium): the same sequence, the same clocks.
//   1. first paint: mount → the first page's titles in the DOM, then the next animation frame;
//   2. scroll: SCROLL_STEP_PX per frame from the top until row #SCROLL_ROWS is in view (frame
//      intervals, long tasks, how many rows the DOM holds);
//   3. rename the row in the middle of the view, then delete one a little below it: action → change in the DOM
//      (MutationObserver) → the next frame (painted).
import { idOf, SCROLL_ROWS, SCROLL_STEP_PX, type SidebarResult } from './workload'

export interface SidebarDriver {
  /** Renders the list (its first page comes from the fake core); resolves when it was asked. */
  mount(): void
  /** The element that scrolls the list (once mounted). */
  scroller(): HTMLElement | null
  /** Rows in the DOM now. */
  domRows(): number
  /** Rows loaded from the fake core so far. */
  loadedRows(): number
  rename(id: string, title: string): void
  remove(id: string): void
}

declare global {
  interface Window {
    __benchReady?: boolean
    __benchRun?: () => Promise<SidebarResult>
  }
}

const titleOf = (id: string): HTMLElement | null => document.getElementById(`conversation-title-${id}`)
const nextFrame = (): Promise<number> =>
  new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())))

export function installPage(driver: SidebarDriver): void {
  const longTasks: { start: number; duration: number }[] = []
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask' })
  } catch {
    // no longtask support: frame intervals still bound every task
  }
  const longestTaskIn = (from: number, to: number) =>
    Math.max(0, ...longTasks.filter((t) => t.start + t.duration >= from && t.start <= to).map((t) => t.duration))
  const longTasksIn = (from: number, to: number) =>
    longTasks.filter((t) => t.start + t.duration >= from && t.start <= to).length

  /** Resolves at the first frame after `done()` holds (checked on every DOM change and every frame), with the longest frame meanwhile. */
  const until = (done: () => boolean, start: number): Promise<{ ms: number; longestFrameMs: number }> =>
    new Promise((resolve, reject) => {
      let last = start
      let longest = 0
      let changed = false
      const observer = new MutationObserver(() => {
        if (!changed && done()) changed = true
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
      const frame = (now: number) => {
        longest = Math.max(longest, now - last)
        last = now
        if (changed || done()) {
          observer.disconnect()
          // The frame that follows the change has painted it.
          requestAnimationFrame((painted) =>
            resolve({ ms: painted - start, longestFrameMs: Math.max(longest, painted - last) }),
          )
          return
        }
        if (now - start > 20_000) {
          observer.disconnect()
          reject(new Error('no change within 20 s'))
          return
        }
        requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })

  /** The row in the middle of the scroller's view (`below` px lower). */
  const middleRow = (scroller: HTMLElement, below = 0): string => {
    const box = scroller.getBoundingClientRect()
    const hit = document
      .elementFromPoint(box.left + 40, box.top + box.height / 2 + below)
      ?.closest('li')
      ?.querySelector<HTMLElement>('[id^="conversation-title-"]')
    if (!hit) throw new Error('no row in the middle of the view')
    return hit.id.slice('conversation-title-'.length)
  }

  window.__benchRun = async () => {
    try {
      ;(window as { gc?: () => void }).gc?.()
      await nextFrame()
      // 1. First paint.
      const mountAt = performance.now()
      driver.mount()
      const first = await until(() => titleOf(idOf(0)) !== null && titleOf(idOf(20)) !== null, mountAt)
      const firstPaintMs = first.ms
      const firstPaintLongestTaskMs = longestTaskIn(mountAt, mountAt + firstPaintMs)
      await nextFrame()
      await nextFrame()

      // 2. Scroll through SCROLL_ROWS rows.
      const scroller = driver.scroller()
      if (!scroller) throw new Error('no scroller')
      const target = idOf(SCROLL_ROWS)
      const inView = () => {
        const row = titleOf(target)
        if (!row) return false
        const r = row.getBoundingClientRect()
        const box = scroller.getBoundingClientRect()
        return r.top >= box.top && r.bottom <= box.bottom
      }
      const scrollStart = performance.now()
      const scroll = await new Promise<SidebarResult['scroll']>((resolve, reject) => {
        let last = scrollStart
        let longest = 0
        let frames = 0
        let maxDomRows = 0
        const frame = (now: number) => {
          frames++
          longest = Math.max(longest, now - last)
          last = now
          if (frames % 10 === 0) maxDomRows = Math.max(maxDomRows, driver.domRows())
          if (inView()) {
            maxDomRows = Math.max(maxDomRows, driver.domRows())
            resolve({
              ms: now - scrollStart,
              frames,
              longestFrameMs: longest,
              longTasks: longTasksIn(scrollStart, now),
              longestTaskMs: longestTaskIn(scrollStart, now),
              loadedRows: driver.loadedRows(),
              maxDomRows,
            })
            return
          }
          if (now - scrollStart > 60_000)
            return reject(new Error(`row ${target} not reached within 60 s (scrollTop ${scroller.scrollTop})`))
          scroller.scrollTop += SCROLL_STEP_PX
          requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      })
      await nextFrame()
      await nextFrame()

      // 3. Rename and delete the row in the middle of the view.
      const renamed = middleRow(scroller)
      const newTitle = `Renamed in the bench ${renamed}`
      const renameAt = performance.now()
      driver.rename(renamed, newTitle)
      const rename = await until(() => titleOf(renamed)?.textContent === newTitle, renameAt)
      await nextFrame()
      await nextFrame()
      const deleted = middleRow(scroller, 80)
      if (deleted === renamed) throw new Error('no other row below the renamed one')
      const deleteAt = performance.now()
      driver.remove(deleted)
      const removal = await until(() => titleOf(deleted) === null, deleteAt)

      return {
        firstPaintMs,
        firstPaintLongestTaskMs,
        scroll,
        renameMs: rename.ms,
        renameLongestFrameMs: rename.longestFrameMs,
        deleteMs: removal.ms,
        deleteLongestFrameMs: removal.longestFrameMs,
      }
    } catch (error) {
      return {
        firstPaintMs: 0,
        firstPaintLongestTaskMs: 0,
        scroll: { ms: 0, frames: 0, longestFrameMs: 0, longTasks: 0, longestTaskMs: 0, loadedRows: 0, maxDomRows: 0 },
        renameMs: 0,
        renameLongestFrameMs: 0,
        deleteMs: 0,
        deleteLongestFrameMs: 0,
        error: String(error instanceof Error ? (error.stack ?? error.message) : error),
      }
    }
  }
  window.__benchReady = true
}
