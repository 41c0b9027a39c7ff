import type { ApprovalDecision, ApprovalRequest, Approver, Elicitor } from '../harness/approval'
import type { ElicitationAnswer } from '../tools/tool'
import type { RunEvent } from '../../shared/run-events'
import type { RunEventEnvelope } from '../../shared/ipc/app-contract'

/** Where one client's run events go: a window's webContents, a browser-mode socket. */
export type EventSink = (envelope: RunEventEnvelope) => void

export interface ActiveRun {
  runId: string
  clientId: string
  /** Known once the run has started (a new conversation gets its id then). */
  conversationId: string | undefined
  controller: AbortController
  done: Promise<void>
}

interface PendingElicitation {
  clientId: string
  resolve: (answer: ElicitationAnswer) => void
}

interface PendingApproval {
  runId: string
  clientId: string
  tool: string
  allowAlways: boolean
  resolve: (decision: ApprovalDecision) => void
}

/**
 * The connected clients, their runs and the approvals those runs wait for. A run belongs to the
 * client that started it: only that client receives its events, may stop it and may answer its
 * approvals; when the client goes away its runs are stopped (pending approvals are denied).
 */
export class RunRegistry {
  private readonly clients = new Map<string, EventSink>()
  private readonly runs = new Map<string, ActiveRun>()
  private readonly approvals = new Map<string, PendingApproval>()
  private readonly elicitations = new Map<string, PendingElicitation>()
  private elicitationCount = 0

  connect(clientId: string, sink: EventSink): void {
    this.clients.set(clientId, sink)
  }

  isConnected(clientId: string): boolean {
    return this.clients.has(clientId)
  }

  /** Stops the client's runs and forgets it; events still produced by those runs are dropped. */
  disconnect(clientId: string): number {
    this.clients.delete(clientId)
    let stopped = 0
    for (const run of this.runs.values()) {
      if (run.clientId !== clientId) continue
      run.controller.abort(new Error('the window that started the run went away'))
      stopped++
    }
    return stopped
  }

  deliver(clientId: string, envelope: RunEventEnvelope): void {
    const sink = this.clients.get(clientId)
    if (!sink) return
    try {
      sink(envelope)
    } catch {
      // A transport that failed to send is the transport's problem; the run goes on (or is stopped by disconnect).
    }
  }

  add(run: ActiveRun): void {
    this.runs.set(run.runId, run)
  }

  remove(runId: string): void {
    this.runs.delete(runId)
  }

  get(runId: string): ActiveRun | undefined {
    return this.runs.get(runId)
  }

  isConversationBusy(conversationId: string): boolean {
    for (const run of this.runs.values()) if (run.conversationId === conversationId) return true
    return false
  }

  all(): ActiveRun[] {
    return [...this.runs.values()]
  }

  /** The approver of one run: waits for the owning client's answer; a stop (or disconnect) denies. */
  approverFor(runId: string, clientId: string): Approver {
    return (request: ApprovalRequest, signal: AbortSignal) =>
      new Promise<ApprovalDecision>((resolve) => {
        if (signal.aborted) return resolve('deny')
        const settle = (decision: ApprovalDecision) => {
          signal.removeEventListener('abort', onAbort)
          this.approvals.delete(request.approvalId)
          resolve(decision)
        }
        const onAbort = () => settle('deny')
        signal.addEventListener('abort', onAbort, { once: true })
        this.approvals.set(request.approvalId, { runId, clientId, tool: request.grantKey, allowAlways: request.allowAlways, resolve: settle })
      })
  }

  /**
   * The elicitor of one run: shows the server's form to the owning client (an `elicitation-request`
   * event through `emit`) and waits for its `elicitations.answer`; a stop (or disconnect) cancels.
   */
  elicitorFor(runId: string, clientId: string, emit: (event: RunEvent) => void): Elicitor {
    return (request, callId, signal) =>
      new Promise<ElicitationAnswer>((resolve) => {
        if (signal.aborted) return resolve({ action: 'cancel' })
        const elicitationId = `${runId}:elicitation:${++this.elicitationCount}`
        const settle = (answer: ElicitationAnswer) => {
          signal.removeEventListener('abort', onAbort)
          this.elicitations.delete(elicitationId)
          resolve(answer)
        }
        const onAbort = () => settle({ action: 'cancel' })
        signal.addEventListener('abort', onAbort, { once: true })
        this.elicitations.set(elicitationId, { clientId, resolve: settle })
        emit({ type: 'elicitation-request', elicitationId, callId, from: request.from, message: request.message, requestedSchema: request.requestedSchema })
      })
  }

  /** Answers a pending elicitation of this client; false when there is none (answered, cancelled, another client's). */
  answerElicitation(elicitationId: string, clientId: string, answer: ElicitationAnswer): boolean {
    const pending = this.elicitations.get(elicitationId)
    if (!pending || pending.clientId !== clientId) return false
    pending.resolve(answer)
    return true
  }

  /** The pending approval a client may answer (another client's approvals are invisible to it). */
  pendingApproval(approvalId: string, clientId: string): { tool: string; allowAlways: boolean; answer: (decision: ApprovalDecision) => void } | undefined {
    const pending = this.approvals.get(approvalId)
    if (!pending || pending.clientId !== clientId) return undefined
    return { tool: pending.tool, allowAlways: pending.allowAlways, answer: pending.resolve }
  }
}
