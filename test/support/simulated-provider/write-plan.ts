import type { StreamFaults } from './types'
import type { RenderedStream } from './wire-renderer'
import { mulberry32 } from '../seeded-random'

/** How a response body ends once its writes are done. */
export type StreamEnding =
  /** A normal end (chunked-encoding terminator). */
  | 'end'
  /** The socket is destroyed: the client sees the body fail mid-way. */
  | 'destroy'
  /** Nothing more is written; the socket stays open until the client aborts or the server closes. */
  | 'stall'

export interface WritePlan {
  writes: Buffer[]
  ending: StreamEnding
  /** Events (and in-stream error events) the writes hold, for diagnostics. */
  eventCount: number
  /** Index of the write to wait before until the test releases the stream (`holdAfterEvents`). */
  holdBeforeWrite?: number
}

/**
 * Applies the event-level faults (error / cut / stall after N events: the smallest N wins), then
 * `cutAfterBytes`, then splits the bytes into writes (`chunkSize`, or one write per event).
 */
export function planWrites(
  rendered: RenderedStream,
  faults: StreamFaults,
  streamError: (eventsBefore: number) => string[],
): WritePlan {
  let events = rendered.events
  let trailer = rendered.trailer
  let ending: StreamEnding = 'end'

  const cut = earliestEventFault(faults)
  if (cut) {
    const at = Math.max(0, Math.min(Math.floor(cut.at), events.length))
    events = events.slice(0, at)
    if (cut.kind === 'error') {
      events = [...events, ...streamError(at)] // the response ends normally after the provider's error
    } else {
      trailer = ''
      ending = cut.kind === 'cut' ? 'destroy' : 'stall'
    }
  }

  let segments: Buffer[] = [...events, ...(trailer ? [trailer] : [])].map((text) => Buffer.from(text, 'utf8'))
  if (faults.cutAfterBytes !== undefined) {
    segments = truncateBytes(segments, Math.max(0, Math.floor(faults.cutAfterBytes)))
    ending = 'destroy'
  }
  const chunkSize = faults.chunkSize
  const holds = faults.holdAfterEvents !== undefined || faults.holdAfterText !== undefined
  if (holds && chunkSize !== undefined)
    throw new Error('simulated provider: holdAfterEvents / holdAfterText need one write per event (no chunkSize)')
  const writes = chunkSize === undefined ? segments : rechunk(Buffer.concat(segments), chunkSize, faults.seed ?? 1)
  const kept = writes.filter((w) => w.length > 0)
  const holdBeforeWrite = holdIndex(kept, faults)
  return {
    writes: kept,
    ending,
    eventCount: events.length,
    ...(holdBeforeWrite === undefined ? {} : { holdBeforeWrite }),
  }
}

/** Where the stream waits for its release: after N events, or after the first event holding the text. */
function holdIndex(writes: Buffer[], faults: StreamFaults): number | undefined {
  if (faults.holdAfterText !== undefined) {
    const at = writes.findIndex((write) => write.includes(faults.holdAfterText!))
    if (at < 0)
      throw new Error(`simulated provider: holdAfterText ${JSON.stringify(faults.holdAfterText)} is in no event`)
    return at + 1
  }
  // Past the last write, the hold comes before the ending (a stream held after its last event).
  if (faults.holdAfterEvents !== undefined)
    return Math.min(Math.max(0, Math.floor(faults.holdAfterEvents)), writes.length)
  return undefined
}

/** Error, cut or stall after N events: the smallest N wins (an error before a cut on a tie). */
function earliestEventFault(faults: StreamFaults): { kind: 'error' | 'cut' | 'stall'; at: number } | undefined {
  const candidates: { kind: 'error' | 'cut' | 'stall'; at: number | undefined }[] = [
    { kind: 'error', at: faults.errorAfterEvents?.afterEvents },
    { kind: 'cut', at: faults.cutAfterEvents },
    { kind: 'stall', at: faults.stallAfterEvents },
  ]
  let best: { kind: 'error' | 'cut' | 'stall'; at: number } | undefined
  for (const { kind, at } of candidates)
    if (at !== undefined && (best === undefined || at < best.at)) best = { kind, at }
  return best
}

function truncateBytes(segments: Buffer[], limit: number): Buffer[] {
  const out: Buffer[] = []
  let left = limit
  for (const segment of segments) {
    if (left <= 0) break
    out.push(segment.length <= left ? segment : segment.subarray(0, left))
    left -= segment.length
  }
  return out
}

function rechunk(bytes: Buffer, chunkSize: number | 'random', seed: number): Buffer[] {
  const random = mulberry32(seed)
  const out: Buffer[] = []
  for (let offset = 0; offset < bytes.length; ) {
    const size = chunkSize === 'random' ? 1 + Math.floor(random() * 48) : Math.max(1, Math.floor(chunkSize))
    out.push(bytes.subarray(offset, offset + size))
    offset += size
  }
  return out
}
