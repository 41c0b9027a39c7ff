// Random and mutated bytes never crash or hang a parser: every body ends in a well-formed turn
// result, never an executable one unless the provider's protocol really said so, and garbage ends
// in a typed error.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PROVIDER_IDS, type ProviderId } from '../../../src/shared/provider-id'
import type { StreamEvent } from '../../../src/shared/stream-events'
import { mayRunToolCalls } from '../../../src/main/providers/turn-verdict'
import { allFixtureBodies } from '../../helpers/fixture-bodies'
import { PROVIDER_ERROR_KINDS, type ProviderErrorKind } from '../../../src/shared/provider-error'
import { parseInReads, type ParsedBody } from '../../helpers/parse-helpers'

// Every kind the classifier knows (a 413 is `context-too-long`, an unknown model `model-not-found`, …).
const errorKinds = PROVIDER_ERROR_KINDS as readonly [ProviderErrorKind, ...ProviderErrorKind[]]
const count = z.number().int().nonnegative().optional()
const turnResultShape = z.object({
  provider: z.enum(PROVIDER_IDS),
  complete: z.boolean(),
  truncated: z.boolean(),
  finishReason: z.enum(['stop', 'tool-calls', 'length', 'content-filter', 'error', 'paused', 'other']).nullable(),
  rawFinishReason: z.string().nullable(),
  text: z.string(),
  reasoning: z.string(),
  toolCalls: z.array(
    z.object({
      callId: z.string().min(1),
      callIdIsLocal: z.boolean(),
      name: z.string(),
      argumentsText: z.string(),
      arguments: z.record(z.string(), z.unknown()).optional(),
      closed: z.boolean(),
    }),
  ),
  hostedCalls: z.array(
    z.object({
      id: z.string().min(1),
      toolName: z.string(),
      kind: z.enum(['search', 'fetch', 'other']),
      queries: z.array(z.string()),
      url: z.string().optional(),
      status: z.enum(['running', 'completed', 'failed']),
      errorCode: z.string().optional(),
      sources: z.array(
        z.object({ url: z.string().min(1), title: z.string().optional(), pageAge: z.string().optional() }),
      ),
      suggestionsHtml: z.string().optional(),
    }),
  ),
  citations: z.array(
    z.object({
      url: z.string().min(1),
      title: z.string().optional(),
      citedText: z.string().optional(),
      supportedText: z.string().optional(),
      span: z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() }).optional(),
    }),
  ),
  usage: z.object({
    inputTokens: z.unknown(),
    outputTokens: z.unknown(),
    reasoningTokens: z.unknown(),
    cachedInputTokens: z.unknown(),
  }),
  error: z
    .object({
      kind: z.enum(errorKinds),
      message: z.string().min(1),
      retryable: z.boolean(),
      status: count,
      code: z.string().optional(),
      retryAfterMs: count,
      requestId: z.string().optional(),
    })
    .optional(),
})

/** Invariants every parse must satisfy, whatever the bytes. */
function checkWellFormed(parsed: ParsedBody): void {
  turnResultShape.parse(parsed.result)
  // A citation's span, when the result keeps one, lies within the answer text.
  for (const citation of parsed.result.citations)
    if (citation.span)
      expect(citation.span.start <= citation.span.end && citation.span.end <= parsed.result.text.length).toBe(true)
  const finishes = parsed.events.filter((e) => e.type === 'finish')
  expect(finishes).toHaveLength(1)
  const started = new Set<string>()
  const ended = new Set<string>()
  for (const event of parsed.events as StreamEvent[]) {
    if (event.type === 'tool-call-start') {
      expect(started.has(event.callId)).toBe(false)
      started.add(event.callId)
    } else if (event.type === 'tool-call-delta') {
      expect(started.has(event.callId) && !ended.has(event.callId)).toBe(true)
    } else if (event.type === 'tool-call-end') {
      expect(started.has(event.callId)).toBe(true)
      ended.add(event.callId)
    }
  }
  if (mayRunToolCalls(parsed.result)) {
    expect(parsed.result.complete && !parsed.result.truncated && parsed.result.error === undefined).toBe(true)
    for (const call of parsed.result.toolCalls) expect(call.closed).toBe(true)
  }
}

const provider = fc.constantFrom<ProviderId>(...PROVIDER_IDS)
const splits = (length: number) => fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, length) }), { maxLength: 16 })

describe('random bytes', () => {
  it('never crash, are never executable, and end truncated or in a typed error', () => {
    fc.assert(
      fc.property(
        provider,
        fc
          .uint8Array({ minLength: 0, maxLength: 3000 })
          .chain((bytes) => fc.tuple(fc.constant(bytes), splits(bytes.length))),
        (id, [bytes, cuts]) => {
          const parsed = parseInReads(
            id,
            bytes,
            [...cuts].sort((a, b) => a - b),
          )
          checkWellFormed(parsed)
          expect(mayRunToolCalls(parsed.result)).toBe(false)
          expect(parsed.result.error !== undefined || parsed.result.truncated).toBe(true)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('random text made of protocol-looking lines ends in a typed error or truncation', () => {
    const line = fc.oneof(
      fc.constantFrom(
        'data: ',
        'event: ',
        ': comment',
        'id: 1',
        'retry: x',
        'data: [DONE]',
        'data: {',
        'data: {}',
        '\r',
        '',
      ),
      fc.string({ maxLength: 40 }),
      fc.json().map((j) => `data: ${j}`),
    )
    fc.assert(
      fc.property(
        provider,
        fc.array(line, { maxLength: 60 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        (id, lines, eol) => {
          const bytes = new TextEncoder().encode(lines.join(eol))
          const parsed = parseInReads(id, bytes, [bytes.length >> 1])
          checkWellFormed(parsed)
          if (!parsed.result.complete) expect(parsed.result.truncated || parsed.result.error !== undefined).toBe(true)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('with a non-2xx status, any body becomes a typed HTTP error', () => {
    fc.assert(
      fc.property(
        provider,
        fc.uint8Array({ maxLength: 2000 }),
        fc.integer({ min: 400, max: 599 }),
        (id, bytes, status) => {
          const parsed = parseInReads(id, bytes, [], { response: { status } })
          checkWellFormed(parsed)
          expect(parsed.result.error?.status).toBe(status)
          expect(parsed.result.complete).toBe(false)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a huge line without any newline finishes (no hang, no quadratic buffering)', () => {
    const big = new TextEncoder().encode(`data: {"x":"${'a'.repeat(4_000_000)}`)
    for (const id of PROVIDER_IDS) {
      const reads = Array.from({ length: 250 }, (_, i) => (i + 1) * 16_000).filter((n) => n < big.length)
      const parsed = parseInReads(id, big, reads)
      checkWellFormed(parsed)
      expect(mayRunToolCalls(parsed.result)).toBe(false)
    }
  })
})

describe('mutated recordings', () => {
  const bodies = allFixtureBodies().filter((b) => b.bytes.length > 0)
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }),
    fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 400 }) }),
    fc.record({
      kind: fc.constant('insert' as const),
      at: fc.nat(),
      bytes: fc.uint8Array({ minLength: 1, maxLength: 40 }),
    }),
  )
  type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never
  const apply = (bytes: Uint8Array, m: Mutation): Uint8Array => {
    const at = m.at % (bytes.length + 1)
    const before = bytes.subarray(0, at)
    switch (m.kind) {
      case 'flip': {
        const copy = bytes.slice()
        if (at < copy.length) copy[at] = m.value
        return copy
      }
      case 'delete':
        return concat(before, bytes.subarray(at + m.length))
      case 'duplicate':
        return concat(bytes.subarray(0, at + m.length), bytes.subarray(at))
      case 'insert':
        return concat(before, m.bytes, bytes.subarray(at))
    }
  }

  it('has recordings to mutate', () => {
    expect(bodies.length).toBeGreaterThan(0)
  })

  it('never crash and always yield a well-formed result', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Math.max(0, bodies.length - 1) }),
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        (index, mutations, splitSeed) => {
          const body = bodies[index]!
          const bytes = mutations.reduce(apply, body.bytes)
          const parsed = parseInReads(
            body.provider,
            bytes,
            bytes.length > 2 ? [1 + (splitSeed % (bytes.length - 1))] : [],
          )
          checkWellFormed(parsed)
        },
      ),
      { numRuns: 600 },
    )
  })
})

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
