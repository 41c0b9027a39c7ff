import type { ProviderId } from '../../../src/shared/provider-id'
import type { ScriptedFinish, ScriptedToolCall, ScriptedTurn, ScriptedUsage } from './types'

/** One tool call, ready to render: ids resolved, argument text fixed, fragments cut. */
export interface PlannedToolCall {
  /** The id the client answers under; undefined for Gemini when the script gave none. */
  callId: string | undefined
  /** Responses: the `fc_…` item id (never equal to the call id). Others: same as `callId`. */
  itemId: string
  name: string
  argumentsText: string
  /** The arguments as an object when the text is one JSON object. */
  argumentsObject: Record<string, unknown> | undefined
  fragments: string[]
}

/** A scripted turn resolved for one provider and one request. */
export interface PlannedTurn {
  responseId: string
  /** `sim3`: unique per served turn, used to derive item ids. */
  serial: string
  text: string
  textDeltas: string[]
  reasoning: string
  reasoningDeltas: string[]
  toolCalls: PlannedToolCall[]
  finish: ScriptedFinish
  usage: ScriptedUsage | null
}

export interface PlanContext {
  provider: ProviderId
  /** Served-turn counter of the server (1-based). */
  turnNumber: number
  idPrefix: string
  /** Raw request body, for the default input token count. */
  rawRequestBody: string
  /** Chat only: `idZero` replaces every call id by the call's position (`"0"`, `"1"`, …). */
  positionalCallIds?: boolean
}

export function planTurn(turn: ScriptedTurn, context: PlanContext): PlannedTurn {
  const serial = `${context.idPrefix}${context.turnNumber}`
  const textDeltas = toDeltas(turn.text)
  const reasoningDeltas = toDeltas(turn.reasoning)
  const toolCalls = (turn.toolCalls ?? []).map((call, index) =>
    planToolCall(context.positionalCallIds ? { ...call, id: String(index) } : call, index, serial, context.provider),
  )
  const text = textDeltas.join('')
  const reasoning = reasoningDeltas.join('')
  const finish = turn.finish ?? (toolCalls.length > 0 ? 'tool-calls' : 'stop')
  const usage =
    turn.usage === null
      ? null
      : (turn.usage ?? {
          inputTokens: Math.max(1, Math.ceil(context.rawRequestBody.length / 4)),
          outputTokens: Math.max(
            1,
            Math.ceil((text.length + reasoning.length + toolCalls.reduce((n, c) => n + c.argumentsText.length, 0)) / 4),
          ),
        })
  return {
    responseId: turn.id ?? defaultResponseId(context.provider, serial),
    serial,
    text,
    textDeltas,
    reasoning,
    reasoningDeltas,
    toolCalls,
    finish,
    usage,
  }
}

function planToolCall(call: ScriptedToolCall, index: number, serial: string, provider: ProviderId): PlannedToolCall {
  const argumentsText = rawArguments(call.arguments) ?? JSON.stringify(call.arguments)
  const callId = call.id ?? defaultCallId(provider, serial, index)
  const defaultChunks = provider === 'gemini-interactions' ? 1 : Math.ceil(codePoints(argumentsText).length / 8)
  return {
    callId,
    itemId: provider === 'openai-responses' ? `fc_${serial}_${index}` : (callId ?? `${serial}_${index}`),
    name: call.name,
    argumentsText,
    argumentsObject: parseObject(argumentsText),
    fragments: splitEvenly(argumentsText, call.argumentChunks ?? defaultChunks),
  }
}

/** `{ raw: string }` and nothing else is raw text; any other object is the arguments themselves. */
function rawArguments(args: ScriptedToolCall['arguments']): string | undefined {
  const keys = Object.keys(args)
  return keys.length === 1 && keys[0] === 'raw' && typeof args.raw === 'string' ? args.raw : undefined
}

function defaultResponseId(provider: ProviderId, serial: string): string {
  switch (provider) {
    case 'openai-responses':
      return `resp_${serial}`
    case 'openai-chat':
      return `chatcmpl-${serial}`
    case 'anthropic':
      return `msg_${serial}`
    case 'gemini':
      return `${serial}resp`
    case 'gemini-interactions':
      return `v1_${serial}`
  }
}

function defaultCallId(provider: ProviderId, serial: string, index: number): string | undefined {
  switch (provider) {
    case 'openai-responses':
    case 'openai-chat':
      return `call_${serial}_${index}`
    case 'anthropic':
      return `toolu_${serial}_${index}`
    case 'gemini':
      return undefined // the Gemini API usually sends no call id
    case 'gemini-interactions':
      return `${serial}c${index}`
  }
}

/** A string streams word by word (each word with the whitespace before it); an array as given. */
export function toDeltas(value: string | string[] | undefined): string[] {
  if (value === undefined) return []
  if (Array.isArray(value)) return value.filter((d) => d.length > 0)
  return value.match(/\s*\S+|\s+$/g) ?? (value.length > 0 ? [value] : [])
}

/** Splits text into `parts` pieces of near-equal length, never inside a surrogate pair. */
export function splitEvenly(text: string, parts: number): string[] {
  const chars = codePoints(text)
  if (chars.length === 0) return []
  const count = Math.max(1, Math.min(Math.floor(parts), chars.length))
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    out.push(chars.slice(Math.floor((i * chars.length) / count), Math.floor(((i + 1) * chars.length) / count)).join(''))
  }
  return out
}

function codePoints(text: string): string[] {
  return Array.from(text)
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
