/** The visible states of one tool call's card. */
export type ToolCallState =
  | 'preparing' // arguments still streaming: a draft, not an action
  | 'awaiting-approval'
  | 'running'
  | 'done'
  | 'failed'
  | 'invalid' // arguments failed their schema or the tool is unknown: not run, error returned to the model
  | 'denied'
  | 'not-run' // the turn was cut off or never verifiably ended: not run
  | 'cancelled' // stopped by the user before it started
  | 'repeated' // the ledger says this exact action was already done: not run again
  | 'unknown' // it was started but its outcome was never recorded (cut off mid-call): never re-run; the user checks
