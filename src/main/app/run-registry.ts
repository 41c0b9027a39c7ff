import type { ApprovalDecision, ApprovalRequest, Approver, Elicitor } from '../harness/approval'
import { WindowGoneStop } from '../harness/stop-cause'
import type { ElicitationAnswer } from '../tools/tool'
import type { RunEvent } from '../../shared/run-events'
import type { RunEventEnvelope, RunSnapshot } from '../../shared/ipc/app-contract'
import { RunLog } from './run-log'

/** Where one client's run events go: a window's webContents, a browser-mode socket. */
export type EventSink = (envelope: RunEventEnvelope) => void

export interface ActiveRun {
  runId: string
  /** The client that started it (counted against its limit of runs at once). */
  clientId: string
  /** Known once the run has started (a new conversation gets its id then). */
  conversationId: string | undefined
  controller: AbortController
  done: Promise<void>
}

/**
 * How a client went away. `closed`: the window is gone for good (an Electron window closed, its
 * renderer died): the runs only it showed stop now. `may-return`: the connection dropped (a
 * browser-mode page reloading, a socket lost): those runs go on, and a window that attaches takes
 * them over; one that needs the user (an approval, a server's question) while no window is there
 * waits at most {@link RunRegistryOptions.unattendedMs}, then stops.
 */
export type Departure = 'closed' | 'may-return'

export interface RunRegistryOptions {
  /** How long a run nobody watches may wait for the user's answer before it stops. Default 2 minutes. */
  unattendedMs?: number
}

export const DEFAULT_UNATTENDED_MS = 120_000

interface PendingElicitation {
  runId: string
  resolve: (answer: ElicitationAnswer) => void
}

interface PendingApproval {
  runId: string
  tool: string
  allowAlways: boolean
  resolve: (decision: ApprovalDecision) => void
}

/**
 * The connected clients, the live runs, who watches each run and the approvals those runs wait for.
 * A run is watched by the client that started it and by any client that attached to it
 * (`runs.attach`: the same window after a reload, another window of the app): each watcher receives
 * its events and may stop it and answer its approvals; no other client can. Every event is kept
 * (deltas merged) in the run's {@link RunLog} with a sequence number, so an attaching window gets
 * the answer so far and then exactly the events after it.
 */
export class RunRegistry {
  private readonly clients = new Map<string, EventSink>()
  private readonly runs = new Map<string, ActiveRun>()
  private readonly watchers = new Map<string, Set<string>>()
  private readonly logs = new Map<string, RunLog>()
  private readonly unattended = new Map<string, ReturnType<typeof setTimeout>>()
  private readonly approvals = new Map<string, PendingApproval>()
  private readonly elicitations = new Map<string, PendingElicitation>()
  private elicitationCount = 0
  private readonly unattendedMs: number

  constructor(options: RunRegistryOptions = {}) {
    this.unattendedMs = options.unattendedMs ?? DEFAULT_UNATTENDED_MS
  }

  connect(clientId: string, sink: EventSink): void {
    this.clients.set(clientId, sink)
  }

  isConnected(clientId: string): boolean {
    return this.clients.has(clientId)
  }

  /**
   * Forgets the client. The runs it alone watched stop now (`closed`: reason "the window was closed",
   * never "stopped by you") or go on unwatched (`may-return`). Returns how many runs were stopped.
   */
  disconnect(clientId: string, departure: Departure = 'closed'): number {
    this.clients.delete(clientId)
    let stopped = 0
    for (const [runId, watching] of this.watchers) {
      if (!watching.delete(clientId) || watching.size > 0) continue
      const run = this.runs.get(runId)
      if (!run) continue
      if (departure === 'closed') {
        run.controller.abort(new WindowGoneStop('the window that showed the run was closed'))
        stopped++
      } else this.watchUnattended(runId)
    }
    return stopped
  }

  /** Sends a run's event to every window watching it, numbered, and keeps it for windows that attach later. */
  publish(runId: string, event: RunEvent): void {
    const log = this.logs.get(runId)
    if (!log) return
    const seq = log.append(event)
    for (const clientId of this.watchers.get(runId) ?? []) {
      const sink = this.clients.get(clientId)
      if (!sink) continue
      try {
        sink({ runId, seq, event })
      } catch {
        // A transport that failed to send is the transport's problem; the run goes on (or is stopped by disconnect).
      }
    }
  }

  add(run: ActiveRun): void {
    this.runs.set(run.runId, run)
    this.watchers.set(run.runId, new Set([run.clientId]))
    this.logs.set(run.runId, new RunLog())
  }

  remove(runId: string): void {
    this.runs.delete(runId)
    this.watchers.delete(runId)
    this.logs.delete(runId)
    clearTimeout(this.unattended.get(runId))
    this.unattended.delete(runId)
  }

  get(runId: string): ActiveRun | undefined {
    return this.runs.get(runId)
  }

  /** May this client stop the run and answer its approvals (it started it or attached to it)? */
  isWatching(runId: string, clientId: string): boolean {
    return this.watchers.get(runId)?.has(clientId) ?? false
  }

  isConversationBusy(conversationId: string): boolean {
    for (const run of this.runs.values()) if (run.conversationId === conversationId) return true
    return false
  }

  all(): ActiveRun[] {
    return [...this.runs.values()]
  }

  /**
   * The client watches every live run from now on (a window after a reload, or another window):
   * for each, the events so far (deltas merged) and the number of the last one; the live events
   * that follow carry higher numbers.
   */
  attach(clientId: string): RunSnapshot[] {
    const snapshots: RunSnapshot[] = []
    for (const run of this.runs.values()) {
      const log = this.logs.get(run.runId)
      if (!log) continue
      this.watchers.get(run.runId)?.add(clientId)
      clearTimeout(this.unattended.get(run.runId))
      this.unattended.delete(run.runId)
      snapshots.push({ runId: run.runId, conversationId: run.conversationId, ...log.snapshot() })
    }
    return snapshots
  }

  /** The approver of one run: waits for a watching client's answer; a stop (or the window closing) denies. */
  approverFor(runId: string): Approver {
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
        this.approvals.set(request.approvalId, {
          runId,
          tool: request.grantKey,
          allowAlways: request.allowAlways,
          resolve: settle,
        })
        this.watchUnattended(runId)
      })
  }

  /**
   * The elicitor of one run: shows the server's form to the watching clients (an `elicitation-request`
   * event through `emit`) and waits for an `elicitations.answer`; a stop (or the window closing) cancels.
   */
  elicitorFor(runId: string, emit: (event: RunEvent) => void): Elicitor {
    return (request, callId, signal) =>
      new Promise<ElicitationAnswer>((resolve) => {
        if (signal.aborted) return resolve({ action: 'cancel' })
        const elicitationId = `${runId}:elicitation:${++this.elicitationCount}`
        const settle = (answer: ElicitationAnswer) => {
          signal.removeEventListener('abort', onAbort)
          this.elicitations.delete(elicitationId)
          this.logs.get(runId)?.dropElicitation(elicitationId)
          resolve(answer)
        }
        const onAbort = () => settle({ action: 'cancel' })
        signal.addEventListener('abort', onAbort, { once: true })
        this.elicitations.set(elicitationId, { runId, resolve: settle })
        emit({
          type: 'elicitation-request',
          elicitationId,
          callId,
          from: request.from,
          message: request.message,
          requestedSchema: request.requestedSchema,
        })
        this.watchUnattended(runId)
      })
  }

  /** Answers a pending elicitation of a run this client watches; false when there is none (answered, cancelled, another client's). */
  answerElicitation(elicitationId: string, clientId: string, answer: ElicitationAnswer): boolean {
    const pending = this.elicitations.get(elicitationId)
    if (!pending || !this.isWatching(pending.runId, clientId)) return false
    pending.resolve(answer)
    return true
  }

  /** The pending approval a client may answer (approvals of runs it does not watch are invisible to it). */
  pendingApproval(
    approvalId: string,
    clientId: string,
  ): { tool: string; allowAlways: boolean; answer: (decision: ApprovalDecision) => void } | undefined {
    const pending = this.approvals.get(approvalId)
    if (!pending || !this.isWatching(pending.runId, clientId)) return undefined
    return { tool: pending.tool, allowAlways: pending.allowAlways, answer: pending.resolve }
  }

  /** Is the run waiting for the user (an approval, a server's question)? */
  private waitsForUser(runId: string): boolean {
    for (const pending of this.approvals.values()) if (pending.runId === runId) return true
    for (const pending of this.elicitations.values()) if (pending.runId === runId) return true
    return false
  }

  /**
   * A run nobody watches that waits for the user cannot go on: unless a window attaches within
   * `unattendedMs`, it stops (interrupted, "the window was closed"). One that only streams goes on
   * to its end and is saved.
   */
  private watchUnattended(runId: string): void {
    if (this.unattended.has(runId) || (this.watchers.get(runId)?.size ?? 0) > 0 || !this.waitsForUser(runId)) return
    const timer = setTimeout(() => {
      this.unattended.delete(runId)
      if ((this.watchers.get(runId)?.size ?? 0) > 0) return
      this.runs
        .get(runId)
        ?.controller.abort(new WindowGoneStop('no window came back while the answer waited for the user'))
    }, this.unattendedMs)
    timer.unref?.()
    this.unattended.set(runId, timer)
  }
}
