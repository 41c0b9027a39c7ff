import type { NoticeRef } from '../../shared/fallback-messages'
import type { LeftOutTool } from '../providers/fit-tools-to-provider'

/**
 * What the user is told, before the request, about enabled tools the provider could not be sent:
 * one message for tools over its limit, one for tools it refuses, each naming them. `provider` is
 * how the user knows the provider ("OpenAI", the profile's own name).
 */
export function leftOutToolsNotices(leftOut: readonly LeftOutTool[], provider: string): NoticeRef[] {
  const notices: NoticeRef[] = []
  const overLimit = leftOut.filter((tool) => tool.reason.kind === 'over-limit')
  const first = overLimit[0]
  if (first && first.reason.kind === 'over-limit') {
    notices.push({
      id: 'tools-over-limit',
      values: { actions: overLimit.map((tool) => tool.name), count: overLimit.length, max: first.reason.max, provider },
    })
  }
  const refused = leftOut.filter((tool) => tool.reason.kind !== 'over-limit')
  if (refused.length > 0)
    notices.push({ id: 'tools-not-accepted', values: { actions: refused.map((tool) => tool.name), provider } })
  return notices
}
