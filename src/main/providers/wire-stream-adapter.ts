import type { ProviderError } from '../../shared/provider-error'
import type { HttpResponseMeta } from './http-response-meta'
import type { TurnAccumulator } from './turn-accumulator'
import type { WireObject } from './wire-access'

/**
 * What each wire API contributes to parsing: how its payloads map onto the accumulator, how its
 * stream ends, and how its error documents read. Everything shared lives in `StreamParser`.
 */
export interface WireStreamAdapter {
  /** Name used in messages ("the Anthropic stream ended …"). */
  readonly label: string
  /** Google's rule: a stream without its end signal is reported as a `truncated` error. */
  readonly truncationIsError: boolean
  /** Accept a streamed JSON array body (Gemini without `alt=sse`). */
  readonly allowJsonArrayBody: boolean
  /** One JSON payload from the stream (an SSE event's data, or an array element). */
  handlePayload(payload: WireObject, eventName: string | undefined): void
  /** A data payload that is not JSON (e.g. `[DONE]`). Returns false when it means nothing here. */
  handleSentinel(data: string): boolean
  /** The body ended: settle finish reasons and close what the protocol closes at its end. */
  handleEnd(): void
  /** An error from a JSON document (an HTTP error body, or an error document served with 200). */
  errorFromDocument(document: unknown, meta: HttpResponseMeta | undefined): ProviderError
}

export type WireStreamAdapterFactory = (accumulator: TurnAccumulator) => WireStreamAdapter
