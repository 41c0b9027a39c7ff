import type { HostedSource } from '../../../shared/hosted-tools'
import type { TurnAccumulator } from '../turn-accumulator'
import { asArray, asObject, asString, type WireObject } from '../wire-access'

/**
 * A `web_search_call` output item: announced `in_progress` by `output_item.added`, whole (status,
 * `action`) in `output_item.done`. The action says what it did: `search {query, queries?,
 * sources?}`, `open_page {url}`, `find {url, pattern}` (a fetch of a page, as Keel shows it).
 * Recorded: vercel/ai `packages/openai/src/responses/__fixtures__/openai-web-search-tool.1.chunks.txt`.
 * @see https://platform.openai.com/docs/guides/tools-web-search
 */
export function readWebSearchCallItem(acc: TurnAccumulator, item: WireObject, done: boolean): void {
  const call = acc.openHostedCall(asString(item.id), 'web_search', 'search')
  if (!done) return
  const action = asObject(item.action)
  const queries: string[] = []
  const query = asString(action?.query)
  if (query) queries.push(query)
  for (const extra of asArray(action?.queries) ?? []) {
    const text = asString(extra)
    if (text) queries.push(text)
  }
  const sources: HostedSource[] = []
  for (const entry of asArray(action?.sources) ?? []) {
    const url = asString(asObject(entry)?.url)
    if (url) sources.push({ url, title: undefined, pageAge: undefined })
  }
  const opensPage = action?.type === 'open_page' || action?.type === 'find' || action?.type === 'find_in_page'
  const status = item.status === 'completed' ? 'completed' : item.status === 'failed' ? 'failed' : undefined
  acc.updateHostedCall(call, {
    ...(opensPage ? { kind: 'fetch' as const } : {}),
    queries,
    url: asString(action?.url),
    status,
    sources,
  })
}
