// Pure reduction of RunEvents into the in-progress answer: text segments, tool cards, notices,
// diagnostics, retry status. No DOM, no React: unit-tested in test/renderer.
import type { InterruptReason, RunEvent, RunStatus } from '../../../shared/run-events'
import type { ToolCallState } from '../../../shared/tool-call-state'
import type { Usage } from '../../../shared/usage'
import type { Citation, HostedCall } from '../../../shared/hosted-tools'
import type { JsonValue } from '../../../shared/json-value'
import type { ToolPreview } from '../../../shared/tool-preview'
import type { FallbackValues } from '../../../shared/fallback-messages'
import type { ToolArgumentIssue } from '../../../shared/tool-outcome'

export interface ToolCard {
  callId: string
  name: string
  state: ToolCallState
  /** The argument text as streamed (a draft while `preparing`). */
  argumentsText: string
  summary: string | undefined
  /** Set while the card awaits the user's answer. */
  approvalId: string | undefined
  /** Images the tool returned (a stored answer's cards; the user sees every one, capped or not for the model). */
  images?: { mimeType: string; data: string }[] | undefined
  /** How far a running call is, when its tool reports it. */
  progress?: { progress: number; total: number | undefined; message: string | undefined } | undefined
  /** From the approval request: the tool's title, who provides it (an MCP server) and its (untrusted) hints. */
  title?: string | undefined
  provider?: string | undefined
  hints?:
    | { destructive?: boolean | undefined; openWorld?: boolean | undefined; readOnly?: boolean | undefined }
    | undefined
  /** What "always allow" covers for this call when it is granted per site (the page reader). */
  alwaysFor?: string | undefined
  /** A finished call's result (for the readable summary; the raw JSON sits behind a disclosure). */
  output?: JsonValue | undefined
  /** What the call would act on (a delete's row), from the approval request. */
  preview?: ToolPreview | undefined
  /** Still `preparing` although its round ended: it waits for the calls before it (an approval). */
  queued?: boolean | undefined
  /** Why its arguments were refused (state `invalid`): the card says it in the user's language. */
  issues?: ToolArgumentIssue[] | undefined
}

/** A tool's server asks the user for input while its call runs (MCP elicitation); gone once answered or when the run ends. */
export interface PendingElicitation {
  elicitationId: string
  callId: string
  /** Who asks (the server's name). */
  from: string
  /** The server's words: plain text. */
  message: string
  requestedSchema: Record<string, unknown>
}

export type LiveSegment = { kind: 'text'; text: string } | { kind: 'tool'; callId: string }

export interface NoticeView {
  id: string
  text: string
  /** What the message was filled with (provider, address, wait): its action is chosen from these. */
  values?: FallbackValues | undefined
}

export interface DiagnosticView {
  round: number
  attempt: number
  kind: string
  status: number | undefined
  requestId: string | undefined
  providerMessage: string
}

export interface LiveRun {
  runId: string
  conversationId: string | undefined
  messageId: string | undefined
  status: 'running' | RunStatus
  interruptReason: InterruptReason | undefined
  segments: LiveSegment[]
  tools: Record<string, ToolCard>
  notices: NoticeView[]
  diagnostics: DiagnosticView[]
  retry: { attempt: number; delayMs: number; message: string } | undefined
  usage: { usage: Usage; estimated: boolean }[]
  /** The reasoning streamed so far ("thinking"). */
  reasoning: string
  /** Time spent thinking so far (closed spans). */
  reasoningMs: number | undefined
  /** When the reasoning now streaming began (the reducer's clock); undefined when none is. */
  reasoningSince: number | undefined
  /** Requests for input waiting for the user, in arrival order. */
  elicitations: PendingElicitation[]
  /** Tools the provider ran itself (web search, page reads), latest state per id, in announcement order. */
  hostedCalls: HostedCall[]
  /** Sources the answer cites, in stream order (numbered when shown). */
  citations: Citation[]
}

export function initialRun(runId: string): LiveRun {
  return {
    runId,
    conversationId: undefined,
    messageId: undefined,
    status: 'running',
    interruptReason: undefined,
    segments: [],
    tools: {},
    notices: [],
    diagnostics: [],
    retry: undefined,
    usage: [],
    reasoning: '',
    reasoningMs: undefined,
    reasoningSince: undefined,
    elicitations: [],
    hostedCalls: [],
    citations: [],
  }
}

/** Reasoning stops when other output begins or the run ends: its time is added up. */
function closeReasoning(run: LiveRun, now: number): LiveRun {
  if (run.reasoningSince === undefined) return run
  return {
    ...run,
    reasoningMs: (run.reasoningMs ?? 0) + Math.max(0, now - run.reasoningSince),
    reasoningSince: undefined,
  }
}

function appendText(segments: LiveSegment[], delta: string): LiveSegment[] {
  if (delta === '') return segments
  const last = segments[segments.length - 1]
  if (last?.kind === 'text') return [...segments.slice(0, -1), { kind: 'text', text: last.text + delta }]
  return [...segments, { kind: 'text', text: delta }]
}

function upsertCard(run: LiveRun, callId: string, name: string, patch: Partial<ToolCard>): LiveRun {
  const existing = run.tools[callId]
  const card: ToolCard = {
    ...(existing ?? { callId, name, state: 'preparing', argumentsText: '', summary: undefined, approvalId: undefined }),
    ...patch,
  }
  const segments = existing ? run.segments : [...run.segments, { kind: 'tool' as const, callId }]
  return { ...run, segments, tools: { ...run.tools, [callId]: card } }
}

/**
 * A call of a round is being handled (asked about, run, finished): that round's stream has ended,
 * so every other card still `preparing` is a complete call waiting its turn, not a draft (calls
 * of a next round only start streaming after this round's calls are all handled).
 */
function markQueued(run: LiveRun, handledCallId: string): LiveRun {
  const waiting = Object.values(run.tools).filter(
    (card) => card.callId !== handledCallId && card.state === 'preparing' && !card.queued,
  )
  if (waiting.length === 0) return run
  const tools = { ...run.tools }
  for (const card of waiting) tools[card.callId] = { ...card, queued: true }
  return { ...run, tools }
}

/** States in which a call may still be waiting on its server. */
const LIVE_STATES: ReadonlySet<ToolCallState> = new Set(['preparing', 'awaiting-approval', 'running'])

/** Applies one event; returns a new object when anything changed (never mutates). `now` times the reasoning. */
export function reduceRun(run: LiveRun, event: RunEvent, now: number = Date.now()): LiveRun {
  switch (event.type) {
    case 'run-start':
      return { ...run, conversationId: event.conversationId, messageId: event.messageId }
    case 'round-start':
      return run.retry ? { ...run, retry: undefined } : run
    case 'stream': {
      const stream = event.event
      switch (stream.type) {
        case 'text-delta':
          return { ...closeReasoning(run, now), segments: appendText(run.segments, stream.delta), retry: undefined }
        case 'reasoning-delta':
          return {
            ...run,
            reasoning: run.reasoning + stream.delta,
            reasoningSince: run.reasoningSince ?? now,
            retry: undefined,
          }
        case 'tool-call-start':
          return upsertCard(closeReasoning(run, now), stream.callId, stream.name, {})
        case 'tool-call-delta': {
          const card = run.tools[stream.callId]
          if (!card || card.state !== 'preparing') return run
          return upsertCard(run, stream.callId, card.name, { argumentsText: card.argumentsText + stream.delta })
        }
        case 'hosted-call': {
          // Events repeat a call whole as it changes: the later state replaces the earlier, in place.
          const at = run.hostedCalls.findIndex((call) => call.id === stream.call.id)
          const hostedCalls =
            at < 0 ? [...run.hostedCalls, stream.call] : run.hostedCalls.map((c, i) => (i === at ? stream.call : c))
          return { ...run, hostedCalls }
        }
        case 'citation':
          return { ...run, citations: [...run.citations, stream.citation] }
        default:
          return run
      }
    }
    case 'tool-call': {
      const patch: Partial<ToolCard> = { state: event.state, name: event.name }
      if (event.argumentsText !== undefined) patch.argumentsText = event.argumentsText
      if (event.summary !== undefined) patch.summary = event.summary
      if (event.output !== undefined) patch.output = event.output
      if (event.issues !== undefined) patch.issues = event.issues
      if (event.state !== 'awaiting-approval') patch.approvalId = undefined
      if (event.state !== 'preparing') patch.queued = undefined
      const upserted = upsertCard(run, event.callId, event.name, patch)
      const next = event.state === 'preparing' ? upserted : markQueued(upserted, event.callId)
      // A call that ended can no longer use what its server asked for.
      if (!LIVE_STATES.has(event.state) && run.elicitations.some((e) => e.callId === event.callId)) {
        return { ...next, elicitations: next.elicitations.filter((e) => e.callId !== event.callId) }
      }
      return next
    }
    case 'approval-request': {
      const existing = run.tools[event.callId]
      const patch: Partial<ToolCard> = { state: 'awaiting-approval', approvalId: event.approvalId }
      if (!existing || existing.argumentsText === '') patch.argumentsText = JSON.stringify(event.arguments)
      if (event.title !== undefined) patch.title = event.title
      if (event.provider !== undefined) patch.provider = event.provider
      if (event.hints !== undefined) patch.hints = event.hints
      if (event.alwaysFor !== undefined) patch.alwaysFor = event.alwaysFor
      if (event.preview !== undefined) patch.preview = event.preview
      return markQueued(upsertCard(run, event.callId, event.name, patch), event.callId)
    }
    case 'elicitation-request': {
      if (run.elicitations.some((e) => e.elicitationId === event.elicitationId)) return run
      const { elicitationId, callId, from, message, requestedSchema } = event
      return { ...run, elicitations: [...run.elicitations, { elicitationId, callId, from, message, requestedSchema }] }
    }
    case 'tool-progress': {
      const card = run.tools[event.callId]
      if (!card) return run
      return upsertCard(run, event.callId, card.name, {
        progress: { progress: event.progress, total: event.total, message: event.message },
      })
    }
    case 'retry-scheduled':
      return { ...run, retry: { attempt: event.attempt, delayMs: event.delayMs, message: event.message } }
    case 'notice':
      return {
        ...run,
        notices: [
          ...run.notices,
          { id: event.id, text: event.text, ...(event.values ? { values: event.values } : {}) },
        ],
      }
    case 'diagnostics':
      return {
        ...run,
        diagnostics: [
          ...run.diagnostics,
          {
            round: event.round,
            attempt: event.attempt,
            kind: event.kind,
            status: event.status,
            requestId: event.requestId,
            providerMessage: event.providerMessage,
          },
        ],
      }
    case 'usage':
      return { ...run, usage: [...run.usage, { usage: event.usage, estimated: event.estimated }] }
    case 'run-end': {
      // Cards still waiting for an answer can no longer get one.
      const tools: Record<string, ToolCard> = {}
      for (const [id, card] of Object.entries(run.tools))
        tools[id] = card.approvalId ? { ...card, approvalId: undefined } : card
      return {
        ...closeReasoning(run, now),
        status: event.status,
        interruptReason: event.interruptReason,
        conversationId: event.conversationId,
        messageId: event.messageId,
        retry: undefined,
        tools,
        // Unanswered requests for input are cancelled with the run (the core answers them so).
        elicitations: [],
      }
    }
    default:
      return run
  }
}

/** The user answered a request for input (or it can no longer be answered): it leaves the answer. */
export function dismissElicitation(run: LiveRun, elicitationId: string): LiveRun {
  if (!run.elicitations.some((e) => e.elicitationId === elicitationId)) return run
  return { ...run, elicitations: run.elicitations.filter((e) => e.elicitationId !== elicitationId) }
}

/** Reduces a batch (one animation frame's worth) in order. */
export function reduceRunEvents(run: LiveRun, events: readonly RunEvent[], now: number = Date.now()): LiveRun {
  let next = run
  for (const event of events) next = reduceRun(next, event, now)
  return next
}

/** The answer's text so far (all text segments joined). */
export function liveText(run: LiveRun): string {
  return run.segments.map((s) => (s.kind === 'text' ? s.text : '')).join('')
}
