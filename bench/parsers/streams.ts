// Synthetic, realistic provider streams for the parser benchmark, built in memory.
// Envelopes follow each API's documented stream format and the real captures in
// test/fixtures (ids, obfuscation fields, Anthropic's padded data lines, Gemini's CRLF framing
// and `": "` key style, Responses' repeated full text at the end, Chat's `[DONE]`).
import type { ProviderId } from '../../src/shared/provider-id'
import type { FinishReason } from '../../src/shared/finish-reason'
import { mulberry32 } from '../../test/support/seeded-random'

export type WorkloadKind = 'text' | 'tool' | 'tool10x'

export interface SyntheticStream {
  provider: ProviderId
  kind: WorkloadKind
  /** The whole body, UTF-8. */
  bytes: Uint8Array
  /** SSE events in the body (including non-JSON sentinels such as `[DONE]`). */
  events: number
  /** SSE events whose data is JSON (what the floor parses). */
  jsonEvents: number
  /** Text/argument deltas on the wire (the events that carry the payload). */
  deltas: number
  /** The turn's text, as the parser must return it. */
  expectedText: string
  /** The single tool call's argument text, as the parser must return it (undefined: no call). */
  expectedArguments: string | undefined
  expectedFinish: FinishReason
  /** What a consumer of the raw SDK stream collects by joining the delta fields. */
  expectedSdkJoin: string
  /** How the Gemini tool-call arguments are streamed (explained in the output). */
  note?: string
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

export const rng = mulberry32

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const HEX = '0123456789abcdef'

function randomString(rand: () => number, alphabet: string, length: number): string {
  let s = ''
  for (let i = 0; i < length; i++) s += alphabet[Math.floor(rand() * alphabet.length)]
  return s
}

// ---------------------------------------------------------------------------------------------
// Payload content: a few words per text delta, code-like tool arguments, both with multibyte
// characters (2-, 3- and 4-byte UTF-8), quotes, backslashes and newlines.

const WORDS = [
  'the',
  'stream',
  'parser',
  'reads',
  'every',
  'byte',
  'of',
  'a',
  'model',
  'answer',
  'and',
  'keeps',
  'tool',
  'calls',
  'apart',
  'café',
  'naïve',
  'résumé',
  'über',
  'données',
  '日本語',
  'テキスト',
  '中文',
  '—',
  '→',
  '…',
  '🚀',
  '😀',
  '"quoted"',
  'C:\\path\\file',
  'x²',
  '€42',
  'Ωmega',
  'ñandú',
  'fast',
  'slow',
]

/** `count` text deltas of 1–4 words each. */
export function makeTextDeltas(count: number, seed: number): string[] {
  const rand = rng(seed)
  const deltas: string[] = new Array<string>(count)
  for (let i = 0; i < count; i++) {
    const words = 1 + Math.floor(rand() * 4)
    let delta = ''
    for (let w = 0; w < words; w++) {
      const r = rand()
      delta += (r < 0.03 ? '\n\n' : r < 0.06 ? '\n' : ' ') + WORDS[Math.floor(rand() * WORDS.length)]!
    }
    deltas[i] = delta
  }
  return deltas
}

export const TOOL_NAME = 'write_file'
export const TOOL_PATH = 'src/generated/big-module.ts'

/** Source-like file content whose arguments JSON `{"path","content"}` is about `targetBytes` bytes. */
export function makeToolContent(targetBytes: number, seed: number): string {
  const rand = rng(seed)
  const lines: string[] = []
  let bytes = 0
  for (let i = 0; bytes < targetBytes - 60; i++) {
    const word = WORDS[Math.floor(rand() * WORDS.length)]!
    const line =
      i % 7 === 0
        ? `// ${word} — commentaire naïf ${i} 日本語のコメント\n`
        : `\texport const value_${i} = { label: "${word} ${i}", note: 'café ✓', n: ${Math.floor(rand() * 1e6)} }\n`
    lines.push(line)
    bytes += Buffer.byteLength(JSON.stringify(line)) - 2
  }
  return lines.join('')
}

/** Splits `text` into exactly `count` pieces of near-equal length, never inside a surrogate pair. */
export function splitEvenly(text: string, count: number): string[] {
  const pieces: string[] = new Array<string>(count)
  let start = 0
  for (let i = 1; i <= count; i++) {
    let end = i === count ? text.length : Math.round((i * text.length) / count)
    if (end > start && end < text.length) {
      const c = text.charCodeAt(end - 1)
      if (c >= 0xd800 && c <= 0xdbff) end++
    }
    if (end < start) end = start
    pieces[i - 1] = text.slice(start, end)
    start = end
  }
  return pieces
}

// ---------------------------------------------------------------------------------------------
// Builders

const enc = new TextEncoder()
const q = (s: string): string => JSON.stringify(s)

function finishStream(
  provider: ProviderId,
  kind: WorkloadKind,
  parts: string[],
  counts: { events: number; jsonEvents: number; deltas: number },
  expected: Omit<SyntheticStream, 'provider' | 'kind' | 'bytes' | 'events' | 'jsonEvents' | 'deltas'>,
): SyntheticStream {
  return { provider, kind, bytes: enc.encode(parts.join('')), ...counts, ...expected }
}

export interface BuildSpec {
  kind: WorkloadKind
  /** text: total events in the stream. tool: number of argument deltas. */
  events: number
  /** tool: approximate size of the argument JSON in bytes. */
  argumentBytes: number
}

export function buildStream(provider: ProviderId, spec: BuildSpec): SyntheticStream {
  switch (provider) {
    case 'openai-responses':
      return buildResponses(spec)
    case 'openai-chat':
      return buildChat(spec)
    case 'anthropic':
      return buildAnthropic(spec)
    case 'gemini':
      return buildGemini(spec)
    case 'gemini-interactions':
      return buildInteractions(spec)
  }
}

const toolArgumentsCache = new Map<number, { content: string; args: string }>()

/** The same call (`write_file {path, content}`) for every provider, built once per size. */
function toolArguments(spec: BuildSpec): { content: string; args: string } {
  let built = toolArgumentsCache.get(spec.argumentBytes)
  if (!built) {
    const content = makeToolContent(spec.argumentBytes, 7)
    built = { content, args: JSON.stringify({ path: TOOL_PATH, content }) }
    toolArgumentsCache.set(spec.argumentBytes, built)
  }
  return built
}

// OpenAI Responses ----------------------------------------------------------------------

function buildResponses(spec: BuildSpec): SyntheticStream {
  const rand = rng(101)
  const respId = `resp_${randomString(rand, HEX, 50)}`
  const msgId = `msg_${randomString(rand, HEX, 50)}`
  const fcId = `fc_${randomString(rand, HEX, 50)}`
  const callId = `call_${randomString(rand, ALNUM, 24)}`
  const model = 'gpt-5.5-2026-04-23'
  const tools =
    '[{"type":"function","description":"Write a file.","name":"write_file","parameters":{"properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"],"type":"object","additionalProperties":false},"strict":true}]'
  const response = (status: string, output: string, usage: string): string =>
    `{"id":"${respId}","object":"response","created_at":1778037182,"status":"${status}","background":false,"completed_at":${status === 'completed' ? 1778037190 : null},"error":null,"frequency_penalty":0.0,"incomplete_details":null,"instructions":null,"max_output_tokens":null,"max_tool_calls":null,"model":"${model}","moderation":null,"output":${output},"parallel_tool_calls":true,"presence_penalty":0.0,"previous_response_id":null,"prompt_cache_key":null,"prompt_cache_retention":"24h","reasoning":{"effort":"low","summary":null},"safety_identifier":null,"service_tier":"auto","store":false,"temperature":1.0,"text":{"format":{"type":"text"},"verbosity":"medium"},"tool_choice":"auto","tools":${tools},"top_logprobs":0,"top_p":0.98,"truncation":"disabled","usage":${usage},"user":null,"metadata":{}}`
  const usage =
    '{"input_tokens":58,"input_tokens_details":{"cached_tokens":0},"output_tokens":23000,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":23058}'
  const parts: string[] = []
  let seq = 0
  const ev = (type: string, body: string): void => {
    parts.push(`event: ${type}\ndata: {"type":"${type}",${body},"sequence_number":${seq++}}\n\n`)
  }
  ev('response.created', `"response":${response('in_progress', '[]', 'null')}`)
  ev('response.in_progress', `"response":${response('in_progress', '[]', 'null')}`)

  if (spec.kind === 'text') {
    const overhead = 8
    const deltas = makeTextDeltas(spec.events - overhead, 11)
    const text = deltas.join('')
    ev(
      'response.output_item.added',
      `"item":{"id":"${msgId}","type":"message","status":"in_progress","content":[],"role":"assistant"},"output_index":0`,
    )
    ev(
      'response.content_part.added',
      `"content_index":0,"item_id":"${msgId}","output_index":0,"part":{"type":"output_text","annotations":[],"logprobs":[],"text":""}`,
    )
    for (const d of deltas) {
      ev(
        'response.output_text.delta',
        `"content_index":0,"delta":${q(d)},"item_id":"${msgId}","logprobs":[],"obfuscation":"${randomString(rand, ALNUM, 1 + Math.floor(rand() * 15))}","output_index":0`,
      )
    }
    const part = `{"type":"output_text","annotations":[],"logprobs":[],"text":${q(text)}}`
    const item = `{"id":"${msgId}","type":"message","status":"completed","content":[${part}],"role":"assistant"}`
    ev(
      'response.output_text.done',
      `"content_index":0,"item_id":"${msgId}","logprobs":[],"output_index":0,"text":${q(text)}`,
    )
    ev('response.content_part.done', `"content_index":0,"item_id":"${msgId}","output_index":0,"part":${part}`)
    ev('response.output_item.done', `"item":${item},"output_index":0`)
    ev('response.completed', `"response":${response('completed', `[${item}]`, usage)}`)
    return finishStream(
      'openai-responses',
      spec.kind,
      parts,
      { events: seq, jsonEvents: seq, deltas: deltas.length },
      {
        expectedText: text,
        expectedArguments: undefined,
        expectedFinish: 'stop',
        expectedSdkJoin: text,
      },
    )
  }

  const { args } = toolArguments(spec)
  const deltas = splitEvenly(args, spec.events)
  ev(
    'response.output_item.added',
    `"item":{"id":"${fcId}","type":"function_call","status":"in_progress","arguments":"","call_id":"${callId}","name":"${TOOL_NAME}"},"output_index":0`,
  )
  for (const d of deltas) {
    ev(
      'response.function_call_arguments.delta',
      `"delta":${q(d)},"item_id":"${fcId}","obfuscation":"${randomString(rand, ALNUM, 1 + Math.floor(rand() * 15))}","output_index":0`,
    )
  }
  const item = `{"id":"${fcId}","type":"function_call","status":"completed","arguments":${q(args)},"call_id":"${callId}","name":"${TOOL_NAME}"}`
  ev('response.function_call_arguments.done', `"arguments":${q(args)},"item_id":"${fcId}","output_index":0`)
  ev('response.output_item.done', `"item":${item},"output_index":0`)
  ev('response.completed', `"response":${response('completed', `[${item}]`, usage)}`)
  return finishStream(
    'openai-responses',
    spec.kind,
    parts,
    { events: seq, jsonEvents: seq, deltas: deltas.length },
    {
      expectedText: '',
      expectedArguments: args,
      expectedFinish: 'tool-calls',
      expectedSdkJoin: args,
    },
  )
}

// OpenAI Chat Completions ---------------------------------------------------------------

function buildChat(spec: BuildSpec): SyntheticStream {
  const rand = rng(202)
  const id = `chatcmpl-${randomString(rand, ALNUM, 29)}`
  const callId = `call_${randomString(rand, ALNUM, 24)}`
  const head = `{"id":"${id}","object":"chat.completion.chunk","created":1766084439,"model":"gpt-4o-2024-08-06","service_tier":"default","system_fingerprint":"fp_e413f45763","usage":null,"choices":`
  const parts: string[] = []
  let events = 0
  const chunk = (choiceDelta: string, finish: string | null): void => {
    const obf = randomString(rand, ALNUM, Math.floor(rand() * 16))
    parts.push(
      `data: ${head}[{"index":0,"delta":${choiceDelta},"logprobs":null,"finish_reason":${finish === null ? 'null' : `"${finish}"`}}],"obfuscation":"${obf}"}\n\n`,
    )
    events++
  }
  const usageChunk = (): void => {
    parts.push(
      `data: {"id":"${id}","object":"chat.completion.chunk","created":1766084439,"model":"gpt-4o-2024-08-06","service_tier":"default","system_fingerprint":"fp_e413f45763","choices":[],"usage":{"prompt_tokens":83,"completion_tokens":23000,"total_tokens":23083,"prompt_tokens_details":{"cached_tokens":0,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,"accepted_prediction_tokens":0,"rejected_prediction_tokens":0}},"obfuscation":"${randomString(rand, ALNUM, 5)}"}\n\n`,
    )
    events++
  }
  const done = (): void => {
    parts.push('data: [DONE]\n\n')
    events++
  }

  if (spec.kind === 'text') {
    const overhead = 4 // role chunk, finish chunk, usage chunk, [DONE]
    const deltas = makeTextDeltas(spec.events - overhead, 22)
    chunk('{"role":"assistant","content":"","refusal":null}', null)
    for (const d of deltas) chunk(`{"content":${q(d)}}`, null)
    chunk('{}', 'stop')
    usageChunk()
    done()
    const text = deltas.join('')
    return finishStream(
      'openai-chat',
      spec.kind,
      parts,
      { events, jsonEvents: events - 1, deltas: deltas.length },
      {
        expectedText: text,
        expectedArguments: undefined,
        expectedFinish: 'stop',
        expectedSdkJoin: text,
      },
    )
  }

  const { args } = toolArguments(spec)
  const deltas = splitEvenly(args, spec.events)
  chunk('{"role":"assistant","content":null}', null)
  chunk(
    `{"tool_calls":[{"index":0,"id":"${callId}","type":"function","function":{"name":"${TOOL_NAME}","arguments":""}}]}`,
    null,
  )
  for (const d of deltas) chunk(`{"tool_calls":[{"index":0,"function":{"arguments":${q(d)}}}]}`, null)
  chunk('{}', 'tool_calls')
  usageChunk()
  done()
  return finishStream(
    'openai-chat',
    spec.kind,
    parts,
    { events, jsonEvents: events - 1, deltas: deltas.length },
    {
      expectedText: '',
      expectedArguments: args,
      expectedFinish: 'tool-calls',
      expectedSdkJoin: args,
    },
  )
}

// Anthropic Messages --------------------------------------------------------------------

function buildAnthropic(spec: BuildSpec): SyntheticStream {
  const rand = rng(303)
  const msgId = `msg_01${randomString(rand, ALNUM, 22)}`
  const toolId = `toolu_01${randomString(rand, ALNUM, 22)}`
  const parts: string[] = []
  let events = 0
  /** Anthropic pads many data lines with a variable run of spaces after the closing brace. */
  const pad = (): string => (rand() < 0.8 ? ' '.repeat(1 + Math.floor(rand() * 15)) : '')
  const ev = (type: string, body: string, padded = true): void => {
    parts.push(`event: ${type}\ndata: {"type":"${type}"${body ? `,${body}` : ''}}${padded ? pad() : ''}\n\n`)
    events++
  }
  const messageStart = (): void =>
    ev(
      'message_start',
      `"message":{"model":"claude-sonnet-4-5-20250929","id":"${msgId}","type":"message","role":"assistant","content":[],"stop_reason":null,"stop_sequence":null,"stop_details":null,"usage":{"input_tokens":377,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"cache_creation":{"ephemeral_5m_input_tokens":0,"ephemeral_1h_input_tokens":0},"output_tokens":2,"service_tier":"standard","inference_geo":"not_available"}}`,
    )
  const ping = (): void => {
    parts.push('event: ping\ndata: {"type": "ping"}\n\n')
    events++
  }
  const end = (stop: string): void => {
    ev(
      'message_delta',
      `"delta":{"stop_reason":"${stop}","stop_sequence":null,"stop_details":null},"usage":{"input_tokens":377,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":23000}`,
      false,
    )
    ev('message_stop', '')
  }

  if (spec.kind === 'text') {
    const overhead = 6 // message_start, block start, ping, block stop, message_delta, message_stop
    const deltas = makeTextDeltas(spec.events - overhead, 33)
    messageStart()
    ev('content_block_start', '"index":0,"content_block":{"type":"text","text":""}')
    ping()
    for (const d of deltas) ev('content_block_delta', `"index":0,"delta":{"type":"text_delta","text":${q(d)}}`)
    ev('content_block_stop', '"index":0')
    end('end_turn')
    const text = deltas.join('')
    return finishStream(
      'anthropic',
      spec.kind,
      parts,
      { events, jsonEvents: events, deltas: deltas.length },
      {
        expectedText: text,
        expectedArguments: undefined,
        expectedFinish: 'stop',
        expectedSdkJoin: text,
      },
    )
  }

  const { args } = toolArguments(spec)
  const deltas = splitEvenly(args, spec.events)
  messageStart()
  ev(
    'content_block_start',
    `"index":0,"content_block":{"type":"tool_use","id":"${toolId}","name":"${TOOL_NAME}","caller":{"type":"direct"},"input":{}}`,
  )
  ping()
  ev('content_block_delta', '"index":0,"delta":{"type":"input_json_delta","partial_json":""}') // as in every capture
  for (const d of deltas)
    ev('content_block_delta', `"index":0,"delta":{"type":"input_json_delta","partial_json":${q(d)}}`)
  ev('content_block_stop', '"index":0')
  end('tool_use')
  return finishStream(
    'anthropic',
    spec.kind,
    parts,
    { events, jsonEvents: events, deltas: deltas.length },
    {
      expectedText: '',
      expectedArguments: args,
      expectedFinish: 'tool-calls',
      expectedSdkJoin: args,
    },
  )
}

// Gemini streamGenerateContent (alt=sse, CRLF framing, no end sentinel) ---------------------

export const GEMINI_TOOL_NOTE =
  'Gemini: the public API sends a functionCall whole, so the argument stream uses Vertex ' +
  'streamFunctionCallArguments (the only Gemini wire form that streams arguments): `$.path` in one ' +
  'piece, then `$.content` as string pieces (`partialArgs[].stringValue`, willContinue) and a closing ' +
  '`{functionCall:{}}` part; the parser rebuilds the JSON from the JSON-path pieces.'

function buildGemini(spec: BuildSpec): SyntheticStream {
  const rand = rng(404)
  const responseId = randomString(rand, ALNUM, 23)
  const parts: string[] = []
  let events = 0
  const chunk = (partsJson: string, finish: boolean, usage: string): void => {
    parts.push(
      `data: {"candidates": [{"content": {"parts": ${partsJson},"role": "model"}${finish ? ',"finishReason": "STOP"' : ''},"index": 0}],"usageMetadata": ${usage},"modelVersion": "gemini-2.5-flash","responseId": "${responseId}"}\r\n\r\n`,
    )
    events++
  }
  const runningUsage =
    '{"promptTokenCount": 15,"totalTokenCount": 15,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 15}]}'
  const finalUsage =
    '{"promptTokenCount": 15,"candidatesTokenCount": 23000,"totalTokenCount": 23015,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 15}],"thoughtsTokenCount": 0}'

  if (spec.kind === 'text') {
    const deltas = makeTextDeltas(spec.events, 44)
    for (let i = 0; i < deltas.length; i++) {
      const last = i === deltas.length - 1
      chunk(`[{"text": ${q(deltas[i]!)}}]`, last, last ? finalUsage : runningUsage)
    }
    const text = deltas.join('')
    return finishStream(
      'gemini',
      spec.kind,
      parts,
      { events, jsonEvents: events, deltas: deltas.length },
      {
        expectedText: text,
        expectedArguments: undefined,
        expectedFinish: 'stop',
        expectedSdkJoin: text,
      },
    )
  }

  const { content, args } = toolArguments(spec)
  const pieces = splitEvenly(content, spec.events)
  const signature = randomString(rand, ALNUM, 300)
  chunk(
    `[{"functionCall": {"name": "${TOOL_NAME}","willContinue": true},"thoughtSignature": "${signature}"}]`,
    false,
    runningUsage,
  )
  chunk(
    `[{"functionCall": {"partialArgs": [{"jsonPath": "$.path","stringValue": ${q(TOOL_PATH)}}],"willContinue": true}}]`,
    false,
    runningUsage,
  )
  for (const p of pieces) {
    chunk(
      `[{"functionCall": {"partialArgs": [{"jsonPath": "$.content","stringValue": ${q(p)},"willContinue": true}],"willContinue": true}}]`,
      false,
      runningUsage,
    )
  }
  chunk('[{"functionCall": {}}]', false, runningUsage)
  chunk('[{"text": ""}]', true, finalUsage)
  return finishStream(
    'gemini',
    spec.kind,
    parts,
    { events, jsonEvents: events, deltas: pieces.length },
    {
      expectedText: '',
      expectedArguments: args,
      expectedFinish: 'tool-calls',
      expectedSdkJoin: content,
      note: GEMINI_TOOL_NOTE,
    },
  )
}

// Gemini Interactions (current "steps" schema) ------------------------------------------

function buildInteractions(spec: BuildSpec): SyntheticStream {
  const rand = rng(505)
  const interactionId = `v1_${randomString(rand, ALNUM, 70)}`
  const stepId = randomString(rand, 'abcdefghijklmnopqrstuvwxyz0123456789', 8)
  const parts: string[] = []
  let events = 0
  const ev = (type: string, body: string): void => {
    parts.push(`event: ${type}\ndata: {${body},"event_type":"${type}"}\n\n`)
    events++
  }
  const start = (): void => {
    ev(
      'interaction.created',
      `"interaction":{"id":"${interactionId}","status":"in_progress","object":"interaction","model":"gemini-2.5-flash"}`,
    )
    ev('interaction.status_update', `"interaction_id":"${interactionId}","status":"in_progress"`)
  }
  const complete = (status: string): void =>
    ev(
      'interaction.completed',
      `"interaction":{"id":"${interactionId}","status":"${status}","usage":{"total_tokens":23148,"total_input_tokens":33,"input_tokens_by_modality":[{"modality":"text","tokens":33}],"total_cached_tokens":0,"total_output_tokens":23000,"total_tool_use_tokens":0,"total_thought_tokens":115},"created":"2026-05-15T18:51:57Z","updated":"2026-05-15T18:52:57Z","service_tier":"standard","object":"interaction","model":"gemini-2.5-flash"}`,
    )

  if (spec.kind === 'text') {
    const overhead = 5 // created, status_update, step.start, step.stop, completed
    const deltas = makeTextDeltas(spec.events - overhead, 55)
    start()
    ev('step.start', '"index":0,"step":{"type":"model_output"}')
    for (const d of deltas) ev('step.delta', `"index":0,"delta":{"text":${q(d)},"type":"text"}`)
    ev('step.stop', '"index":0')
    complete('completed')
    const text = deltas.join('')
    return finishStream(
      'gemini-interactions',
      spec.kind,
      parts,
      { events, jsonEvents: events, deltas: deltas.length },
      {
        expectedText: text,
        expectedArguments: undefined,
        expectedFinish: 'stop',
        expectedSdkJoin: text,
      },
    )
  }

  const { args } = toolArguments(spec)
  const deltas = splitEvenly(args, spec.events)
  start()
  ev(
    'step.start',
    `"index":0,"step":{"id":"${stepId}","signature":"","type":"function_call","name":"${TOOL_NAME}","arguments":{}}`,
  )
  for (const d of deltas) ev('step.delta', `"index":0,"delta":{"arguments":${q(d)},"type":"arguments_delta"}`)
  ev('step.stop', '"index":0')
  complete('requires_action')
  return finishStream(
    'gemini-interactions',
    spec.kind,
    parts,
    { events, jsonEvents: events, deltas: deltas.length },
    {
      expectedText: '',
      expectedArguments: args,
      expectedFinish: 'tool-calls',
      expectedSdkJoin: args,
    },
  )
}

// ---------------------------------------------------------------------------------------------
// Network reads

export interface Reads {
  slices: Uint8Array[]
  /** Read boundaries that fall inside a multibyte UTF-8 character. */
  midCharSplits: number
}

/**
 * Cuts the body into ~`size`-byte reads, as a socket would deliver them. Every third boundary is
 * moved onto the next UTF-8 continuation byte (when one is near), so reads also end mid-character.
 */
export function sliceReads(bytes: Uint8Array, size = 16 * 1024): Reads {
  const slices: Uint8Array[] = []
  let midCharSplits = 0
  let start = 0
  let n = 0
  while (start < bytes.length) {
    let end = Math.min(start + size, bytes.length)
    if (n++ % 3 === 2 && end < bytes.length) {
      for (let j = end; j < Math.min(end + 1024, bytes.length); j++) {
        if ((bytes[j]! & 0xc0) === 0x80) {
          end = j
          break
        }
      }
    }
    if (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) midCharSplits++
    slices.push(bytes.subarray(start, end))
    start = end
  }
  return { slices, midCharSplits }
}
