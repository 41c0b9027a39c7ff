// What the MCP section of Settings derives from the servers' views: status in words, the effect and
// hint badges of a tool, the "many tools" warning, and the tools waiting for review with their diffs.
import type { McpClient } from './mcp-client'
import {
  MCP_TOOL_COUNT_WARNING,
  MCP_TOOL_TOKENS_WARNING,
  type McpServerStatus,
  type McpServerView,
  type McpToolAnnotations,
  type McpToolView,
} from '../../../../shared/mcp'
import type { MessageKey, Translate } from '../../i18n/messages'
import { lineDiff, stableJson, type DiffLine } from './line-diff'

/** A server's status as one sentence (never colour alone). `now` and `locale` word the retry time. */
export function statusText(t: Translate, status: McpServerStatus, now: number): string {
  switch (status.state) {
    case 'needs-consent':
      return t('mcpStatusNeedsConsent')
    case 'stopped':
      return t('mcpStatusStopped')
    case 'starting':
      return t('mcpStatusStarting')
    case 'ready': {
      const server = [status.serverName, status.serverVersion]
        .filter((part) => part !== undefined && part !== '')
        .join(' ')
      return server
        ? t('mcpStatusReadyServer', { protocol: status.protocolVersion, server })
        : t('mcpStatusReady', { protocol: status.protocolVersion })
    }
    case 'failed': {
      if (status.retryAt === undefined) return t('mcpStatusFailed', { reason: status.reason })
      const seconds = Math.max(1, Math.ceil((status.retryAt - now) / 1000))
      return t('mcpStatusFailedRetry', { reason: status.reason, seconds })
    }
  }
}

/** The badges of a tool's hints (what the server says: untrusted, shown as words). */
export function hintKeys(hints: {
  destructive?: boolean | undefined
  openWorld?: boolean | undefined
  readOnly?: boolean | undefined
}): MessageKey[] {
  const keys: MessageKey[] = []
  if (hints.readOnly) keys.push('mcpHintReadOnly')
  if (hints.destructive) keys.push('mcpHintDestructive')
  if (hints.openWorld) keys.push('mcpHintOpenWorld')
  return keys
}

export function toolHints(annotations: McpToolAnnotations): {
  destructive: boolean
  openWorld: boolean
  readOnly: boolean
} {
  // The spec's defaults: destructive and open-world unless said otherwise; but Keel shows only what
  // the server claims, since an unclaimed default would badge almost every tool.
  return {
    destructive: annotations.destructiveHint === true,
    openWorld: annotations.openWorldHint === true,
    readOnly: annotations.readOnlyHint === true,
  }
}

export function effectKey(tool: McpToolView): MessageKey {
  return tool.effect === 'none' ? 'mcpEffectTrusted' : 'mcpEffectAsks'
}

export function pinKey(tool: McpToolView): MessageKey {
  return tool.pin === 'accepted' ? 'mcpPinAccepted' : tool.pin === 'changed' ? 'mcpPinChanged' : 'mcpPinNew'
}

/** What the model is offered across enabled servers, and whether it is too much. */
export function offeredTotals(servers: McpServerView[]): { tools: number; estimatedTokens: number; warn: boolean } {
  let tools = 0
  let estimatedTokens = 0
  for (const server of servers) {
    if (server.config.disabled) continue
    tools += server.offered.tools
    estimatedTokens += server.offered.estimatedTokens
  }
  return { tools, estimatedTokens, warn: tools > MCP_TOOL_COUNT_WARNING || estimatedTokens > MCP_TOOL_TOKENS_WARNING }
}

export interface ToolReview {
  name: string
  title: string
  pin: 'changed' | 'new'
  /** The hash of the definition this diff shows (what `mcp.acceptTools` sends back). */
  hash: string
  diff: DiffLine[]
}

/**
 * Every tool withheld until the user accepts it: its accepted definition (none if new) against the
 * current one. A definition Keel refused to keep (no hash) has nothing to accept: its reason is shown instead.
 */
export function toolReviews(server: McpServerView): ToolReview[] {
  return server.tools.flatMap((tool): ToolReview[] =>
    tool.pin === 'accepted' || tool.definitionHash === ''
      ? []
      : [
          {
            name: tool.name,
            title: tool.title || tool.name,
            pin: tool.pin,
            hash: tool.definitionHash,
            diff: lineDiff(
              tool.pin === 'changed' && tool.acceptedDefinition ? stableJson(tool.acceptedDefinition) : '',
              stableJson(tool.definition),
            ),
          },
        ],
  )
}

/** Exactly the reviews shown, as `mcp.acceptTools`' map of tool name → hash. */
export function acceptedHashes(reviews: ToolReview[]): Record<string, string> {
  return Object.fromEntries(reviews.map((review) => [review.name, review.hash]))
}

/** Whether the list should be asked again soon (a server starting, or one that will be retried). */
export function needsPolling(servers: McpServerView[]): boolean {
  return servers.some(
    (s) =>
      s.status.state === 'starting' ||
      (s.status.state === 'failed' && s.status.retryAt !== undefined) ||
      // The user is signing in in the browser: its end shows without a click.
      s.oauth?.state === 'signing-in',
  )
}

/** The API with the user's plain-text opt-in added to every command that writes MCP values to the key vault. */
export function withPlainTextStorage(api: McpClient): McpClient {
  return {
    ...api,
    'mcp.import': (request) => api['mcp.import']({ ...request, allowPlainTextStorage: true }),
    'mcp.save': (request) => api['mcp.save']({ ...request, allowPlainTextStorage: true }),
    'mcp.secret': (request) => api['mcp.secret']({ ...request, allowPlainTextStorage: true }),
  }
}
