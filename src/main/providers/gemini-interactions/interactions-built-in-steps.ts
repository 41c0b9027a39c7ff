import type { HostedCall, HostedSource, HostedToolKind } from '../../../shared/hosted-tools'
import type { TurnAccumulator } from '../turn-accumulator'
import { asArray, asObject, asString, type WireObject } from '../wire-access'

/**
 * Built-in tool steps of the Interactions API (`google_search_call` / `_result`, `url_context_call`
 * / `_result`, `code_execution_*`, `file_search_*`, `google_maps_*`, `mcp_server_tool_*`): run at
 * Google, read as hosted calls. A call step opens with its id; its arguments (`{queries}`,
 * `{urls}`) come in a delta of the same type. A result step names the call by `call_id`; its
 * delta carries `result` (a list) and `is_error`.
 * Recorded: vercel/ai `packages/google/src/interactions/__fixtures__/google-search.chunks.txt`.
 * @see https://ai.google.dev/gemini-api/docs/interactions
 */
export function isBuiltInCallStep(type: string): boolean {
  return type.endsWith('_call') && type !== 'function_call'
}

export function isBuiltInResultStep(type: string): boolean {
  return type.endsWith('_result') && type !== 'function_result'
}

function kindOf(toolName: string): HostedToolKind {
  if (toolName === 'google_search') return 'search'
  if (toolName === 'url_context') return 'fetch'
  return 'other'
}

/** A call step started: its hosted call (step id, tool name without `_call`). */
export function openBuiltInCall(acc: TurnAccumulator, step: WireObject, type: string): HostedCall {
  const toolName = type.slice(0, -'_call'.length)
  return acc.openHostedCall(asString(step.id) || undefined, toolName, kindOf(toolName))
}

/** A result step started: the call it answers (announced earlier, or made now when it was not). */
export function openBuiltInResult(acc: TurnAccumulator, step: WireObject, type: string): HostedCall {
  const toolName = type.slice(0, -'_result'.length)
  return acc.openHostedCall(asString(step.call_id) || undefined, toolName, kindOf(toolName))
}

/** A call step's delta: what it searched for or reads. */
export function readBuiltInCallDelta(acc: TurnAccumulator, call: HostedCall, delta: WireObject): void {
  const args = asObject(delta.arguments)
  const queries = (asArray(args?.queries) ?? []).map(asString).filter((q): q is string => !!q)
  const query = asString(args?.query)
  if (query) queries.push(query)
  const urls = (asArray(args?.urls) ?? []).map(asString).filter((u): u is string => !!u)
  const url = asString(args?.url) ?? urls[0]
  if (queries.length > 0 || url !== undefined) acc.updateHostedCall(call, { queries, url })
}

/** A result step's delta: the call's status, the pages it read, Google's search suggestions. */
export function readBuiltInResultDelta(acc: TurnAccumulator, call: HostedCall, delta: WireObject): void {
  const failed = delta.is_error === true
  const sources: HostedSource[] = []
  let suggestionsHtml: string | undefined
  let fetchFailed: string | undefined
  for (const entry of asArray(delta.result) ?? []) {
    const item = asObject(entry)
    if (!item) continue
    suggestionsHtml ??= asString(item.search_suggestions)
    const url = asString(item.url)
    const status = asString(item.status)
    if (url && status !== undefined && !/success/i.test(status)) fetchFailed ??= status
    else if (url) sources.push({ url, title: asString(item.title), pageAge: undefined })
  }
  const errorCode = failed ? 'error' : fetchFailed
  acc.updateHostedCall(call, { status: errorCode ? 'failed' : 'completed', errorCode, sources, suggestionsHtml })
}
