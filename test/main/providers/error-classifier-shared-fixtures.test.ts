// The recorded error bodies in ../shared/fixtures (SOURCES.md: the 401s of every API, Gemini's
// 400 API_KEY_INVALID served as an event stream, OpenAI's in-stream insufficient_quota) and the
// recorded length cuts, through the parser and the message each gets. The folder is not part of
// the repository: when it is absent the suite reports one skipped test saying so.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { noticeAction, noticeForProviderError } from '../../../src/shared/error-notice'
import { fallbackMessage } from '../../../src/shared/fallback-messages'
import type { ProviderId } from '../../../src/shared/provider-id'
import { judgeRound } from '../../../src/main/harness/judge-round'
import { parseWhole } from '../../helpers/parse-helpers'

const SHARED = resolve(import.meta.dirname, '../../../../shared/fixtures')
const present = existsSync(SHARED)

const body = (file: string) => readFileSync(join(SHARED, file), 'utf8')

const ERRORS: [file: string, provider: ProviderId, status: number, kind: string, sentence: RegExp][] = [
  [
    'anthropic/http-401-authentication-error.json',
    'anthropic',
    401,
    'authentication',
    /^Anthropic rejected the API key\. Check the key in Settings\. Anthropic says: “invalid x-api-key”$/,
  ],
  ['openai-chat/http-401-invalid-api-key.json', 'openai-chat', 401, 'authentication', /^OpenAI rejected the API key/],
  [
    'openai-responses/http-401-invalid-api-key.json',
    'openai-responses',
    401,
    'authentication',
    /^OpenAI rejected the API key/,
  ],
  [
    'gemini/http-400-invalid-api-key-served-as-event-stream.json',
    'gemini',
    400,
    'authentication',
    /^Google Gemini rejected the API key.*“API key not valid\. Please pass a valid API key\.”$/,
  ],
  [
    'openai-responses/error-insufficient-quota.sse',
    'openai-responses',
    200,
    'quota-exceeded',
    /out of quota or credit.*You exceeded your current quota/,
  ],
]

const BASE_URLS: Record<string, string> = {
  anthropic: 'https://api.anthropic.com',
  'openai-chat': 'https://api.openai.com/v1',
  'openai-responses': 'https://api.openai.com/v1',
  gemini: 'https://generativelanguage.googleapis.com/v1beta',
}

describe.runIf(present)('recorded error bodies (../shared/fixtures)', () => {
  it.each(ERRORS)('%s', (file, provider, status, kind, sentence) => {
    const { result } = parseWhole(provider, body(file), { response: { status, headers: {} } })
    expect(result.error?.kind).toBe(kind)
    const notice = noticeForProviderError(result.error!, {
      providerId: provider,
      baseUrl: BASE_URLS[provider],
      model: 'm',
      apiKeySet: true,
    })
    expect(fallbackMessage('en', notice.id, notice.values)).toMatch(sentence)
    // A rejected key or an empty account: retrying cannot help, the provider's settings can.
    expect(noticeAction(notice)).toMatchObject({ retry: false, settings: `provider-settings-${provider}` })
  })

  it.each<[string, ProviderId]>([
    ['anthropic/text-truncated-max-tokens.sse', 'anthropic'],
    ['openai-chat/length-truncated-text.sse', 'openai-chat'],
    ['openai-responses/incomplete-max-output-tokens.sse', 'openai-responses'],
    ['gemini/text-truncated-max-tokens.sse', 'gemini'],
  ])('%s: the length limit, not a failure', (file, provider) => {
    const { result } = parseWhole(provider, body(file), { response: { status: 200, headers: {} } })
    const verdict = judgeRound({
      result,
      stopped: false,
      outputForwarded: true,
      textShown: result.text.length > 0,
      previousRoundHadToolFailure: false,
      maxCallsPerRound: 64,
    })
    expect(verdict).toMatchObject({ kind: 'end', status: 'interrupted', notice: { id: 'length-limit' } })
  })
})

describe.skipIf(present)('recorded error bodies', () => {
  it.skip(`skipped: ${SHARED} is absent (the shared recordings are not part of the repository)`, () => {})
})
