// Shared checks for Keel's own constructed fixture streams (test/fixtures/<provider>/): each
// provider's suite in test/main/providers/own-fixtures/ lists its cases with these builders and
// runs them through `describeFixtures` (full result, event invariants, 1-byte reads).
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { HttpResponseMeta } from '../../src/main/providers/http-response-meta'
import { mayRunToolCalls } from '../../src/main/providers/turn-verdict'
import type { FinishReason } from '../../src/shared/finish-reason'
import type { ProviderErrorKind } from '../../src/shared/provider-error'
import type { ProviderId } from '../../src/shared/provider-id'
import type { StreamEvent } from '../../src/shared/stream-events'
import type { ReplayItem, RoundResult } from '../../src/shared/round-result'
import type { Usage } from '../../src/shared/usage'
import { coalesceEvents, parseInReads, readBytes, type ParsedBody } from './parse-helpers'

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url))

// ------------------------------------------------------------------------------------------------
// Expectation builders

/** An asymmetric matcher (vitest recognises any object with `asymmetricMatch`). */
export function matcher(description: string, test: (actual: unknown) => boolean): unknown {
  return {
    asymmetricMatch: test,
    toString: () => description,
    toAsymmetricMatcher: () => description,
  }
}

/** Any value at all, `undefined` included (for a field checked by a separate test). */
export const ANY_VALUE = matcher('AnyValue', () => true)

/** A string that is JSON for exactly `value` (Gemini sends objects: the serialization is ours). */
export function jsonOf(value: unknown): unknown {
  return matcher(`JsonOf<${JSON.stringify(value)}>`, (actual) => {
    if (typeof actual !== 'string') return false
    try {
      return isDeepStrictEqual(JSON.parse(actual), value)
    } catch {
      return false
    }
  })
}

/** A non-empty locally generated call id. */
export const LOCAL_ID = matcher('LocalCallId', (actual) => typeof actual === 'string' && actual.trim().length > 0)

export type Args = Record<string, unknown>

/** A call with a provider id, its argument text exactly as streamed, parsed when it is one JSON object. */
export function call(callId: string, name: string, argumentsText: string, args: Args | undefined, closed = true) {
  return { callId, callIdIsLocal: false, name, argumentsText, arguments: args, closed }
}

/** A Gemini call: arguments arrive as an object, so the text is any JSON serialization of it. */
export function geminiCall(callId: string | undefined, name: string, args: Args) {
  return {
    callId: callId ?? LOCAL_ID,
    callIdIsLocal: callId === undefined,
    name,
    argumentsText: jsonOf(args),
    arguments: args,
    closed: true,
  }
}

export function usage(
  inputTokens: number | undefined,
  outputTokens: number | undefined,
  reasoningTokens?: number,
  cachedInputTokens?: number,
): Usage {
  return { inputTokens, outputTokens, reasoningTokens, cachedInputTokens }
}

export const NO_USAGE: Usage = usage(undefined, undefined)

export interface ErrorSpec {
  kind: ProviderErrorKind
  retryable: boolean
  status?: number
  code?: string
  retryAfterMs?: number
  requestId?: string
  /** Text the message must contain (the provider's own words when it gave some). */
  message?: string
}

export function providerError(spec: ErrorSpec) {
  return {
    kind: spec.kind,
    message: spec.message === undefined ? expect.stringMatching(/\S/) : expect.stringContaining(spec.message),
    retryable: spec.retryable,
    status: spec.status,
    code: spec.code,
    retryAfterMs: spec.retryAfterMs,
    requestId: spec.requestId,
  }
}

/** Google's rule: a stream cut before its end signal is reported as a `truncated` error. */
export const GOOGLE_TRUNCATED = providerError({ kind: 'truncated', retryable: true })

export interface Expected {
  complete: boolean
  truncated: boolean
  executable: boolean
  finishReason: FinishReason | null
  rawFinishReason: string | null
  text: string
  reasoning?: string
  toolCalls: unknown[]
  usage: Usage
  error: unknown
  /** Defaults to []; a function when it depends on generated call ids. */
  replay?: ReplayItem[] | ((result: RoundResult) => ReplayItem[])
  responseId: string | undefined
  model: string | undefined
}

/** An HTTP error: there never was a stream. */
export function httpError(error: unknown): Expected {
  return {
    complete: false,
    truncated: false,
    executable: false,
    finishReason: 'error',
    rawFinishReason: null,
    text: '',
    toolCalls: [],
    usage: NO_USAGE,
    error,
    responseId: undefined,
    model: undefined,
  }
}

export interface FixtureCase {
  file: string
  what: string
  response?: HttpResponseMeta
  expected: Expected
}

// ------------------------------------------------------------------------------------------------
// Running and checking

export function fixtureBytes(provider: ProviderId, file: string): Uint8Array {
  return readBytes(`${FIXTURES}${provider}/${file}`)
}

export function parseFixture(provider: ProviderId, fixture: FixtureCase, splits: readonly number[] = []): ParsedBody {
  return parseInReads(provider, fixtureBytes(provider, fixture.file), splits, { response: fixture.response })
}

export function everyOffset(length: number): number[] {
  return Array.from({ length: Math.max(0, length - 1) }, (_, i) => i + 1)
}

function withoutMessageFields(error: NonNullable<RoundResult['error']>): NonNullable<RoundResult['error']> {
  const { waitMs: _wait, providerMessage: _said, ...rest } = error
  return rest
}

export function expectResult(result: RoundResult, expected: Expected): void {
  const replay = typeof expected.replay === 'function' ? expected.replay(result) : (expected.replay ?? [])
  expect({
    complete: result.complete,
    truncated: result.truncated,
    executable: mayRunToolCalls(result),
    finishReason: result.finishReason,
    rawFinishReason: result.rawFinishReason,
    text: result.text,
    reasoning: result.reasoning,
    toolCalls: result.toolCalls,
    usage: result.usage,
    // The message fields (the provider's own sentence, its wait) are checked by test/main/providers/error-classifier*.test.ts.
    error: result.error ? withoutMessageFields(result.error) : undefined,
    replay: result.replay,
    responseId: result.responseId,
    model: result.model,
  }).toStrictEqual({
    complete: expected.complete,
    truncated: expected.truncated,
    executable: expected.executable,
    finishReason: expected.finishReason,
    rawFinishReason: expected.rawFinishReason,
    text: expected.text,
    reasoning: expected.reasoning ?? '',
    toolCalls: expected.toolCalls,
    usage: expected.usage,
    error: expected.error,
    replay,
    responseId: expected.responseId,
    model: expected.model,
  })
  // Calls are told apart by id, never merged by name or position.
  const ids = result.toolCalls.map((c) => c.callId)
  expect(new Set(ids).size).toBe(ids.length)
}

/** What every event list must satisfy, whatever the fixture: it must agree with the result. */
export function expectEventsConsistent(provider: ProviderId, { events, result }: ParsedBody): void {
  const finishes = events.filter((e) => e.type === 'finish')
  expect(finishes).toHaveLength(1)
  expect(events[events.length - 1]).toStrictEqual({
    type: 'finish',
    finishReason: result.finishReason,
    rawFinishReason: result.rawFinishReason,
    usage: result.usage,
    complete: result.complete,
    truncated: result.truncated,
  })
  const joined = (type: 'text-delta' | 'reasoning-delta') =>
    events.flatMap((e) => (e.type === type ? [e.delta] : [])).join('')
  expect(joined('text-delta')).toBe(result.text)
  expect(joined('reasoning-delta')).toBe(result.reasoning)
  const errors = events.flatMap((e) => (e.type === 'error' ? [e.error] : []))
  expect(errors).toStrictEqual(result.error ? [result.error] : [])

  const starts = events.flatMap((e) => (e.type === 'tool-call-start' ? [{ callId: e.callId, name: e.name }] : []))
  expect(starts).toStrictEqual(result.toolCalls.map((c) => ({ callId: c.callId, name: c.name })))
  for (const toolCall of result.toolCalls) {
    const indexOf = (e: StreamEvent) => ('callId' in e && e.callId === toolCall.callId ? e.type : undefined)
    const own = events.map(indexOf)
    const start = own.indexOf('tool-call-start')
    const end = own.indexOf('tool-call-end')
    const deltaPositions = own.flatMap((type, i) => (type === 'tool-call-delta' ? [i] : []))
    expect(own.filter((t) => t === 'tool-call-end')).toHaveLength(toolCall.closed ? 1 : 0)
    for (const position of deltaPositions) {
      expect(position).toBeGreaterThan(start)
      if (end >= 0) expect(position).toBeLessThan(end)
    }
    if (end >= 0) expect(end).toBeLessThan(events.length - 1)
    const streamed = events
      .flatMap((e) => (e.type === 'tool-call-delta' && e.callId === toolCall.callId ? [e.delta] : []))
      .join('')
    if (provider === 'anthropic' && streamed === '' && toolCall.argumentsText === '{}') continue // `""` means `{}`
    expect(streamed).toBe(toolCall.argumentsText)
  }
}

/** Registers, for each fixture: its full result, its event invariants, and 1-byte reads giving the same output. */
export function describeFixtures(provider: ProviderId, fixtures: FixtureCase[]): void {
  for (const fixture of fixtures) {
    describe(fixture.file, () => {
      it(`${fixture.what}: full result`, () => {
        const parsed = parseFixture(provider, fixture)
        expectResult(parsed.result, fixture.expected)
        expectEventsConsistent(provider, parsed)
      })
      it('gives the same events and result when read 1 byte at a time', () => {
        const whole = parseFixture(provider, fixture)
        const bytes = fixtureBytes(provider, fixture.file)
        const split = parseFixture(provider, fixture, everyOffset(bytes.length))
        expect(coalesceEvents(split.events)).toStrictEqual(coalesceEvents(whole.events))
        expect(split.result).toStrictEqual(whole.result)
      })
    })
  }
}

/** Two reads, split at every offset (the cut may land anywhere: inside `data:`, a CRLF, a UTF-8 sequence). */
export function expectSameAtEverySplit(provider: ProviderId, fixture: FixtureCase): void {
  const whole = parseFixture(provider, fixture)
  const expectedEvents = coalesceEvents(whole.events)
  const bytes = fixtureBytes(provider, fixture.file)
  for (const offset of everyOffset(bytes.length)) {
    const split = parseFixture(provider, fixture, [offset])
    expect(coalesceEvents(split.events), `split at byte ${offset}`).toStrictEqual(expectedEvents)
    expect(split.result, `split at byte ${offset}`).toStrictEqual(whole.result)
  }
}

export function byFile(fixtures: FixtureCase[], file: string): FixtureCase {
  const found = fixtures.find((f) => f.file === file)
  if (!found) throw new Error(`no fixture case ${file}`)
  return found
}

export function finishEvent(
  finishReason: FinishReason | null,
  rawFinishReason: string | null,
  u: Usage,
  complete: boolean,
  truncated: boolean,
): StreamEvent {
  return { type: 'finish', finishReason, rawFinishReason, usage: u, complete, truncated }
}
