// `completion/complete`: a server's suggestions for one argument of a prompt or a resource
// template, asked only of a server that declares the `completions` capability (else refused before
// anything is sent). What comes back is data: values that are not short strings are dropped, the
// rest kept in the server's order, without duplicates, up to the spec's cap.
import { z } from 'zod'
import {
  MCP_MAX_COMPLETION_VALUE_CHARS,
  MCP_MAX_COMPLETION_VALUES,
  type McpCompletionRef,
  type McpCompletionView,
} from '../../shared/mcp-completion'
import type { McpFeatureResult } from '../../shared/mcp-server-features'
import { classify, unsupported, type McpRequester } from './mcp-server-features'

const completeResultSchema = z.looseObject({
  completion: z.looseObject({
    values: z.array(z.unknown()),
    total: z.number().int().nonnegative().optional().catch(undefined),
    hasMore: z.boolean().optional().catch(undefined),
  }),
})

/** The wire form of a reference (`ref/prompt` by name, `ref/resource` by the template's URI). */
function wireRef(ref: McpCompletionRef): Record<string, string> {
  return ref.type === 'prompt' ? { type: 'ref/prompt', name: ref.name } : { type: 'ref/resource', uri: ref.uriTemplate }
}

/**
 * Suggestions for `argument` (its name and what the user typed so far); `context` holds the values
 * of the other arguments already filled in (a server may narrow one by another).
 */
export async function completeArgument(
  requester: McpRequester,
  ref: McpCompletionRef,
  argument: { name: string; value: string },
  context: Readonly<Record<string, string>> = {},
  options: { signal?: AbortSignal | undefined } = {},
): Promise<McpFeatureResult<McpCompletionView>> {
  if (!requester.capabilities.completions) return unsupported(requester, 'completions')
  const params: Record<string, unknown> = {
    ref: wireRef(ref),
    argument: { name: argument.name, value: argument.value },
    ...(Object.keys(context).length > 0 ? { context: { arguments: { ...context } } } : {}),
  }
  try {
    const result = await requester.request('completion/complete', params, completeResultSchema, options)
    const values = new Set<string>()
    let dropped = false
    for (const value of result.completion.values) {
      if (values.size >= MCP_MAX_COMPLETION_VALUES) {
        dropped = true
        break
      }
      if (typeof value === 'string' && value !== '' && value.length <= MCP_MAX_COMPLETION_VALUE_CHARS) values.add(value)
    }
    const { total, hasMore } = result.completion
    return {
      ok: true,
      value: {
        values: [...values],
        ...(total !== undefined ? { total } : {}),
        hasMore: hasMore === true || dropped,
      },
    }
  } catch (error) {
    return { ok: false, error: classify(error, requester) }
  }
}
