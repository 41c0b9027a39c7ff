// The recorded Anthropic web-search answer (test/fixtures/anthropic/hosted-web-search-then-tool-use.sse)
// ended after its cited text: its client call left out, an `end_turn` in place of `tool_use`. For
// the simulated provider's `recorded-stream`.
import { readFileSync } from 'node:fs'

export function recordedSearchAnswer(): string[] {
  const end = [
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 20 } },
    { type: 'message_stop' },
  ].map((payload) => `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`)
  return [
    ...readFileSync('test/fixtures/anthropic/hosted-web-search-then-tool-use.sse', 'utf8')
      .split('\n\n')
      .filter((event) => event.trim().length > 0)
      .filter((event) => !event.includes('toolu_keel_note_01') && !/"index":5/.test(event))
      .filter((event) => !event.includes('message_delta') && !event.includes('message_stop'))
      .map((event) => `${event}\n\n`),
    ...end,
  ]
}
