import type { PlannedTurn } from './normalize-turn'
import type { ChatCompatQuirks, InStreamErrorKind, RecordedRequest } from './types'

/** What a renderer needs to know about the request it answers. */
export interface RenderContext {
  request: RecordedRequest
  /** The model to report (request's model, or a default). */
  model: string
  /** Unix seconds, for `created` fields. */
  createdAt: number
  /** Gemini only: answer with one streamed JSON array instead of SSE. */
  jsonArray: boolean
  /** Chat Completions only. */
  compat: ChatCompatQuirks
}

/** A body split into the units faults count ("events"), plus what closes it. */
export interface RenderedStream {
  /** The body, event by event, each one already framed (`event:`/`data:` lines and blank line). */
  events: string[]
  /** Written after the last event when the body ends normally or after an in-stream error (Gemini's `]`). */
  trailer: string
}

/** Turns a provider-neutral turn into one wire API's stream. */
export interface WireRenderer {
  contentType(context: RenderContext): string
  render(turn: PlannedTurn, context: RenderContext): RenderedStream
  /**
   * The provider's in-stream error, to be written after the first `eventsBefore` events of
   * `render`'s output; the response ends after it. `message` replaces the provider's usual text.
   */
  streamError(
    kind: InStreamErrorKind,
    turn: PlannedTurn,
    context: RenderContext,
    eventsBefore: number,
    message?: string,
  ): string[]
}
