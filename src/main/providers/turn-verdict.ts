import type { RoundResult } from '../../shared/round-result'

/**
 * The harness's first check, next to the parser: may this turn's tool calls run at all?
 * Only when the provider's positive end signal arrived, nothing was cut, no error was reported,
 * and the turn ended *for* tool calls. (The second check, each call's arguments against its
 * schema, comes after; a call whose text is not a JSON object has `arguments` undefined and is
 * never run on a substituted `{}`.)
 */
export function mayRunToolCalls(result: RoundResult): boolean {
  return (
    result.complete &&
    !result.truncated &&
    result.error === undefined &&
    result.finishReason === 'tool-calls' &&
    result.toolCalls.length > 0 &&
    result.toolCalls.every((call) => call.closed)
  )
}
