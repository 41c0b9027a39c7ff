import type { HostedSearchLimits } from '../../shared/web-tools'
import type { ToolArgumentIssue } from '../../shared/tool-outcome'
import type { HistoryMessage } from '../../shared/chat-history'
import type { JsonValue } from '../../shared/json-value'
import { fallbackMessage, titlesOf, type NoticeRef } from '../../shared/fallback-messages'
import type { Locale } from '../../shared/locale'
import type { ProviderId } from '../../shared/provider-id'
import type { RunEvent, ToolCallState } from '../../shared/run-events'
import type { ProviderConnection, ProviderToolDefinition } from '../providers/provider-request'
import { lastUserIndex } from '../providers/request-history'
import { fitToolsToProvider, type LeftOutTool } from '../providers/fit-tools-to-provider'
import { providerDefinition } from '../providers/provider-registry'
import { BUILTIN_SOURCE } from '../tools/tool'
import type { ToolSet } from '../tools/tool-registry'
import type { Approver, Elicitor } from './approval'
import type { RetryPolicy } from './retry-policy'
import type { FetchLike } from './stream-model-round'
import type { TurnRecorder } from './turn-recorder'
import type { RunTurnOptions, StreamRound, TurnProfile } from './run-turn-options'
import { DEFAULT_RETRY_POLICY } from './retry-policy'
import { DEFAULT_STALL_TIMEOUT_MS, streamModelRound } from './stream-model-round'

/** One model round: the real one over HTTP, or a scripted model in tests. */
export type { StreamRound } from './run-turn-options'

/**
 * Everything the parts of one turn share, passed explicitly (the turn loop, one round with its
 * retries, the execution of a round's calls). The few fields that change as the turn goes on are
 * grouped in {@link TurnProgress}.
 */
export interface TurnContext {
  readonly provider: ProviderId
  /** The profile the user chose (its settings entry, its name): failure messages name it and link to it. */
  readonly profile: TurnProfile | undefined
  readonly connection: ProviderConnection
  readonly locale: Locale
  readonly system: string | undefined
  /** The user's IANA time zone, passed to every tool call. */
  readonly timeZone: string
  readonly signal: AbortSignal
  readonly recorder: TurnRecorder
  readonly tools: ToolSet
  readonly approver: Approver
  readonly elicit: Elicitor | undefined
  /** Write tools the user allowed for good; an `always` answer adds to it. */
  readonly alwaysAllowed: Set<string>
  /** The tools the request declares, fitted to the provider's rules ({@link fitToolsToProvider}). */
  readonly toolDefinitions: readonly ProviderToolDefinition[]
  /** Enabled tools the provider could not be sent, and why: the user is told before the first request. */
  readonly leftOutTools: readonly LeftOutTool[]
  readonly declaredToolNames: ReadonlySet<string>
  readonly streamRound: StreamRound
  readonly fetch: FetchLike | undefined
  readonly now: () => number
  readonly random: (() => number) | undefined
  readonly retryPolicy: RetryPolicy
  readonly stallTimeoutMs: number
  readonly deadlineAt: number | undefined
  readonly turnTimeoutMs: number | undefined
  readonly maxOutputTokens: number | undefined
  readonly temperature: number | undefined
  readonly hostedSearch: boolean
  readonly hostedSearchLimits: HostedSearchLimits | undefined
  readonly turn: { conversationId: string; turnId: string; messageId: string }
  /**
   * Index in the history of the question the turn answers (its files always go with each request).
   * Continue: the question before the partial answer, not the request to go on that follows it.
   */
  readonly questionIndex: number
  readonly emit: (event: RunEvent) => void
  readonly progress: TurnProgress
}

/** What the turn accumulates as it goes. */
export interface TurnProgress {
  /** What the provider is sent: the stored history, the user's message, then each round and its results. */
  history: HistoryMessage[]
  /** The answer text shown so far (paragraph breaks between rounds included). */
  shownText: string
  /** Keel's own messages shown so far, as stored with the answer. */
  notices: NoticeRef[]
  /** Consecutive invalid calls per tool name: the second in a row ends the turn. */
  invalidStreak: Map<string, number>
  previousRoundHadToolFailure: boolean
  /** The previous round was paused by the provider (its own tools): this round continues the same text. */
  continuesPausedRound: boolean
  /** Time spent thinking so far (from a reasoning delta to the next output of another kind), for "Thought for N s". */
  reasoningMs: number
  /** When the reasoning now streaming began (undefined when none is streaming). */
  reasoningSince: number | undefined
}

/** Reasoning stops when other output begins (or the round ends): its time is added up. */
export function endReasoning(context: TurnContext): void {
  const since = context.progress.reasoningSince
  if (since === undefined) return
  context.progress.reasoningMs += Math.max(0, context.now() - since)
  context.progress.reasoningSince = undefined
}

/** Shows (and keeps, for the stored answer) one of Keel's own messages. */
export function showNotice(context: TurnContext, notice: NoticeRef): void {
  context.progress.notices.push(notice)
  const titleOf = titlesOf(context.tools.list())
  context.emit({
    type: 'notice',
    id: notice.id,
    text: fallbackMessage(context.locale, notice.id, notice.values, titleOf),
    ...(notice.values ? { values: notice.values } : {}),
  })
}

export function setCallState(
  context: TurnContext,
  call: { callId: string; name: string },
  state: ToolCallState,
  extra: { argumentsText?: string; summary?: string; output?: JsonValue; issues?: ToolArgumentIssue[] } = {},
): void {
  context.emit({ type: 'tool-call', callId: call.callId, name: call.name, state, ...extra })
}

/** The context of one turn, from the turn's options and what the recorder began (exported for tests of the parts). */
export function createTurnContext(
  options: RunTurnOptions,
  begun: ReturnType<TurnRecorder['begin']>,
  startedAt: number,
): TurnContext {
  const offered = options.tools.list().map((tool) => {
    // `$schema` is metadata some providers reject in a tool's parameters; the tool's own schema stays whole for validation.
    const { $schema: _dialect, ...inputSchema } = tool.inputJsonSchema
    return { name: tool.name, description: tool.description, inputSchema, own: tool.source === BUILTIN_SOURCE }
  })
  const fitted = fitToolsToProvider(offered, providerDefinition(options.provider).toolRules)
  const toolDefinitions = fitted.tools
  return {
    provider: options.provider,
    profile: options.profile,
    connection: options.connection,
    locale: options.locale,
    system: options.system,
    timeZone: options.timeZone,
    signal: options.signal,
    recorder: options.recorder,
    tools: options.tools,
    approver: options.approver,
    elicit: options.elicit,
    alwaysAllowed: options.alwaysAllowed ?? new Set<string>(),
    toolDefinitions,
    leftOutTools: fitted.leftOut,
    declaredToolNames: new Set(toolDefinitions.map((tool) => tool.name)),
    streamRound: options.streamRound ?? streamModelRound,
    fetch: options.fetch,
    now: options.now ?? Date.now,
    random: options.random,
    retryPolicy: options.retryPolicy ?? DEFAULT_RETRY_POLICY,
    stallTimeoutMs: options.idleTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS,
    deadlineAt: options.turnTimeoutMs === undefined ? undefined : startedAt + options.turnTimeoutMs,
    turnTimeoutMs: options.turnTimeoutMs,
    maxOutputTokens: options.maxOutputTokens,
    temperature: options.temperature,
    // Decided by the turn's setup, which knows the entry (OpenRouter's web plugin is an entry's, not an API's).
    hostedSearch: options.hostedSearch === true,
    hostedSearchLimits: options.hostedSearchLimits,
    turn: { conversationId: begun.conversationId, turnId: begun.turnId, messageId: begun.messageId },
    questionIndex: lastUserIndex(
      begun.history,
      options.action?.kind === 'continue' ? lastUserIndex(begun.history) - 1 : begun.history.length - 1,
    ),
    emit: options.onEvent,
    progress: {
      history: [...begun.history],
      shownText: '',
      notices: [],
      invalidStreak: new Map(),
      previousRoundHadToolFailure: false,
      continuesPausedRound: false,
      reasoningMs: 0,
      reasoningSince: undefined,
    },
  }
}
