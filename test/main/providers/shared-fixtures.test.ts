// Replays every recorded provider stream in ../shared/fixtures (beside the clone) and checks what
// each recording shows (fixtures/SOURCES.md). The folder is not part of the repository: when it is
// absent the suite reports one skipped test saying so.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { FinishReason } from '../../../src/shared/finish-reason'
import type { ProviderErrorKind } from '../../../src/shared/provider-error'
import { isProviderId, type ProviderId } from '../../../src/shared/provider-id'
import { mayRunToolCalls } from '../../../src/main/providers/turn-verdict'
import { parseWhole, readBytes } from '../../helpers/parse-helpers'

const SHARED = resolve(import.meta.dirname, '../../../../shared/fixtures')
const present = existsSync(SHARED)

interface Expectation {
  /** HTTP status the body came with. */
  status?: number
  complete: boolean
  truncated: boolean
  executable: boolean
  finishReason: FinishReason | null
  rawFinishReason: string | null
  /** Text the answer must contain (or `''` for none). */
  text?: string
  reasoning?: 'some' | 'none'
  /** [callId or 'local', name, arguments or null]. */
  calls?: [string, string, Record<string, unknown> | null][]
  usage?: [number | undefined, number | undefined]
  error?: { kind: ProviderErrorKind; retryable: boolean; status?: number }
}

const ok = (finishReason: FinishReason, raw: string, rest: Partial<Expectation> = {}): Expectation => ({
  complete: true,
  truncated: false,
  executable: finishReason === 'tool-calls',
  finishReason,
  rawFinishReason: raw,
  ...rest,
})
const httpError = (status: number, kind: ProviderErrorKind): Expectation => ({
  status,
  complete: false,
  truncated: false,
  executable: false,
  finishReason: 'error',
  rawFinishReason: null,
  text: '',
  calls: [],
  error: { kind, retryable: false, status },
})

/** One entry per body file; `.orig.*` recordings are checked against their wrapped `.sse` twin below. */
const EXPECTED: Record<string, Expectation> = {
  // OpenAI Responses: no [DONE]; call_id (not the fc_ item id) is the callId.
  'openai-responses/text-basic.sse': ok('stop', 'completed', { text: 'pong', calls: [], usage: [11, 5] }),
  'openai-responses/tool-call-single-2025-03-no-sequence-number.sse': ok('tool-calls', 'completed', {
    calls: [['call_kL0PCQV7M2WMoVX8V8OtYSAL', 'get_capital', { country: 'France' }]],
  }),
  'openai-responses/text-after-tool-result-2025-03.sse': ok('stop', 'completed', { text: 'Paris', calls: [] }),
  'openai-responses/tool-call-single-11-arg-deltas.sse': ok('tool-calls', 'completed', {
    calls: [['call_sVidsfFJ6zlzRpelrPkTPlpd', 'multiply', { a: 1231, b: 2331 }]],
  }),
  'openai-responses/tool-calls-parallel-2.sse': ok('tool-calls', 'completed', {
    calls: [
      ['call_X6173PYkiubC8YJRPzr8osHX', 'secret_retrieval_tool', { password: 'mellon' }],
      ['call_OiUVT2dz7nh3PHrEPGnvLPyi', 'secret_retrieval_tool', { password: 'radiance' }],
    ],
  }),
  'openai-responses/text-after-parallel-tool-results.sse': ok('stop', 'completed', { calls: [] }),
  'openai-responses/reasoning-then-tool-call.sse': ok('tool-calls', 'completed', {
    calls: [['call_CWXgs68YprAjp6t0371hiPOI', 'final_result', { result: 6666 }]],
  }),
  'openai-responses/reasoning-text-and-tool-call.sse': ok('tool-calls', 'completed', {
    text: 'PotatoLand',
    calls: [['call_LabG58Uhrq9kZvR52BYKjToD', 'get_capital', { country: 'PotatoLand' }]],
  }),
  'openai-responses/incomplete-max-output-tokens.sse': {
    complete: true,
    truncated: true,
    executable: false,
    finishReason: 'length',
    rawFinishReason: 'max_output_tokens',
    text: 'Alabama',
    calls: [],
    usage: [14, 50],
  },
  'openai-responses/refusal.sse': ok('content-filter', 'completed', { text: "I'm sorry", calls: [] }),
  'openai-responses/error-insufficient-quota.sse': {
    complete: true,
    truncated: false,
    executable: false,
    finishReason: 'error',
    rawFinishReason: 'failed',
    text: '',
    calls: [],
    error: { kind: 'quota-exceeded', retryable: false },
  },
  'openai-responses/reasoning-summary-then-tool-call.sse': ok('tool-calls', 'completed', {
    reasoning: 'some',
    calls: [['call_AB6AaRZ1FYZB2RwS6A5vbdqn', 'calculator', { a: 12, b: 7, op: 'add' }]],
  }),
  'openai-responses/http-401-invalid-api-key.json': httpError(401, 'authentication'),

  // OpenAI Chat Completions: fragments joined by index; [DONE] ends the transport.
  'openai-chat/text-basic-with-usage-chunk.sse': ok('stop', 'stop', { calls: [], usage: [14, 30] }),
  'openai-chat/tool-call-single.sse': ok('tool-calls', 'tool_calls', {
    calls: [['call_c91SqDXlYFuETYv8mUHzz6pp', 'GetWeatherArgs', { city: 'Edinburgh', country: 'UK', units: 'c' }]],
  }),
  'openai-chat/tool-calls-parallel-2.sse': ok('tool-calls', 'tool_calls', {
    calls: [
      ['call_JMW1whyEaYG438VE1OIflxA2', 'GetWeatherArgs', { city: 'Edinburgh', country: 'GB', units: 'c' }],
      ['call_DNYTawLBoN8fj3KN6qU9N1Ou', 'get_stock_price', { ticker: 'AAPL', exchange: 'NASDAQ' }],
    ],
  }),
  'openai-chat/length-truncated-max-tokens-1.sse': {
    complete: true,
    truncated: true,
    executable: false,
    finishReason: 'length',
    rawFinishReason: 'length',
    calls: [],
  },
  'openai-chat/refusal.sse': ok('content-filter', 'stop', { text: "I'm sorry", calls: [] }),
  'openai-chat/multiple-choices-n3.sse': ok('stop', 'stop', { text: 'San Francisco', calls: [] }),
  'openai-chat/tool-calls-parallel-2-with-obfuscation.sse': ok('tool-calls', 'tool_calls', {
    calls: [
      ['call_M26z19sncd7b4LBgzKRRbaUE', 'secret_retrieval_tool', { password: 'mellon' }],
      ['call_KPXe5NX7IcKkaBUhc6dto2QV', 'secret_retrieval_tool', { password: 'radiance' }],
    ],
  }),
  'openai-chat/length-truncated-text.sse': {
    complete: true,
    truncated: true,
    executable: false,
    finishReason: 'length',
    rawFinishReason: 'length',
    text: 'Alabama',
    calls: [],
    usage: [14, 50],
  },
  'openai-chat/azure-prompt-filter-first-chunk-empty-choices.sse': ok('stop', 'stop', { text: 'Denmark', calls: [] }),
  // No finish_reason ever: the call is shown but the turn did not verifiably end for tool calls.
  'openai-chat/compat-openrouter-kimi-id-repeated-no-finish-reason.sse': {
    complete: true,
    truncated: false,
    executable: false,
    finishReason: null,
    rawFinishReason: null,
    calls: [['0', 'llm_version', {}]],
  },
  'openai-chat/compat-openrouter-kimi-args-without-name.sse': ok('tool-calls', 'tool_calls', {
    calls: [['llm_version:0', 'llm_version', {}]],
  }),
  'openai-chat/http-401-invalid-api-key.json': httpError(401, 'authentication'),

  // Anthropic: message_stop ends; "" input means {}; max_tokens leaves the tool block open.
  'anthropic/text-basic.sse': ok('stop', 'end_turn', { text: 'Hello', calls: [], usage: [10, 4] }),
  'anthropic/text-then-tool-use.sse': ok('tool-calls', 'tool_use', {
    calls: [['toolu_01NRLabsLyVHZPKxbKvkfSMn', 'get_weather', { location: 'Paris' }]],
  }),
  'anthropic/text-then-tool-use-no-args.sse': ok('tool-calls', 'tool_use', {
    calls: [['toolu_01QE1WLsSVp5hy5Q3GmGTmjP', 'updateIssueList', {}]],
  }),
  'anthropic/thinking-then-tool-use-empty-input.sse': ok('tool-calls', 'tool_use', {
    reasoning: 'some',
    calls: [['toolu_01825dXWLSoJwCst1qTsiWdb', 'fixed_version', {}]],
  }),
  'anthropic/tool-use-parallel-2.sse': ok('tool-calls', 'tool_use', {
    calls: [
      ['toolu_015cUijgET79LXjgeYQerN2h', 'secret_retrieval_tool', { password: 'mellon' }],
      ['toolu_01XZTimPexA7h3EVKesnKt5T', 'secret_retrieval_tool', { password: 'radiance' }],
    ],
  }),
  'anthropic/tool-use-only-haiku-4-5.sse': ok('tool-calls', 'tool_use', {
    text: '',
    calls: [['toolu_018acGYLtfR52q9yDbWaEdQZ', 'get_weather', { location: 'San Francisco, CA', units: 'f' }]],
  }),
  'anthropic/tool-use-truncated-max-tokens.sse': {
    complete: true,
    truncated: true,
    executable: false,
    finishReason: 'length',
    rawFinishReason: 'max_tokens',
    calls: [['toolu_01EKqbqmZrGRXy18eN7m9kvY', 'make_file', null]],
  },
  'anthropic/text-truncated-max-tokens.sse': {
    complete: true,
    truncated: true,
    executable: false,
    finishReason: 'length',
    rawFinishReason: 'max_tokens',
    calls: [],
  },
  'anthropic/thinking-then-text.sse': ok('stop', 'end_turn', { reasoning: 'some', calls: [] }),
  'anthropic/redacted-thinking-then-text.sse': ok('stop', 'end_turn', { calls: [] }),
  'anthropic/text-after-tool-result.sse': ok('stop', 'end_turn', { text: '0.32a0', calls: [] }),
  'anthropic/http-401-authentication-error.json': httpError(401, 'authentication'),

  // Gemini: EOF after finishReason; STOP + calls = tool turn; ids absent → local, distinct.
  'gemini/text-basic.sse': ok('stop', 'STOP', { text: 'Paris', calls: [], usage: [13, 8] }),
  'gemini/tool-call-single-no-id.sse': ok('tool-calls', 'STOP', {
    calls: [['local', 'get_capital', { country: 'France' }]],
  }),
  'gemini/tool-calls-parallel-2-one-chunk.sse': ok('tool-calls', 'STOP', {
    calls: [
      ['local', 'secret_retrieval_tool', { password: 'mellon' }],
      ['local', 'secret_retrieval_tool', { password: 'radiance' }],
    ],
  }),
  'gemini/tool-call-thought-signature-then-empty-stop-chunk.sse': ok('tool-calls', 'STOP', {
    calls: [['local', 'get_country', {}]],
  }),
  'gemini/text-truncated-max-tokens.sse': {
    complete: true,
    truncated: true,
    executable: false,
    finishReason: 'length',
    rawFinishReason: 'MAX_TOKENS',
    calls: [],
  },
  'gemini/thinking-summaries-then-text.sse': ok('stop', 'STOP', { reasoning: 'some', text: '3', calls: [] }),
  'gemini/vertex-stream-function-call-arguments-2-calls.sse': ok('tool-calls', 'STOP', {
    calls: [
      ['local', 'getWeather', { location: 'Boston' }],
      ['local', 'getWeather', { location: 'San Francisco' }],
    ],
  }),
  'gemini/vertex-stream-function-call-arguments-array-missing-terminal.sse': ok('tool-calls', 'STOP', {
    calls: [
      [
        'local',
        'writeItems',
        {
          operations: [
            { action: 'add', description: 'Fresh red apple', itemid: 'apple_001', price: 0.5 },
            { action: 'add', description: 'Ripe yellow banana', itemid: 'banana_001', price: 0.3 },
          ],
        },
      ],
    ],
  }),
  'gemini/vertex-stream-function-call-arguments-4-calls-with-thought.sse': ok('tool-calls', 'STOP', {
    reasoning: 'some',
    calls: [
      ['local', 'read_theme', {}],
      ['local', 'read_screen', { id: 'A' }],
      ['local', 'read_screen', { id: 'B' }],
      ['local', 'read_screen', { id: 'C' }],
    ],
  }),
  'gemini/tool-call-single-gemini-2-0-flash.sse': ok('tool-calls', 'STOP', {
    calls: [['local', 'customDivide', { denominator: 2, numerator: 100 }]],
  }),
  'gemini/no-alt-sse-json-array-thought-then-tool-call.json': ok('tool-calls', 'STOP', {
    reasoning: 'some',
    calls: [['local', 'pelican_name_generator', {}]],
  }),
  'gemini/no-alt-sse-json-array-thought-then-tool-call.as-sse.sse': ok('tool-calls', 'STOP', {
    reasoning: 'some',
    calls: [['local', 'pelican_name_generator', {}]],
  }),
  'gemini/http-400-invalid-api-key-served-as-event-stream.json': httpError(400, 'authentication'),

  // Gemini Interactions: interaction.completed's status decides; step id is the callId.
  'gemini-interactions/steps-text-basic.sse': ok('stop', 'completed', {
    text: "I'm doing great",
    calls: [],
    usage: [7, 141],
  }),
  'gemini-interactions/steps-tool-call-requires-action.sse': ok('tool-calls', 'requires_action', {
    calls: [['61nzpsv4', 'getWeather', { location: 'San Francisco' }]],
  }),
  'gemini-interactions/steps-text-after-function-result.sse': ok('stop', 'completed', {
    text: 'San Francisco',
    calls: [],
  }),
  'gemini-interactions/steps-multi-turn-stateful-turn1.sse': ok('stop', 'completed', { text: 'Madrid', calls: [] }),
  'gemini-interactions/steps-multi-turn-stateful-turn2.sse': ok('stop', 'completed', {
    text: 'Sagrada Familia',
    calls: [],
  }),
  // Built-in google_search steps run at Google: nothing for the harness to execute.
  'gemini-interactions/steps-google-search-builtin.sse': ok('stop', 'completed', { calls: [] }),
  'gemini-interactions/legacy-tool-call-requires-action.sse': ok('tool-calls', 'requires_action', {
    calls: [['odkxni2w', 'getWeather', { location: 'San Francisco' }]],
  }),
  'gemini-interactions/legacy-text-basic.sse': ok('stop', 'completed', { text: 'Hello!', calls: [] }),
  'gemini-interactions/legacy-text-after-function-result.sse': ok('stop', 'completed', { text: 'sunny', calls: [] }),
}

function listFixtures(): string[] {
  if (!present) return []
  return readdirSync(SHARED, { withFileTypes: true })
    .filter((d) => d.isDirectory() && isProviderId(d.name))
    .flatMap((d) => readdirSync(join(SHARED, d.name)).map((f) => `${d.name}/${f}`))
    .sort()
}

function providerOf(relative: string): ProviderId {
  const provider = relative.split('/')[0]
  if (!isProviderId(provider)) throw new Error(`not a provider folder: ${relative}`)
  return provider
}

/** Rebuilds the SSE framing the recorder stripped (SOURCES.md "Conventions used when wrapping"). */
function wrapRecordedLines(provider: ProviderId, lines: string[]): string {
  switch (provider) {
    case 'openai-chat':
      return lines.map((l) => `data: ${l}\n\n`).join('') + 'data: [DONE]\n\n'
    case 'gemini':
      return lines.map((l) => `data: ${l}\r\n\r\n`).join('')
    case 'gemini-interactions':
      return lines.map((l) => `event: ${(JSON.parse(l) as { event_type: string }).event_type}\ndata: ${l}\n\n`).join('')
    default:
      return lines.map((l) => `event: ${(JSON.parse(l) as { type: string }).type}\ndata: ${l}\n\n`).join('')
  }
}

const comparable = (r: ReturnType<typeof parseWhole>['result']) => ({
  complete: r.complete,
  truncated: r.truncated,
  finishReason: r.finishReason,
  rawFinishReason: r.rawFinishReason,
  text: r.text,
  reasoning: r.reasoning,
  calls: r.toolCalls.map((c) => [c.callIdIsLocal ? 'local' : c.callId, c.name, c.arguments ?? null]),
  usage: r.usage,
  error: r.error?.kind,
  executable: mayRunToolCalls(r),
})

describe.runIf(present)(`shared recorded fixtures (${SHARED})`, () => {
  const files = listFixtures()

  it('every recorded body has an expectation here (a new recording must be looked at)', () => {
    const bodies = files.filter((f) => !/\.orig[.-]/.test(f) && f !== 'SOURCES.md')
    expect(bodies.filter((f) => !(f in EXPECTED))).toEqual([])
    expect(Object.keys(EXPECTED).filter((f) => !files.includes(f))).toEqual([])
  })

  for (const [relative, want] of Object.entries(EXPECTED)) {
    it(`replays ${relative}`, () => {
      const provider = providerOf(relative)
      const { result, events } = parseWhole(provider, readBytes(join(SHARED, relative)), {
        response: { status: want.status ?? 200 },
      })
      expect({
        complete: result.complete,
        truncated: result.truncated,
        executable: mayRunToolCalls(result),
        finishReason: result.finishReason,
        rawFinishReason: result.rawFinishReason,
      }).toEqual({
        complete: want.complete,
        truncated: want.truncated,
        executable: want.executable,
        finishReason: want.finishReason,
        rawFinishReason: want.rawFinishReason,
      })
      if (want.text === '') expect(result.text).toBe('')
      else if (want.text !== undefined) expect(result.text).toContain(want.text)
      if (want.reasoning === 'some') expect(result.reasoning.length).toBeGreaterThan(0)
      if (want.calls) {
        expect(
          result.toolCalls.map((c) => [c.callIdIsLocal ? 'local' : c.callId, c.name, c.arguments ?? null]),
        ).toEqual(want.calls)
        // Every call id is unique within the turn, and local ids are never the function name.
        const ids = result.toolCalls.map((c) => c.callId)
        expect(new Set(ids).size).toBe(ids.length)
        for (const call of result.toolCalls) if (call.callIdIsLocal) expect(call.callId).not.toBe(call.name)
      }
      if (want.usage) expect([result.usage.inputTokens, result.usage.outputTokens]).toEqual(want.usage)
      if (want.error) {
        expect(result.error).toMatchObject(want.error)
      } else {
        expect(result.error).toBeUndefined()
      }
      // The event stream agrees with the result: one finish event, last; every call opened once.
      expect(events.filter((e) => e.type === 'finish')).toHaveLength(1)
      expect(events.at(-1)?.type === 'finish' || events.at(-2)?.type === 'finish').toBe(true)
      expect(
        events.filter((e) => e.type === 'tool-call-start').map((e) => (e.type === 'tool-call-start' ? e.callId : '')),
      ).toEqual(result.toolCalls.map((c) => c.callId))
      expect(
        events
          .filter((e) => e.type === 'text-delta')
          .map((e) => (e.type === 'text-delta' ? e.delta : ''))
          .join(''),
      ).toBe(result.text)
    })
  }

  for (const relative of files.filter((f) => /\.orig(-all-4-turns)?\.jsonl$/.test(f))) {
    it(`the original recording ${relative} parses like its wrapped twin`, () => {
      const provider = providerOf(relative)
      const lines = readFileSync(join(SHARED, relative), 'utf8')
        .split('\n')
        .filter((l) => l.trim().length > 0)
      if (relative.endsWith('-all-4-turns.jsonl')) {
        // Four consecutive responses of an agent loop: each one, on its own, is a complete turn.
        const turns: string[][] = [[]]
        for (const line of lines) {
          turns[turns.length - 1]!.push(line)
          if (/"type":"response\.(completed|incomplete|failed)"/.test(line)) turns.push([])
        }
        const complete = turns
          .filter((t) => t.length > 0)
          .map((t) => parseWhole(provider, wrapRecordedLines(provider, t)).result)
        expect(complete).toHaveLength(4)
        for (const turn of complete) expect(turn.complete && !turn.truncated && turn.error === undefined).toBe(true)
        const twin = parseWhole(
          provider,
          readBytes(join(SHARED, relative.replace('.orig-all-4-turns.jsonl', '.sse'))),
        ).result
        expect(comparable(complete[0]!)).toEqual(comparable(twin))
        return
      }
      const twinPath = join(SHARED, relative.replace('.orig.jsonl', '.sse'))
      const fromLines = parseWhole(provider, wrapRecordedLines(provider, lines)).result
      const twin = parseWhole(provider, readBytes(twinPath)).result
      expect(comparable(fromLines)).toEqual(comparable(twin))
    })
  }

  for (const relative of files.filter((f) => f.endsWith('.orig.json'))) {
    it(`the original recording ${relative} (segments as one JSON array) parses like its wrapped twin`, () => {
      const provider = providerOf(relative)
      const fromArray = parseWhole(provider, readBytes(join(SHARED, relative))).result
      const twin = parseWhole(provider, readBytes(join(SHARED, relative.replace('.orig.json', '.sse')))).result
      expect(comparable(fromArray)).toEqual(comparable(twin))
    })
  }
})

if (!present) {
  console.warn(`[shared-fixtures] ${SHARED} is absent: the recorded-stream suite is skipped`)
  describe('shared recorded fixtures', () => {
    it.skip(`../shared/fixtures is absent (looked at ${SHARED}): the recorded-stream suite did not run`, () => {})
  })
}
