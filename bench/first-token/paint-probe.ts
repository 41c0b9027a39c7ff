// The in-page measure shared by Keel's window and the floor page (same code, same clock): when a
// watched text (or a tool card) enters the DOM, and when the frame that shows it was painted.
//
// "Painted": a ResizeObserver created at the mutation reports in the rendering step of the frame
// that will show it (this frame's when the mutation happened inside its animation-frame callbacks,
// as Keel's store commits there; else the next frame's); a message posted from that callback runs
// as the first chance after the frame's paint. So a commit inside requestAnimationFrame is not
// billed a frame it did not wait, and a plain task's append waits for its frame like any other.
//
// Injected with `page.evaluate(PAINT_PROBE)` (the DevTools protocol is not subject to the page's
// CSP), as plain JavaScript text: nothing here is compiled, so no bundler helper can leak in.
export const PAINT_PROBE = String.raw`(() => {
  if (window.__paintProbe) return true
  const now = () => performance.timeOrigin + performance.now()
  const watches = new Set()
  const hasText = (node, text) => node !== null && node.textContent !== null && node.textContent.includes(text)
  const matchesRecord = (watch, record) => {
    if (watch.kind === 'text') {
      if (record.type === 'characterData') return hasText(record.target, watch.value)
      for (const node of record.addedNodes) if (hasText(node, watch.value)) return true
      return false
    }
    for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue
      if (node.matches(watch.value) || node.querySelector(watch.value) !== null) return true
    }
    return record.type === 'attributes' && record.target.nodeType === 1 && record.target.matches(watch.value)
  }
  const afterPaint = (callback) => {
    const observer = new ResizeObserver(() => {
      observer.disconnect()
      const before = now()
      const channel = new MessageChannel()
      channel.port1.onmessage = () => callback(before, now())
      channel.port2.postMessage(0)
    })
    observer.observe(document.documentElement)
  }
  const observer = new MutationObserver((records) => {
    if (watches.size === 0) return
    const at = now()
    for (const watch of [...watches]) {
      if (!records.some((record) => matchesRecord(watch, record))) continue
      watches.delete(watch)
      afterPaint((renderingAt, paintedAt) => watch.resolve({ mutationAt: at, renderingAt, paintedAt }))
    }
  })
  observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-testid'] })
  window.__paintProbe = {
    /** Resolves when the text (kind 'text') or an element matching the selector (kind 'selector') is painted. */
    watch(kind, value) {
      return new Promise((resolve) => watches.add({ kind, value, resolve }))
    },
  }
  return true
})()`

/** What the probe reports for one watch (epoch milliseconds). */
export interface PaintMark {
  /** The mutation was observed (DOM changed). */
  mutationAt: number
  /** The rendering step of the frame that shows it. */
  renderingAt: number
  /** Just after that frame's paint. */
  paintedAt: number
}

declare global {
  interface Window {
    __paintProbe?: { watch(kind: 'text' | 'selector', value: string): Promise<PaintMark> }
  }
}
