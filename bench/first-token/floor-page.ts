// The floor of the first-token benchmark: a page that reads the simulated provider's stream with
// `fetch` and appends each text delta to the DOM (a tool call's start: a card with its name), with
// no framework, no store, no transport in between. Served from the simulator's own origin (the
// benchmark routes one URL there), so the fetch is same-origin and needs no CORS.
export const FLOOR_PATH = '/_bench/first-token-floor.html'

export const FLOOR_HTML = String.raw`<!doctype html>
<html><head><meta charset="utf-8"><title>first-token floor</title>
<style>body { font: 15px/1.5 system-ui, sans-serif; margin: 24px; } .card { border: 1px solid #999; padding: 8px; margin: 8px 0; }</style>
</head><body><main id="out"></main>
<script>
window.__floorStart = async (path, body) => {
  const out = document.getElementById('out')
  const answer = document.createElement('p')
  out.append(answer)
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const arrivals = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    arrivals.push({ at: performance.timeOrigin + performance.now(), text: value })
    buffer += value
    let end
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const data = block.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5)).join('\n')
      if (!data) continue
      const event = JSON.parse(data)
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') answer.append(event.delta.text)
      else if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        const card = document.createElement('div')
        card.className = 'card'
        card.dataset.testid = 'tool-card'
        card.textContent = event.content_block.name
        out.append(card)
      }
    }
  }
  return arrivals
}
</script></body></html>`
