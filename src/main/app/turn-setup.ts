import { hasHostedSearch } from '../../shared/hosted-search'
import { isProviderId } from '../../shared/provider-id'
import type { CheckedAttachment } from '../../shared/attachments'
import { datePreamble, systemPrompt } from '../../shared/date-preamble'
import type { Locale } from '../../shared/locale'
import { localeFromEnv } from '../../shared/locale-pick'
import { wellFormed } from '../../shared/well-formed-text'
import type { ProviderId } from '../../shared/provider-id'
import { PROVIDER_PRESETS, type ProviderNotReadyReason, type ProviderProfileId } from '../../shared/provider-profiles'
import type { RunEvent } from '../../shared/run-events'
import type { StoreWriter } from '../db/keel-store'
import type { Approver, Elicitor } from '../harness/approval'
import type { RetryPolicy } from '../harness/retry-policy'
import type { RunTurnOptions } from '../harness/run-turn'
import type { TurnAction } from '../harness/turn-recorder'
import { createStoreTurnRecorder } from '../harness/store-turn-recorder'
import { streamModelRound, type FetchLike } from '../harness/stream-model-round'
import { notReadyReason, profileKeyVariable, type ResolvedProfile } from '../providers/provider-config'
import type { ProviderConnection } from '../providers/provider-request'
import type { ToolRegistry } from '../tools/tool-registry'
import { mcpInstructionsBlock, type McpServerInstructions } from '../mcp/mcp-instructions'
import { keyForms, redactValue, redactingFetch, sanitizingStreamRound } from '../secrets/key-redaction'
import { redactingRecorder, type ProviderKeys } from '../secrets/provider-keys'
import { readSettings } from '../settings/read-settings'
import { defaultProfileId, resolveSavedProfile } from '../settings/saved-profiles'
import { resolveUserTimeZone } from './user-time-zone'
import type { Env } from '../../shared/env'

/** What the user asked for: the message and, from the CLI's flags, per-turn overrides. */
export interface TurnRequest {
  conversationId?: string | undefined
  text: string
  /** A provider profile id (a wire id, `ollama`, `custom-2`, …); absent: the default provider. */
  provider?: ProviderProfileId | undefined
  /** Files on the message, already checked ({@link checkTurnAttachments}). */
  attachments?: readonly CheckedAttachment[] | undefined
  /** `keel chat --model` / `--base-url`: win over the environment and the saved settings. */
  model?: string | undefined
  baseUrl?: string | undefined
  maxRounds?: number | undefined
  locale?: Locale | undefined
  /** A message action (regenerate, edit and resend, continue) instead of a new question. */
  action?: TurnAction | undefined
  /** The conversation's own system prompt: sent after Keel's date preamble, never instead of it. */
  system?: string | undefined
  /** The conversation's output cap and temperature (unset: the provider's defaults). */
  maxOutputTokens?: number | undefined
  temperature?: number | undefined
  /** The conversation asked for its provider's own web search (sent only where the API has one). */
  webSearch?: boolean | undefined
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
  store: StoreWriter
  env: Env
  keys: ProviderKeys
  tools: ToolRegistry
  request: TurnRequest
  io: TurnIo
  /** MCP servers' instructions the user chose to send (taken at the turn's start, like its tools). */
  mcpInstructions?: readonly McpServerInstructions[] | undefined
  /** Tests and embedders; otherwise `fetch`, the environment's timeouts and the default retry policy. */
  fetch?: FetchLike | undefined
  idleTimeoutMs?: number | undefined
  turnTimeoutMs?: number | undefined
  retryPolicy?: RetryPolicy | undefined
}

export interface PreparedTurn {
  options: RunTurnOptions
  /** The wire API the turn speaks. */
  provider: ProviderId
  /** The profile it was sent to. */
  profileId: ProviderProfileId
  connection: ProviderConnection
}

/**
 * A turn that must not be sent: no such provider, or one that needs a key and has none (nothing
 * reaches the network). The window offers setup; the CLI says it in one line and exits 2.
 */
export class ProviderNotReadyError extends Error {
  override readonly name = 'ProviderNotReadyError'
  constructor(
    readonly provider: ProviderProfileId,
    readonly reason: ProviderNotReadyReason,
    readonly profileName: string | undefined,
    readonly keyVariable: string | undefined,
  ) {
    super(notReadyMessage(provider, reason, profileName, keyVariable))
  }
}

function notReadyMessage(
  provider: string,
  reason: ProviderNotReadyReason,
  name: string | undefined,
  keyVariable: string | undefined,
): string {
  const who = name ? `${name} (${provider})` : `"${provider}"`
  switch (reason) {
    case 'unknown-provider':
      return `unknown provider "${provider}": set one up in Settings, or name another with --provider (nothing was sent)`
    case 'no-key':
      return `${who} needs an API key and none is set: ${keyVariable ? `set ${keyVariable}, or ` : ''}save one in Settings (nothing was sent)`
    case 'no-base-url':
      return `${who} has no server address: set its base URL in Settings (nothing was sent)`
    case 'no-model':
      return `${who} has no model chosen: pick one in Settings, or name one with --model (nothing was sent)`
  }
}

/**
 * The profile a turn would go to, or why it cannot (checked before anything is sent or stored).
 * `request.provider` absent: the default provider.
 */
export function resolveTurnProfile(
  input: Pick<TurnSetupInput, 'store' | 'env' | 'keys'> & {
    request: Pick<TurnRequest, 'provider' | 'model' | 'baseUrl'>
  },
): { ok: true; profile: ResolvedProfile } | { ok: false; error: ProviderNotReadyError } {
  const settings = readSettings(input.store)
  const id = input.request.provider ?? defaultProfileId(settings, input.keys, input.env)
  const profile = resolveSavedProfile(settings, input.keys, input.env, id, {
    model: input.request.model,
    baseUrl: input.request.baseUrl,
  })
  if (!profile) return { ok: false, error: new ProviderNotReadyError(id, 'unknown-provider', undefined, undefined) }
  const reason = notReadyReason(profile)
  if (reason) {
    const stored = Object.hasOwn(settings.values.providers, id) ? settings.values.providers[id] : undefined
    return {
      ok: false,
      error: new ProviderNotReadyError(
        id,
        reason,
        profile.name,
        profileKeyVariable(id, stored) ?? PROVIDER_PRESETS[profile.preset].keyVariable,
      ),
    }
  }
  return { ok: true, profile }
}

/**
 * The profile's name for a message; undefined where the address says more: a wire id's profile
 * ("OpenAI (Chat Completions)" pointed at an Ollama port is Ollama) and an unnamed "Other
 * OpenAI-compatible server".
 */
function ownName(profile: { id: string; name: string; preset: keyof typeof PROVIDER_PRESETS }): string | undefined {
  if (isProviderId(profile.id)) return undefined
  return profile.preset === 'custom' && profile.name === PROVIDER_PRESETS.custom.name ? undefined : profile.name
}

/**
 * The one place a turn is set up, for the app (both transports) and `keel chat` alike: settings
 * read once (corrupt ones fall back to their defaults), the provider and its connection resolved
 * (flags, environment, settings, defaults), "always allow" grants, and key scrubbing on every path
 * out of the core — the provider's bytes, headers and fetch's own errors (a proxy that echoes the
 * key), every run event, and everything the recorder stores. The system prompt begins with the
 * date preamble (today, in the user's time zone, in the turn's language); the tools read and write
 * dates in that same zone.
 *
 * Throws {@link ProviderNotReadyError} (before anything is stored or sent) when the provider does
 * not exist or needs a key it does not have: no keyless request ever reaches such a provider.
 */
export function prepareTurn(input: TurnSetupInput): PreparedTurn {
  const { store, env, keys, request, io } = input
  const settings = readSettings(store).values
  const resolved = resolveTurnProfile(input)
  if (!resolved.ok) throw resolved.error
  const { connection, api: provider, id: profileId } = resolved.profile
  const secrets = [...new Set([...keys.all(), connection.apiKey].filter((key) => key.length > 0))]
  const forms = keyForms(secrets)
  const alwaysAllowed = new Set(
    Object.entries(settings.toolPermissions).flatMap(([tool, permission]) =>
      permission === 'always-allow' ? [tool] : [],
    ),
  )
  // The window sends its language (it may follow the browser's); else the saved choice, or the OS's.
  const locale = request.locale ?? (settings.language === 'system' ? localeFromEnv(env) : settings.language)
  const timeZone = resolveUserTimeZone(env)
  const options: RunTurnOptions = {
    conversationId: request.conversationId,
    userText: wellFormed(request.text),
    action: request.action,
    userAttachments: request.attachments,
    provider,
    // Failure messages name the profile as the user does, and open its entry in Settings.
    profile: { id: profileId, name: ownName(resolved.profile) },
    connection,
    locale,
    // The store's clock is the tools' clock: "today" in the preamble is the day the tools see.
    // Servers' instructions (when the user turned them on) follow it, fenced as that server's text.
    system: systemPrompt(
      [
        datePreamble({ now: store.clock(), timeZone, locale }),
        mcpInstructionsBlock(input.mcpInstructions ?? [], locale),
      ]
        .filter((part) => part !== undefined)
        .join('\n\n'),
      request.system,
    ),
    maxOutputTokens: request.maxOutputTokens,
    temperature: request.temperature,
    // Only where the entry's provider runs search itself (a stored "on" for another entry sends nothing).
    hostedSearch: request.webSearch === true && hasHostedSearch(provider, resolved.profile.preset),
    hostedSearchLimits: settings.webTools.providerSearch,
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
    turnTimeoutMs:
      input.turnTimeoutMs ?? positiveNumber(env.KEEL_TURN_TIMEOUT_MS) ?? settings.turnTimeoutSeconds * 1000,
    retryPolicy: input.retryPolicy,
    runId: io.runId,
  }
  return { options, provider, profileId, connection }
}

function positiveNumber(text: string | undefined): number | undefined {
  const value = Number(text)
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : undefined
}
