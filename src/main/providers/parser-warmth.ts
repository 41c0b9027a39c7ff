import type { RoundResult } from '../../shared/round-result'
import type { StreamEvent } from '../../shared/stream-events'
import type { BodyFramer } from './framing/body-framer'
import { PayloadShapes, type PayloadSampler } from './payload-shapes'
import { TurnAccumulator } from './turn-accumulator'
import type { WireStreamAdapter } from './wire-stream-adapter'

/** The parts of an idle parser that {@link ParserWarmth} drives (the parser itself stays alive with them). */
export interface WarmableParser {
  readonly accumulator: TurnAccumulator
  readonly adapter: WireStreamAdapter
  readonly framer: BodyFramer
}

/**
 * Keeps one provider's parser code warm between turns: one idle parser, kept for the life of the
 * process, holding one of each object the per-event path touches (parser, framer, accumulator, a
 * tool call, text buffers, every kind of delta event, a closed call, a finished turn) and one
 * payload of each shape its turns begin and end with (see {@link PayloadShapes}). The shapes a turn
 * begins with are also fed to the idle parser's own adapter, so it holds the adapter's per-call
 * state objects (an open block, a streamed call) like a turn in progress does.
 *
 * Why: V8 keeps the hidden classes ("maps") of these objects only while an object uses them, and the
 * optimized parser code depends on them. When a turn ends and a major GC runs before the next one,
 * every map died with the turn's objects, and the next turn began by deoptimizing and re-optimizing
 * the whole per-event path (seen with --trace-deopt: "insufficient type feedback", "weak objects"
 * at the start of every turn). The warmth costs a few kilobytes.
 *
 * Kept apart from the parser so a turn's parser carries only its sampler and a reference to this.
 */
export class ParserWarmth {
  /** The payload shapes, and the objects made by replaying them (kept only so they stay alive). */
  private readonly shapes = new PayloadShapes()
  private readonly kept: (StreamEvent | RoundResult)[] = []

  constructor(private readonly idle: WarmableParser) {
    this.makeObjects()
  }

  /**
   * Keeps the shapes of a finished turn's first and last payloads; the new first ones are also
   * handled by the idle parser's adapter, as a turn would (their strings are empty).
   */
  keepShapes(sampler: PayloadSampler): void {
    const first = this.shapes.keep(sampler.takeFirst())
    this.shapes.keep(sampler.takeLast())
    const { adapter, accumulator } = this.idle
    for (const shape of first) adapter.handlePayload(shape, undefined)
    this.kept.push(...accumulator.drainEvents())
  }

  /** Makes the objects whose maps must outlive a turn, and keeps them. */
  private makeObjects(): void {
    const { accumulator: acc, framer } = this.idle
    framer.push(WARM_COMMENT) // an SSE comment: the SSE framer exists, no event
    acc.appendText(' ')
    acc.appendReasoning(' ')
    const call = acc.openToolCall('warmth', 'warmth', 'warmth')
    acc.appendToolArguments(call, ' ')
    acc.closeToolCall(call)
    const events = acc.drainEvents()
    // A finished turn's result and `finish` event, from an accumulator of its own (the idle one goes on).
    const finished = new TurnAccumulator(acc.provider, 'warmth_')
    const result = finished.finishTurn({ truncationIsError: false, garbage: false, providerLabel: 'warmth' })
    this.kept.push(...events, result, ...finished.drainEvents())
  }
}

const WARM_COMMENT = new TextEncoder().encode(': warmth\n')
