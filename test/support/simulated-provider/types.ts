import type { ProviderId } from '../../../src/shared/provider-id'

/** Argument text given verbatim (e.g. invalid JSON, or a prefix cut by a length finish). */
export interface RawArguments {
  raw: string
}

export interface ScriptedToolCall {
  /** The call id the client must answer under. Default: a provider-styled id (none for Gemini). */
  id?: string
  name: string
  /** An object (serialized with JSON.stringify) or `{ raw }`, the exact argument text. */
  arguments: Record<string, unknown> | RawArguments
  /**
   * Fragments the argument text is streamed in (Responses, Chat, Anthropic, Interactions).
   * Default: pieces of at most 8 characters (Interactions: one piece, as in its captures).
   * Gemini always sends a call whole.
   */
  argumentChunks?: number
}

export type ScriptedFinish = 'stop' | 'tool-calls' | 'length' | 'content-filter'

export interface ScriptedUsage {
  inputTokens: number
  /** All generated tokens, reasoning included. */
  outputTokens: number
  /** Part of `outputTokens` spent on reasoning (reported by the APIs that report it). */
  reasoningTokens?: number
  /** Part of `inputTokens` served from the prompt cache. */
  cachedInputTokens?: number
}

export type InStreamErrorKind = 'overloaded' | 'server' | 'rate-limit'

/** The quirks of OpenAI-compatible servers (Chat Completions only; see the `compat-*` fixtures). */
export interface ChatCompatQuirks {
  /** Every argument fragment repeats `id`, `type` and `function.name`. */
  repeatIdOnEveryFragment?: boolean
  /** Every call is sent at `index: 0` (calls are told apart by their ids only). */
  sameIndexForAllCalls?: boolean
  /** Call ids are the call's position as a string: `"0"`, `"1"`, … (script ids are ignored). */
  idZero?: boolean
  /** No chunk ever carries a `finish_reason` (the stream still ends with `data: [DONE]`). */
  noFinishReason?: boolean
  /** Usage rides on a chunk that still has a choice (sent even without `include_usage`). */
  usageOnChoiceChunk?: boolean
}

export interface StreamFaults {
  /** Bytes per write; `'random'` draws 1–48 per write from the seeded generator. Default: one write per event. */
  chunkSize?: number | 'random'
  /** Seed for `chunkSize: 'random'` (default 1), so a failing case replays the same writes. */
  seed?: number
  /** Wait between writes. */
  delayMs?: number
  /** Wait before the status line and headers are sent. */
  headersDelayMs?: number
  /** Read the request, then destroy the socket without any response (the client's fetch rejects). */
  resetBeforeFirstByte?: boolean
  /** Destroy the socket after this many body bytes (no chunked-encoding terminator: the client's read fails). */
  cutAfterBytes?: number
  /** Destroy the socket after this many events. */
  cutAfterEvents?: number
  /** Stop writing after this many events and keep the socket open until the client aborts or the server closes. */
  stallAfterEvents?: number
  /**
   * After this many events, wait until the test calls `release()` (`POST /_sim/release`), then go on.
   * Lets a test act while an answer is verifiably unfinished without slowing every event down.
   * One write per event only (not with `chunkSize`).
   */
  holdAfterEvents?: number
  /** Like `holdAfterEvents`, after the first event whose bytes contain this text (robust to each wire format's event count). */
  holdAfterText?: string
  /** After this many events, the provider's own in-stream error event or chunk, then the response ends. */
  errorAfterEvents?: { afterEvents: number; kind: InStreamErrorKind; message?: string }
  /** Chat Completions only: compatible servers' deviations. */
  compat?: ChatCompatQuirks
}

/** A provider-neutral assistant turn, rendered in the wire format of whichever route is asked. */
export interface ScriptedTurn {
  type: 'turn'
  /** The answer; a string is streamed word by word, an array delta by delta. */
  text?: string | string[]
  /** Reasoning / thinking summary, streamed like `text`, before it. */
  reasoning?: string | string[]
  toolCalls?: ScriptedToolCall[]
  /** Default: `tool-calls` when there are tool calls, else `stop`. */
  finish?: ScriptedFinish
  /**
   * Default: input ≈ request body length / 4, output ≈ streamed characters / 4.
   * `null`: the provider reports no usage at all.
   */
  usage?: ScriptedUsage | null
  /** The provider's response / message / interaction id. Default: a provider-styled id. */
  id?: string
  /** Added to (and overriding) the stream's response headers (e.g. a proxy's own `x-request-id`). */
  headers?: Record<string, string>
  faults?: StreamFaults
  /**
   * Send times to record, by name: the server notes when it hands the socket the first write whose
   * bytes contain the given text (e.g. `{ firstText: 'Zephyr' }` for the first text delta; the text
   * must fall within one write), in `served.marks` (see {@link ServedResponse}).
   */
  marks?: Record<string, string>
}

/** A non-2xx answer instead of a stream. */
export interface ScriptedHttpError {
  type: 'http-error'
  status: number
  /** Added to (and overriding) the provider's default headers for this status. */
  headers?: Record<string, string>
  /** A string is sent verbatim; anything else as JSON. Default: the provider's real error document. */
  body?: unknown
  /** Wait before the status line is sent. */
  delayMs?: number
}

/**
 * A 200 stream given event by event, each already framed in the route's wire format: for shapes the
 * neutral {@link ScriptedTurn} does not model (provider-run tools, `pause_turn`). Written one event
 * per write unless `chunkSize` says otherwise.
 */
export interface ScriptedRecordedStream {
  type: 'recorded-stream'
  events: string[]
  /** `holdAfterEvents` / `holdAfterText` wait for `release()` as a turn's do (one write per event). */
  faults?: Pick<StreamFaults, 'chunkSize' | 'seed' | 'delayMs' | 'holdAfterEvents' | 'holdAfterText'>
}

export type ScriptedResponse = ScriptedTurn | ScriptedHttpError | ScriptedRecordedStream

/** What the server answered to one request. */
export type ServedResponse =
  | {
      kind: 'turn'
      responseId: string
      callIds: (string | undefined)[]
      /**
       * For each of the turn's `marks` that a write contained: when that write was handed to the
       * socket, in milliseconds since the epoch on the high-resolution clock
       * (`performance.timeOrigin + performance.now()`, the clock a page reads the same way).
       */
      marks?: Record<string, number>
    }
  | { kind: 'http-error'; status: number }
  | { kind: 'exhausted' }
  | { kind: 'reset' }

export interface RecordedRequest {
  provider: ProviderId
  method: string
  /** The path without the query string, e.g. `/anthropic/v1/messages`. */
  path: string
  query: Record<string, string>
  /** Lower-cased names; repeated headers joined with `, `. */
  headers: Record<string, string>
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown
  rawBody: string
  /** Gemini: the model named in the path; others: `body.model` when present. */
  model: string | undefined
  receivedAt: number
  /** Filled in once the server has chosen its answer. */
  served: ServedResponse | undefined
}

export type RespondHook = (
  request: RecordedRequest,
) => ScriptedResponse | undefined | Promise<ScriptedResponse | undefined>

export interface SimulatedProviderOptions {
  /** Port on 127.0.0.1; default 0 (ephemeral). */
  port?: number
  /** Responses queued from the start. */
  script?: ScriptedResponse[]
  /** Consulted before the queue; returning `undefined` falls through to the queue. */
  respond?: RespondHook
  /** Prefix of generated ids (`call_<prefix>3_0`, `toolu_<prefix>3_0`, …). Default `sim`. */
  idPrefix?: string
  /** Milliseconds since the epoch for rendered timestamps and `receivedAt` (default `Date.now`); fix it for byte-identical bodies. */
  clock?: () => number
  /** Serve `GET/POST /_sim/*` (enqueue, requests, reset) for out-of-process tests. Default false. */
  controlRoutes?: boolean
}
