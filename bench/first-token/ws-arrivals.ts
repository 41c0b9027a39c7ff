// Installed before Keel's page scripts (`addInitScript`): notes when the first WebSocket message
// holding a watched text arrives in the page, to split "first token" into core + transport (the
// provider's write to the page's socket) and renderer (socket to paint).
export const WS_ARRIVALS = String.raw`(() => {
  const Original = window.WebSocket
  window.__wsArrivals = { watched: [], seen: {} }
  window.WebSocket = class extends Original {
    constructor(...args) {
      super(...args)
      this.addEventListener('message', (event) => {
        const arrivals = window.__wsArrivals
        if (arrivals.watched.length === 0 || typeof event.data !== 'string') return
        for (const text of arrivals.watched) if (!(text in arrivals.seen) && event.data.includes(text)) arrivals.seen[text] = performance.timeOrigin + performance.now()
      })
    }
  }
})()`

declare global {
  interface Window {
    __wsArrivals?: { watched: string[]; seen: Record<string, number> }
  }
}
