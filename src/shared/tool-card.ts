import type { ToolCallState } from './tool-call-state'
import type { ToolCallOutcome } from './tool-outcome'

/**
 * The card a call's outcome shows, computed in this one place for the live turn (the core's
 * `tool-call` events) and for a stored answer (the renderer), so both read the same.
 */
export function cardStateOf(outcome: ToolCallOutcome): ToolCallState {
  switch (outcome.status) {
    case 'succeeded':
      return outcome.repeated ? 'repeated' : 'done'
    case 'invalid-arguments':
    case 'unknown-tool':
      return 'invalid'
    case 'failed':
      return 'failed'
    case 'unknown':
      return 'unknown'
    case 'denied':
      return 'denied'
    case 'cancelled':
      return 'cancelled'
  }
}

/**
 * A stored call's outcome. Rows from before `denied` and `cancelled` were outcomes carry a
 * synthetic `failed`/`rejected` outcome and the card state: read as what they were.
 */
export function storedOutcomeOf(part: {
  callId: string
  toolName: string
  outcome: ToolCallOutcome
  state?: ToolCallState | undefined
}): ToolCallOutcome {
  const { outcome } = part
  if (
    outcome.status === 'failed' &&
    outcome.error.kind === 'rejected' &&
    (part.state === 'denied' || part.state === 'cancelled')
  ) {
    return { callId: part.callId, toolName: part.toolName, status: part.state }
  }
  return outcome
}

/** The longest summary a card shows (the full result stays in the stored outcome). */
export const CARD_SUMMARY_MAX = 200

/** One line about the outcome for its card: the output, or what went wrong. Undefined when the state says it all. */
export function cardSummaryOf(outcome: ToolCallOutcome): string | undefined {
  switch (outcome.status) {
    case 'succeeded':
      return outcome.repeated ? `Already done at ${outcome.firstRecordedAt}` : clip(JSON.stringify(outcome.output))
    case 'failed':
      return clip(outcome.error.message)
    case 'invalid-arguments':
    case 'unknown-tool':
    case 'unknown':
      return clip(outcome.message)
    case 'denied':
    case 'cancelled':
      return undefined
  }
}

function clip(text: string): string {
  return text.length > CARD_SUMMARY_MAX ? `${text.slice(0, CARD_SUMMARY_MAX - 1)}…` : text
}
