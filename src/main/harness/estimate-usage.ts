import type { Usage } from '../../shared/usage'

/**
 * A rough token count (about four characters per token) for calls the provider never reported
 * usage for (a stop, a reset, a compatible server that sends none). Always flagged as estimated.
 */
export function estimateUsage(requestBody: unknown, outputText: string): Usage {
  const input = JSON.stringify(requestBody ?? '').length
  return {
    inputTokens: Math.ceil(input / 4),
    outputTokens: Math.ceil(outputText.length / 4),
    reasoningTokens: undefined,
    cachedInputTokens: undefined,
  }
}

/** The provider reported enough to bill by: both input and output counts are known. */
export function isReportedUsage(usage: Usage): boolean {
  return usage.inputTokens !== undefined && usage.outputTokens !== undefined
}
