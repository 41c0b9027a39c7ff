import {
  fallbackMessage,
  MAX_DETAIL_CHARS,
  type FallbackMessageId,
  type FallbackValues,
  type NoticeRef,
} from './fallback-messages'
import type { Locale } from './locale'
import type { ProviderError } from './provider-error'
import { hostOf, providerDisplayName } from './provider-display-name'

/** What a failure message needs to know about where the request went. */
export interface ProviderAbout {
  /** The profile (or wire) id: the settings link targets `provider-settings-<providerId>`. */
  providerId: string
  baseUrl: string | undefined
  model: string
  /** The profile's own name, when the user gave one. */
  name?: string | undefined
  /** Whether a key was sent (a 401 without one is "key missing", not "key rejected"). */
  apiKeySet: boolean
}

/**
 * The one message Keel shows for a provider failure, chosen by the error's kind (from the HTTP
 * status and the provider's own error body, see classify-provider-error.ts): what happened, in the
 * user's words, naming the provider by its human name and the address it tried, quoting the
 * provider's own sentence where that sentence says what to do ("try pulling it first").
 */
export function noticeForProviderError(error: ProviderError, about: ProviderAbout): NoticeRef {
  const named = providerDisplayName(about)
  const host = hostOf(about.baseUrl)
  const base: FallbackValues = { provider: named ?? host ?? about.providerId, providerId: about.providerId }
  const detail = providerSentence(error)
  const withDetail = (values: FallbackValues): FallbackValues => (detail ? { ...values, detail } : values)
  const ref = (id: FallbackMessageId, values: FallbackValues = base): NoticeRef => ({ id, values })
  switch (error.kind) {
    case 'unreachable':
      return named
        ? ref('unreachable', { ...base, host: host ?? about.baseUrl ?? '?' })
        : ref('unreachable-address', { ...base, host: host ?? about.baseUrl ?? '?' })
    case 'network':
      return ref('connection-lost')
    case 'authentication':
      return ref(about.apiKeySet ? 'key-rejected' : 'key-missing', withDetail(base))
    case 'quota-exceeded':
      return ref('quota-exceeded', withDetail(base))
    case 'rate-limit': {
      const wait = error.waitMs ?? error.retryAfterMs
      return wait !== undefined && wait > 0
        ? ref('rate-limited-wait', { ...base, seconds: Math.ceil(wait / 1000) })
        : ref('rate-limited')
    }
    case 'model-not-found':
      return ref('model-not-found', withDetail({ ...base, model: about.model }))
    case 'context-too-long':
      return ref('context-too-long', withDetail(base))
    case 'content-filter':
      return ref('content-filtered', withDetail(base))
    case 'overloaded':
      return ref('overloaded')
    case 'server':
      return ref('server-error', withDetail(base))
    case 'timeout':
      return ref('provider-timeout')
    case 'invalid-request':
      return error.status === 404
        ? ref('endpoint-not-found', { ...base, host: host ?? about.baseUrl ?? '?' })
        : ref('bad-request', withDetail(base))
    case 'provider':
    case 'truncated':
    case 'malformed':
      return { id: 'no-answer' }
  }
}

/** The provider's sentence, on one line and not too long to read; undefined when it said nothing of its own. */
function providerSentence(error: ProviderError): string | undefined {
  const said = error.providerMessage?.replace(/\s+/g, ' ').trim()
  if (!said) return undefined
  return said.length > MAX_DETAIL_CHARS ? `${said.slice(0, MAX_DETAIL_CHARS - 1)}…` : said
}

/** What the user can do about a message: open the setting that fixes it, retry, or wait first. */
export interface NoticeAction {
  /** Retrying can help (never for a rejected key, a missing model, a too-long conversation…). */
  retry: boolean
  /** The settings that fix it: `provider-settings-<providerId>`, or `''` for Settings itself; undefined: none. */
  settings: string | undefined
  /** Seconds to wait before retrying helps (a rate limit). */
  waitSeconds: number | undefined
}

/** Messages after which retrying the same request cannot help. */
const NO_RETRY: ReadonlySet<FallbackMessageId> = new Set<FallbackMessageId>([
  'authentication',
  'key-missing',
  'key-rejected',
  'quota-exceeded',
  'model-not-found',
  'endpoint-not-found',
  'context-too-long',
  'content-filtered',
  'bad-request',
  'too-many-tool-calls',
  'invalid-arguments-twice',
  // The same tools would be left out again: turning some off in Settings is what helps.
  'tools-over-limit',
  'tools-not-accepted',
  'storage-full',
  // Asking again gets the same cut: Continue (on the answer) is what helps.
  'length-limit',
])

/** Messages fixed in the provider's settings (key, address, model). */
const FIXED_IN_SETTINGS: ReadonlySet<FallbackMessageId> = new Set<FallbackMessageId>([
  'authentication',
  'key-missing',
  'key-rejected',
  'quota-exceeded',
  'model-not-found',
  'endpoint-not-found',
  'context-too-long',
  'unreachable',
  'unreachable-address',
  'turn-timeout',
  'tools-over-limit',
  'tools-not-accepted',
])

/** The action of a message, from its id and values (the same for a live and a stored answer). */
export function noticeAction(notice: NoticeRef): NoticeAction {
  const providerId = notice.values?.providerId
  const settings = FIXED_IN_SETTINGS.has(notice.id)
    ? providerId && notice.id !== 'turn-timeout'
      ? providerSettingsAnchor(providerId)
      : ''
    : undefined
  return {
    retry: !NO_RETRY.has(notice.id),
    settings,
    waitSeconds: notice.id === 'rate-limited-wait' ? notice.values?.seconds : undefined,
  }
}

/** The element id of a provider's form in Settings (S1's provider form carries it). */
export function providerSettingsAnchor(providerId: string): string {
  return `provider-settings-${providerId}`
}

/** The answer was cut by the output-token limit (the message kept with it says so): Continue keys on this. */
export function endedAtLengthLimit(notices: readonly NoticeRef[]): boolean {
  return notices.some((n) => n.id === 'length-limit')
}

/** The sentence for a failure, on one line (the CLI prints it as is). */
export function providerErrorSentence(locale: Locale, error: ProviderError, about: ProviderAbout): string {
  const notice = noticeForProviderError(error, about)
  return fallbackMessage(locale, notice.id, notice.values)
}
