import type { Usage } from '../../shared/usage'
import type { RoundOutcome } from './stream-model-round'

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

/** The usage of a call the provider turned away before generating: nothing read, nothing written, nothing billed. */
export const NOT_BILLED: Readonly<Usage> = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  reasoningTokens: undefined,
  cachedInputTokens: undefined,
})

/**
 * The call never reached generation: nothing reached the server (refused, unknown host), or the
 * provider answered an HTTP error status (401, 403, 404, 429, 5xx…) before any stream — providers
 * do not bill these. A stop, or an error after a 200, may have been billed: those keep an estimate.
 */
export function neverGenerated(
  outcome: Pick<RoundOutcome, 'result' | 'aborted' | 'outputForwarded' | 'status'>,
): boolean {
  const error = outcome.result.error
  if (!error || outcome.aborted || outcome.outputForwarded) return false
  if (outcome.result.usage.inputTokens !== undefined || outcome.result.usage.outputTokens !== undefined) return false
  return outcome.status === undefined ? error.kind === 'unreachable' : outcome.status >= 400
}

/**
 * What the provider reported, with only the numbers it did not report estimated (a stopped
 * Anthropic answer has its input count from `message_start`, but its output count only comes at the end).
 */
export function completeEstimate(partial: Usage | undefined, estimate: Usage): Usage {
  return {
    inputTokens: partial?.inputTokens ?? estimate.inputTokens,
    outputTokens: partial?.outputTokens ?? estimate.outputTokens,
    reasoningTokens: partial?.reasoningTokens,
    cachedInputTokens: partial?.cachedInputTokens,
  }
}
