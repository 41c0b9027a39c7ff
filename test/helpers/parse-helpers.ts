import { readFileSync } from 'node:fs'
import type { ProviderId } from '../../src/shared/provider-id'
import type { StreamEvent } from '../../src/shared/stream-events'
import type { RoundResult } from '../../src/shared/round-result'
import { createStreamParser, type StreamParserOptions } from '../../src/main/providers/stream-parser'

export interface ParsedBody {
  events: StreamEvent[]
  result: RoundResult
}

/** Parses `bytes` fed as the given reads (`splits` are byte offsets, ascending), synchronously. */
export function parseInReads(
  provider: ProviderId,
  bytes: Uint8Array,
  splits: readonly number[] = [],
  options: StreamParserOptions = {},
): ParsedBody {
  const parser = createStreamParser(provider, options)
  const events: StreamEvent[] = []
  let start = 0
  for (const split of [...splits, bytes.length]) {
    if (split <= start) continue
    events.push(...parser.push(bytes.subarray(start, split)))
    start = split
  }
  const end = parser.end()
  events.push(...end.events)
  return { events, result: end.result }
}

/** Parses a whole body in one read. */
export function parseWhole(
  provider: ProviderId,
  body: string | Uint8Array,
  options: StreamParserOptions = {},
): ParsedBody {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
  return parseInReads(provider, bytes, [], options)
}

export function readBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path))
}

/**
 * Merges consecutive deltas of the same kind (and call), so that two event lists that differ only
 * in how text was split into deltas compare equal.
 */
export function coalesceEvents(events: readonly StreamEvent[]): StreamEvent[] {
  const out: StreamEvent[] = []
  for (const event of events) {
    const last = out[out.length - 1]
    if (last && event.type === 'text-delta' && last.type === 'text-delta') {
      out[out.length - 1] = { type: 'text-delta', delta: last.delta + event.delta }
    } else if (last && event.type === 'reasoning-delta' && last.type === 'reasoning-delta') {
      out[out.length - 1] = { type: 'reasoning-delta', delta: last.delta + event.delta }
    } else if (
      last &&
      event.type === 'tool-call-delta' &&
      last.type === 'tool-call-delta' &&
      last.callId === event.callId
    ) {
      out[out.length - 1] = { type: 'tool-call-delta', callId: event.callId, delta: last.delta + event.delta }
    } else out.push(event)
  }
  return out
}
