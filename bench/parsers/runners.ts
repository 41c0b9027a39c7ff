// The contenders, each fed the same reads of the same bytes, each checked after the timed part
// (a run that did not parse the whole stream correctly throws, so a broken parser can't look fast).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createParser } from 'eventsource-parser'
import { createStreamParser } from '../../src/main/providers/stream-parser'
import type { ProviderId } from '../../src/shared/provider-id'
import type { RoundResult } from '../../src/shared/round-result'
import type { SyntheticStream } from './streams'

/** One timed run. `capped`: the run was stopped at the deadline, `ms` is then a lower bound. */
export interface Sample {
  /** Wall-clock milliseconds. */
  ms: number
  /** Process CPU milliseconds (all threads: includes V8's background GC work). */
  cpuMs: number
  capped: boolean
}

/** Starts a wall-clock and CPU clock; `stop()` reads both. */
export function startClock(): { stop(capped?: boolean): Sample } {
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  return {
    stop(capped = false) {
      const ms = performance.now() - t0
      const cpu = process.cpuUsage(c0)
      return { ms, cpuMs: (cpu.user + cpu.system) / 1000, capped }
    },
  }
}

export type Runner = () => Promise<Sample>

/** An SDK run that takes longer than this is aborted (the SDK may be quadratic on huge events). */
export const SDK_DEADLINE_MS = 4_000

function fail(who: string, stream: SyntheticStream, what: string): never {
  throw new Error(`[${who}] ${stream.provider}/${stream.kind}: ${what}`)
}

// ---------------------------------------------------------------------------------------------
// Floor: TextDecoder(stream) + eventsource-parser + JSON.parse of each data payload, nothing else.

export function floorRunner(stream: SyntheticStream, slices: readonly Uint8Array[]): Runner {
  return async () => {
    let parsed = 0
    let sink = 0
    const clock = startClock()
    const decoder = new TextDecoder('utf-8')
    const sse = createParser({
      onEvent(event) {
        const data = event.data
        if (data === '[DONE]') return
        const value: unknown = JSON.parse(data)
        if (value !== null) sink++
        parsed++
      },
    })
    for (let i = 0; i < slices.length; i++) sse.feed(decoder.decode(slices[i], { stream: true }))
    const rest = decoder.decode()
    if (rest.length > 0) sse.feed(rest)
    const sample = clock.stop()
    if (parsed !== stream.jsonEvents || sink !== parsed)
      fail('floor', stream, `parsed ${parsed} JSON events, expected ${stream.jsonEvents}`)
    return sample
  }
}

// ---------------------------------------------------------------------------------------------
// The Keel parser

export function verifyResult(
  who: string,
  stream: SyntheticStream,
  result: RoundResult,
  events: number,
  deltaEvents: number,
): void {
  if (result.error) fail(who, stream, `error: ${result.error.kind}: ${result.error.message}`)
  if (!result.complete) fail(who, stream, 'not complete')
  if (result.truncated) fail(who, stream, 'truncated')
  if (result.finishReason !== stream.expectedFinish)
    fail(who, stream, `finish ${result.finishReason}, expected ${stream.expectedFinish}`)
  if (result.text.length !== stream.expectedText.length)
    fail(who, stream, `text length ${result.text.length}, expected ${stream.expectedText.length}`)
  if (result.text !== stream.expectedText) fail(who, stream, 'text differs')
  if (stream.expectedArguments === undefined) {
    if (result.toolCalls.length !== 0) fail(who, stream, `${result.toolCalls.length} tool calls, expected none`)
    // One text-delta event per wire delta (the empty first deltas emit nothing), plus `finish`.
    if (deltaEvents !== stream.deltas) fail(who, stream, `${deltaEvents} text-delta events, expected ${stream.deltas}`)
  } else {
    const call = result.toolCalls[0]
    if (result.toolCalls.length !== 1 || !call) fail(who, stream, `${result.toolCalls.length} tool calls, expected 1`)
    if (!call.closed) fail(who, stream, 'tool call not closed')
    if (call.argumentsText.length !== stream.expectedArguments.length)
      fail(who, stream, `argument length ${call.argumentsText.length}, expected ${stream.expectedArguments.length}`)
    if (call.argumentsText !== stream.expectedArguments) fail(who, stream, 'argument text differs')
    if (call.arguments === undefined || typeof call.arguments.content !== 'string')
      fail(who, stream, 'arguments not parsed')
    // Gemini's partialArgs rebuild the JSON at the close: one delta event carries the whole text.
    const expectedDeltaEvents = stream.provider === 'gemini' ? 1 : stream.deltas
    if (deltaEvents !== expectedDeltaEvents)
      fail(who, stream, `${deltaEvents} tool-call-delta events, expected ${expectedDeltaEvents}`)
  }
  if (events <= deltaEvents) fail(who, stream, `only ${events} events`)
}

function countDeltas(events: readonly { type: string }[], type: string): number {
  let n = 0
  for (let i = 0; i < events.length; i++) if (events[i]!.type === type) n++
  return n
}

/** Synchronous push of every read (what the main process does with each network read). */
export function parserRunner(stream: SyntheticStream, slices: readonly Uint8Array[]): Runner {
  const deltaType = stream.expectedArguments === undefined ? 'text-delta' : 'tool-call-delta'
  return async () => {
    let events = 0
    let deltas = 0
    const clock = startClock()
    const parser = createStreamParser(stream.provider, { localIdPrefix: 'bench_' })
    for (let i = 0; i < slices.length; i++) {
      const batch = parser.push(slices[i]!)
      events += batch.length
      deltas += countDeltas(batch, deltaType)
    }
    const end = parser.end()
    events += end.events.length
    const sample = clock.stop()
    verifyResult('parser', stream, end.result, events, deltas)
    return sample
  }
}

// ---------------------------------------------------------------------------------------------
// Transport: a Response whose body streams the reads one per pull, like a socket would.

export function makeResponse(slices: readonly Uint8Array[], deadline?: Deadline): Response {
  let i = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (deadline && performance.now() > deadline.at) {
        // Checked on every read: a quadratic SDK spends its time between reads, inside one huge event.
        deadline.hit = true
        controller.error(new Error('bench deadline'))
        return
      }
      const slice = slices[i++]
      if (slice === undefined) controller.close()
      else controller.enqueue(slice)
    },
  })
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'x-request-id': 'req_bench',
      'request-id': 'req_bench',
    },
  })
}

/** The parser fed from a Response body: the same transport cost the SDKs pay, for a like-for-like comparison. */
export function parserOverResponseRunner(stream: SyntheticStream, slices: readonly Uint8Array[]): Runner {
  const deltaType = stream.expectedArguments === undefined ? 'text-delta' : 'tool-call-delta'
  return async () => {
    let events = 0
    let deltas = 0
    const clock = startClock()
    const response = makeResponse(slices)
    const reader = response.body!.getReader()
    const parser = createStreamParser(stream.provider, { localIdPrefix: 'bench_' })
    for (;;) {
      const read = await reader.read()
      if (read.done) break
      const batch = parser.push(read.value)
      events += batch.length
      deltas += countDeltas(batch, deltaType)
    }
    const end = parser.end()
    events += end.events.length
    const sample = clock.stop()
    verifyResult('parser/Response', stream, end.result, events, deltas)
    return sample
  }
}

// ---------------------------------------------------------------------------------------------
// Official SDKs, with a custom fetch that returns the same reads (no network).

/** An SDK run that threw or returned a wrong result: the comparison is reported as skipped. */
export class SdkFailure extends Error {
  override name = 'SdkFailure'
}

function guarded(label: string, runner: NonNullable<SdkComparison['runner']>): NonNullable<SdkComparison['runner']> {
  return (stream, slices) => {
    const run = runner(stream, slices)
    return async () => {
      try {
        return await run()
      } catch (error) {
        throw new SdkFailure(
          `${label} on ${stream.provider}/${stream.kind}: ${(error as Error)?.message ?? String(error)}`,
        )
      }
    }
  }
}

export interface SdkComparison {
  /** Which SDK call is measured, e.g. `openai@6.49.0 chat.completions.create({stream:true})`. */
  label: string
  /** Present when the SDK can run here; otherwise `skipped` says why. */
  runner?: (stream: SyntheticStream, slices: readonly Uint8Array[]) => Runner
  skipped?: string
}

export interface Deadline {
  at: number
  hit: boolean
}

interface FakeFetchState {
  slices: readonly Uint8Array[]
  deadline: Deadline
}

function newState(): FakeFetchState {
  return { slices: [], deadline: { at: Infinity, hit: false } }
}

function fakeFetch(state: FakeFetchState): typeof fetch {
  return (async () => makeResponse(state.slices, state.deadline)) as unknown as typeof fetch
}

/** Runs one SDK pass; a pass stopped by the deadline becomes a capped sample (a lower bound). */
async function withDeadline(
  state: FakeFetchState,
  slices: readonly Uint8Array[],
  pass: () => Promise<void>,
): Promise<Sample> {
  state.slices = slices
  const clock = startClock()
  state.deadline = { at: performance.now() + SDK_DEADLINE_MS, hit: false }
  try {
    await pass()
  } catch (error) {
    if (state.deadline.hit) return clock.stop(true)
    throw error
  }
  return clock.stop()
}

const BASE_URL = 'http://127.0.0.1:1'
const DUMMY_KEY = 'sk-bench-dummy'

function versionOf(pkg: string): string {
  try {
    const file = join(import.meta.dirname, '..', '..', 'node_modules', pkg, 'package.json')
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
  } catch {
    return '?'
  }
}

/** Loads the SDKs and returns the comparison for each provider (never throws: failures become `skipped`). */
export async function loadSdkComparisons(): Promise<Record<ProviderId, SdkComparison>> {
  const out: Record<ProviderId, SdkComparison> = {
    'openai-responses': { label: 'openai responses.create({stream:true})', skipped: 'not loaded' },
    'openai-chat': { label: 'openai chat.completions.create({stream:true})', skipped: 'not loaded' },
    anthropic: { label: '@anthropic-ai/sdk messages.create({stream:true})', skipped: 'not loaded' },
    gemini: {
      label: '@google/genai',
      skipped:
        'no Google SDK installed (@google/genai requires Node >= 22; this is Node ' + process.versions.node + ')',
    },
    'gemini-interactions': {
      label: '@google/genai',
      skipped:
        'no Google SDK installed (@google/genai requires Node >= 22; this is Node ' + process.versions.node + ')',
    },
  }

  try {
    const { default: OpenAI } = await import('openai')
    const v = versionOf('openai')
    const state = newState()
    const client = new OpenAI({ apiKey: DUMMY_KEY, baseURL: BASE_URL, maxRetries: 0, fetch: fakeFetch(state) })
    out['openai-chat'] = {
      label: `openai@${v} chat.completions.create({stream:true})`,
      runner: (stream, slices) => async () => {
        const parts: string[] = []
        const sample = await withDeadline(state, slices, async () => {
          const sdkStream = await client.chat.completions.create({
            model: 'gpt-4o',
            messages: [{ role: 'user', content: 'bench' }],
            stream: true,
            stream_options: { include_usage: true },
          })
          for await (const chunk of sdkStream) {
            const delta = chunk.choices[0]?.delta
            if (!delta) continue
            if (delta.content) parts.push(delta.content)
            const args = delta.tool_calls?.[0]?.function?.arguments
            if (args) parts.push(args)
          }
        })
        if (!sample.capped) checkSdkJoin('openai chat SDK', stream, parts)
        return sample
      },
    }
    out['openai-responses'] = {
      label: `openai@${v} responses.create({stream:true})`,
      runner: (stream, slices) => async () => {
        const parts: string[] = []
        let completed = false
        const sample = await withDeadline(state, slices, async () => {
          const sdkStream = await client.responses.create({ model: 'gpt-5.5', input: 'bench', stream: true })
          for await (const event of sdkStream) {
            if (event.type === 'response.output_text.delta') parts.push(event.delta)
            else if (event.type === 'response.function_call_arguments.delta') parts.push(event.delta)
            else if (event.type === 'response.completed') completed = true
          }
        })
        if (!sample.capped) {
          if (!completed) fail('openai responses SDK', stream, 'no response.completed')
          checkSdkJoin('openai responses SDK', stream, parts)
        }
        return sample
      },
    }
  } catch (error) {
    const why = `openai SDK failed to load: ${(error as Error).message}`
    out['openai-chat'].skipped = why
    out['openai-responses'].skipped = why
  }

  try {
    const { default: Anthropic } = await import('@anthropic-ai/sdk')
    const v = versionOf('@anthropic-ai/sdk')
    const state = newState()
    const client = new Anthropic({ apiKey: DUMMY_KEY, baseURL: BASE_URL, maxRetries: 0, fetch: fakeFetch(state) })
    out.anthropic = {
      label: `@anthropic-ai/sdk@${v} messages.create({stream:true})`,
      runner: (stream, slices) => async () => {
        const parts: string[] = []
        let stopped = false
        const sample = await withDeadline(state, slices, async () => {
          const sdkStream = await client.messages.create({
            model: 'claude-opus-4-7',
            max_tokens: 32000,
            messages: [{ role: 'user', content: 'bench' }],
            stream: true,
          })
          for await (const event of sdkStream) {
            if (event.type === 'content_block_delta') {
              if (event.delta.type === 'text_delta') parts.push(event.delta.text)
              else if (event.delta.type === 'input_json_delta') parts.push(event.delta.partial_json)
            } else if (event.type === 'message_stop') stopped = true
          }
        })
        if (!sample.capped) {
          if (!stopped) fail('anthropic SDK', stream, 'no message_stop')
          checkSdkJoin('anthropic SDK', stream, parts)
        }
        return sample
      },
    }
  } catch (error) {
    out.anthropic.skipped = `@anthropic-ai/sdk failed to load: ${(error as Error).message}`
  }

  for (const comparison of Object.values(out)) {
    if (!comparison.runner) continue
    delete comparison.skipped
    comparison.runner = guarded(comparison.label, comparison.runner)
  }
  return out
}

function checkSdkJoin(who: string, stream: SyntheticStream, parts: string[]): void {
  const joined = parts.join('')
  if (joined.length !== stream.expectedSdkJoin.length || joined !== stream.expectedSdkJoin)
    fail(who, stream, `collected ${joined.length} chars, expected ${stream.expectedSdkJoin.length}`)
}
