import type { Translate } from '../../i18n/messages'
import type { LiveRun } from '../../state/run-reducer'
import type { ToolEffect } from '../../../../shared/tool-outcome'

/**
 * The writes of one round that wait for the user: the call being asked about and the complete calls
 * queued behind it that will ask too (a read runs without asking). Ids in the round's order.
 */
export function pendingWrites(run: LiveRun, effectOf: (name: string) => ToolEffect | undefined): string[] {
  const asking = Object.values(run.tools).find((card) => card.state === 'awaiting-approval' && card.approvalId)
  if (!asking) return []
  const ids = run.segments.flatMap((segment) => (segment.kind === 'tool' ? [segment.callId] : []))
  return ids.filter((id) => {
    const card = run.tools[id]
    if (!card) return false
    if (card.callId === asking.callId) return true
    return card.state === 'preparing' && card.queued === true && effectOf(card.name) !== 'none'
  })
}

/**
 * "Approve all (n)" / "Deny all (n)" when several writes of one round wait. Each call is still
 * asked and answered on its own (its own approval, its own ledger claim): the store answers each
 * request of these calls as it arrives.
 */
export function ApprovalBatch({
  run,
  t,
  effectOf,
  onAnswerAll,
}: {
  run: LiveRun
  t: Translate
  effectOf: (name: string) => ToolEffect | undefined
  onAnswerAll: (runId: string, callIds: string[], decision: 'approve' | 'deny') => void
}) {
  const calls = pendingWrites(run, effectOf)
  if (calls.length < 2) return null
  return (
    <div className="approval-batch tool-actions" data-testid="approval-batch">
      <button type="button" onClick={() => onAnswerAll(run.runId, calls, 'approve')}>
        {t('appearance.approveAll', { count: calls.length })}
      </button>
      <button type="button" onClick={() => onAnswerAll(run.runId, calls, 'deny')}>
        {t('appearance.denyAll', { count: calls.length })}
      </button>
    </div>
  )
}
