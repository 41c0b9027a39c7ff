import type { ElicitationAnswer, ElicitationRequest } from '../tools/tool'

/** The user's answer to "may Keel run this write?". `always` also allows the tool from now on. */
export type { ApprovalDecision } from '../../shared/approval-decision'
import type { ApprovalDecision } from '../../shared/approval-decision'

export interface ApprovalRequest {
  approvalId: string
  callId: string
  name: string
  arguments: Record<string, unknown>
  /** What an `always` answer allows for good (the tool's name, or an MCP tool's server + tool + definition). */
  grantKey: string
  /**
   * Whether "always allow" may be given: not for a tool that says it may delete or overwrite (an
   * MCP tool's `destructiveHint`, true unless the server says otherwise); `always` then counts as `approve`.
   */
  allowAlways: boolean
}

/**
 * Asks the user (the app shows a card; the CLI asks on the terminal or uses `--yes`). Must settle
 * with `deny` when `signal` aborts. Decided in the core, never in the renderer.
 */
export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalDecision>

/**
 * Asks the user to fill in a form a tool's server sent while one call runs (MCP elicitation).
 * Must settle with `cancel` when `signal` aborts. Absent: nobody can be asked (declined).
 */
export type Elicitor = (request: ElicitationRequest, callId: string, signal: AbortSignal) => Promise<ElicitationAnswer>

export const approveAll: Approver = async () => 'approve'
export const denyAll: Approver = async () => 'deny'
