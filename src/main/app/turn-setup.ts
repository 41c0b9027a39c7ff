import type { CheckedAttachment } from '../../shared/attachments'
import { datePreamble, systemPrompt } from '../../shared/date-preamble'
import type { Locale } from '../../shared/locale'
import { wellFormed } from '../../shared/well-formed-text'
import type { ProviderId } from '../../shared/provider-id'
import type { RunEvent } from '../../shared/run-events'
import type { KeelStore } from '../db/keel-store'
import type { Approver, Elicitor } from '../harness/approval'
import type { RetryPolicy } from '../harness/retry-policy'
import type { RunTurnOptions } from '../harness/run-turn'
import { createStoreTurnRecorder } from '../harness/store-turn-recorder'
import { streamModelRound, type FetchLike } from '../harness/stream-model-round'
import { resolveConnection, resolveDefaultProvider } from '../providers/provider-config'
import type { ProviderConnection } from '../providers/provider-request'
import type { ToolRegistry } from '../tools/tool-registry'
import { keyForms, redactValue, redactingFetch, sanitizingStreamRound } from './key-redaction'
import { redactingRecorder, type ProviderKeys } from './provider-keys'
import { readSettings, storedProviderSettings } from './settings-view'
import { resolveUserTimeZone } from './user-time-zone'

type Env = Readonly<Record<string, string | undefined>>

/** What the user asked for: the message and, from the CLI's flags, per-turn overrides. */
export interface TurnRequest {
  conversationId?: string | undefined
  text: string
  /** Files on the message, already checked ({@link checkTurnAttachments}). */
  attachments?: readonly CheckedAttachment[] | undefined
  provider?: ProviderId | undefined
  /** `keel chat --model` / `--base-url`: win over the environment and the saved settings. */
  model?: string | undefined
  baseUrl?: string | undefined
  maxRounds?: number | undefined
  locale?: Locale | undefined
}

/** Where the turn's events and questions go; differs per transport (window, socket, terminal). */
export interface TurnIo {
  signal: AbortSignal
  approver: Approver
  /** Asks the user for a tool server's form (absent: declined, e.g. the CLI). */
  elicit?: Elicitor | undefined
  onEvent: (event: RunEvent) => void
  runId?: string | undefined
}

export interface TurnSetupInput {
  store: KeelStore
  env: Env
  keys: ProviderKeys
  tools: ToolRegistry
  request: TurnRequest
  io: TurnIo
  /** Tests and embedders; otherwise `fetch`, the environment's timeouts and the default retry policy. */
  fetch?: FetchLike | undefined
  idleTimeoutMs?: number | undefined
  turnTimeoutMs?: number | undefined
  retryPolicy?: RetryPolicy | undefined
}

export interface PreparedTurn {
  options: RunTurnOptions
  provider: ProviderId
  connection: ProviderConnection
}

/**
 * The one place a turn is set up, for the app (both transports) and `keel chat` alike: settings
 * read once (corrupt ones fall back to their defaults), the provider and its connection resolved
 * (flags, environment, settings, defaults), "always allow" grants, and key scrubbing on every path
 * out of the core — the provider's bytes, headers and fetch's own errors (a proxy that echoes the
 * key), every run event, and everything the recorder stores. The system prompt begins with the
 * date preamble (today, in the user's time zone, in the turn's language); the tools read and write
 * dates in that same zone.
 */
export function prepareTurn(input: TurnSetupInput): PreparedTurn {
  const { store, env, keys, request, io } = input
  const settings = readSettings(store).values
  const provider = request.provider ?? resolveDefaultProvider(env, settings.activeProvider ?? undefined)
  const connection = resolveConnection(provider, {
    env,
    settings: storedProviderSettings(readSettings(store), keys, provider),
    overrides: { model: request.model, baseUrl: request.baseUrl },
  })
  const secrets = [...new Set([...keys.all(), connection.apiKey].filter((key) => key.length > 0))]
  const forms = keyForms(secrets)
  const alwaysAllowed = new Set(Object.entries(settings.toolPermissions).flatMap(([tool, permission]) => (permission === 'always-allow' ? [tool] : [])))
  const locale = request.locale ?? settings.language
  const timeZone = resolveUserTimeZone(env)
  const options: RunTurnOptions = {
    conversationId: request.conversationId,
    userText: wellFormed(request.text),
    userAttachments: request.attachments,
    provider,
    connection,
    locale,
    // The store's clock is the tools' clock: "today" in the preamble is the day the tools see.
    system: systemPrompt(datePreamble({ now: store.clock(), timeZone, locale })),
    timeZone,
    signal: io.signal,
    approver: io.approver,
    elicit: io.elicit,
    alwaysAllowed,
    onEvent: (event) => io.onEvent(redactValue(event, forms)),
    recorder: redactingRecorder(createStoreTurnRecorder(store), secrets),
    // The tool list is fixed at the start of the turn.
    tools: input.tools.snapshot(),
    fetch: redactingFetch(input.fetch ?? ((url, init) => fetch(url, init)), secrets),
    streamRound: sanitizingStreamRound(streamModelRound, secrets),
    maxRounds: request.maxRounds ?? settings.maxToolRounds,
    idleTimeoutMs: input.idleTimeoutMs ?? positiveNumber(env.KEEL_IDLE_TIMEOUT_MS),
    turnTimeoutMs: input.turnTimeoutMs ?? positiveNumber(env.KEEL_TURN_TIMEOUT_MS) ?? settings.turnTimeoutSeconds * 1000,
    retryPolicy: input.retryPolicy,
    runId: io.runId,
  }
  return { options, provider, connection }
}

function positiveNumber(text: string | undefined): number | undefined {
  const value = Number(text)
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : undefined
}
