import type { JsonValue } from '../../shared/json-value'
import type { ToolCallOutcome } from '../../shared/tool-outcome'

/**
 * The one place that words what the model is told about a call, for every outcome (the harness
 * wraps it in each provider's format under the call's id; the stored tool-result keeps exactly what
 * was sent). Technical details stay out: no SQL, no stack, no status codes.
 */
export function toolResultForModel(outcome: ToolCallOutcome): { isError: boolean; content: JsonValue } {
  switch (outcome.status) {
    case 'succeeded':
      if (outcome.repeated) {
        return {
          isError: false,
          content: {
            alreadyDone: true,
            note: `This exact action was already carried out at ${outcome.firstRecordedAt}; it was not applied again. This is its original result.`,
            result: outcome.output,
          },
        }
      }
      return { isError: false, content: outcome.output }
    case 'invalid-arguments':
      return { isError: true, content: { error: outcome.message, issues: outcome.issues.map((issue) => ({ ...issue })) } }
    case 'unknown-tool':
      return { isError: true, content: { error: outcome.message } }
    case 'failed':
      return {
        isError: true,
        content: {
          error: outcome.error.message,
          kind: outcome.error.kind,
          ...(outcome.repeated ? { note: `This action already failed at ${outcome.firstRecordedAt}; it was not run again.` } : {}),
        },
      }
    case 'unknown':
      return { isError: true, content: { error: outcome.message, firstRecordedAt: outcome.firstRecordedAt } }
    case 'denied':
      return { isError: true, content: { error: 'The user declined this action. Do not retry it unless they ask.', kind: 'denied' } }
    case 'cancelled':
      return { isError: true, content: { error: 'The user stopped the turn before this action started.', kind: 'cancelled' } }
  }
}
