import type { Citation, HostedSource, HostedToolKind } from '../../../shared/hosted-tools'
import type { TurnAccumulator } from '../turn-accumulator'
import { asArray, asObject, asString, type WireObject } from '../wire-access'

/**
 * Anthropic's server tools as Keel shows them. Their blocks run at Anthropic: `server_tool_use`
 * (streamed input), then a `<tool>_tool_result` block that arrives whole in `content_block_start`.
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-fetch-tool
 */
export function anthropicHostedKind(toolName: string): HostedToolKind {
  if (toolName === 'web_search') return 'search'
  if (toolName === 'web_fetch') return 'fetch'
  return 'other'
}

/**
 * A result block: its call (announced earlier in this stream, or in the paused message this one
 * continues) gets its status and sources.
 * - `web_search_tool_result`: `content` is a list of `web_search_result {url, title, page_age}`, or
 *   `{type: 'web_search_tool_result_error', error_code}`.
 * - `web_fetch_tool_result`: `content` is `{type: 'web_fetch_result', url, content: {title, …}}` or
 *   a `web_fetch_tool_result_error`.
 * - others (code execution, MCP): completed, or failed on an `*_error` content or `is_error`.
 */
export function readAnthropicServerResult(acc: TurnAccumulator, block: WireObject, type: string): void {
  const toolName = type === 'mcp_tool_result' ? 'mcp' : type.slice(0, -'_tool_result'.length)
  const call = acc.openHostedCall(asString(block.tool_use_id), toolName, anthropicHostedKind(toolName))
  const content = block.content
  const single = asObject(content)
  const failedType = asString(single?.type)
  if (block.is_error === true || (failedType !== undefined && failedType.endsWith('_error'))) {
    acc.updateHostedCall(call, { status: 'failed', errorCode: asString(single?.error_code) ?? 'error' })
    return
  }
  const sources: HostedSource[] = []
  for (const entry of asArray(content) ?? []) {
    const result = asObject(entry)
    const url = asString(result?.url)
    if (result && url) sources.push({ url, title: asString(result.title), pageAge: asString(result.page_age) })
  }
  let url: string | undefined
  if (single?.type === 'web_fetch_result') {
    url = asString(single.url)
    if (url) sources.push({ url, title: asString(asObject(single.content)?.title), pageAge: undefined })
  }
  acc.updateHostedCall(call, { status: 'completed', sources, url })
}

/**
 * A citation of a text block, when it names a URL: `web_search_result_location {url, title,
 * cited_text}` or `search_result_location {source, title, cited_text}`. Citations of the user's
 * own documents (`char_location`, `page_location`…) name no URL and are left out.
 */
export function anthropicCitation(raw: WireObject, span: { start: number; end: number }): Citation | undefined {
  const url = asString(raw.url) ?? (raw.type === 'search_result_location' ? asString(raw.source) : undefined)
  if (!url) return undefined
  return {
    url,
    title: asString(raw.title) ?? undefined,
    citedText: asString(raw.cited_text),
    supportedText: undefined,
    span: span.end > span.start ? span : undefined,
  }
}
