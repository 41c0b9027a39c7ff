import type { RunEvent } from '../../shared/run-events'

/**
 * Everything one live run has told its windows so far, so a window that reloads (or a second
 * window) can rebuild the answer and follow the rest: the events in order, each delta merged into
 * the one before it when both extend the same thing (a long answer stays a few events, not one per
 * token). `seq` counts every event published (merged or not): the envelope of each carries its
 * number, and a snapshot says up to which number it holds, so nothing is lost or shown twice.
 */
export class RunLog {
  private events: RunEvent[] = []
  private lastSeq = 0

  /** Appends an event; returns its sequence number. */
  append(event: RunEvent): number {
    const last = this.events[this.events.length - 1]
    const merged = last ? mergeDeltas(last, event) : undefined
    if (merged) this.events[this.events.length - 1] = merged
    else this.events.push(event)
    return ++this.lastSeq
  }

  /** An MCP server's request for input was answered or cancelled: a window that reloads must not ask again. */
  dropElicitation(elicitationId: string): void {
    this.events = this.events.filter(
      (event) => !(event.type === 'elicitation-request' && event.elicitationId === elicitationId),
    )
  }

  snapshot(): { seq: number; events: RunEvent[] } {
    return { seq: this.lastSeq, events: [...this.events] }
  }
}

/** One event saying what both say, when `next` only extends `previous` (same round; same call for argument text). */
function mergeDeltas(previous: RunEvent, next: RunEvent): RunEvent | undefined {
  if (previous.type !== 'stream' || next.type !== 'stream' || previous.round !== next.round) return undefined
  const a = previous.event
  const b = next.event
  if (a.type === 'text-delta' && b.type === 'text-delta')
    return { ...previous, event: { type: 'text-delta', delta: a.delta + b.delta } }
  if (a.type === 'reasoning-delta' && b.type === 'reasoning-delta')
    return { ...previous, event: { type: 'reasoning-delta', delta: a.delta + b.delta } }
  if (a.type === 'tool-call-delta' && b.type === 'tool-call-delta' && a.callId === b.callId)
    return { ...previous, event: { type: 'tool-call-delta', callId: a.callId, delta: a.delta + b.delta } }
  return undefined
}
