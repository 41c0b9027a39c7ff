// The error classifier against providers' real error documents (as their docs and issue threads
// show them: Ollama, LM Studio, OpenRouter, vLLM, OpenAI, Anthropic, Google), through the real
// parser, and the message and action each cause gets. The recorded bodies in ../shared/fixtures
// have their own suite (error-classifier-shared-fixtures.test.ts).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { noticeAction, noticeForProviderError, providerErrorSentence } from '../../../src/shared/error-notice'
import { fallbackMessage } from '../../../src/shared/fallback-messages'
import { PROVIDER_ERROR_KINDS, type ProviderErrorKind } from '../../../src/shared/provider-error'
import type { ProviderId } from '../../../src/shared/provider-id'
import { classifyProviderError } from '../../../src/main/providers/classify-provider-error'
import { errorFromDocument } from '../../../src/main/providers/document-error'
import { rateLimitWaitMs } from '../../../src/main/providers/http-response-meta'
import { parseWhole } from '../../helpers/parse-helpers'

interface Case {
  what: string
  provider: ProviderId
  status: number
  body: string
  headers?: Record<string, string>
  kind: ProviderErrorKind
  retryable: boolean
  waitMs?: number
  /** The provider's sentence the message quotes. */
  said?: string
}

const CASES: Case[] = [
  {
    what: 'Ollama /v1: unknown model (404, type api_error)',
    provider: 'openai-chat',
    status: 404,
    body: '{"error":{"message":"model \\"llama3.2\\" not found, try pulling it first","type":"api_error","param":null,"code":null}}',
    kind: 'model-not-found',
    retryable: false,
    said: 'model "llama3.2" not found, try pulling it first',
  },
  {
    what: "Ollama's native error string",
    provider: 'openai-chat',
    status: 404,
    body: '{"error":"model \\"llama3.2\\" not found, try pulling it first"}',
    kind: 'model-not-found',
    retryable: false,
    said: 'model "llama3.2" not found, try pulling it first',
  },
  {
    what: 'LM Studio with no model loaded',
    provider: 'openai-chat',
    status: 400,
    body: '{"error":{"message":"No models loaded. Please load a model in the developer page or use the `lms load` command.","type":"invalid_request_error","param":"model","code":"model_not_found"}}',
    kind: 'model-not-found',
    retryable: false,
  },
  {
    what: 'OpenAI unknown model',
    provider: 'openai-responses',
    status: 404,
    body: '{"error":{"message":"The model `gpt-9` does not exist or you do not have access to it.","type":"invalid_request_error","param":null,"code":"model_not_found"}}',
    kind: 'model-not-found',
    retryable: false,
  },
  {
    what: 'Anthropic unknown model',
    provider: 'anthropic',
    status: 404,
    body: '{"type":"error","error":{"type":"not_found_error","message":"model: claude-9"}}',
    kind: 'model-not-found',
    retryable: false,
  },
  {
    what: 'Gemini unknown model',
    provider: 'gemini',
    status: 404,
    body: '{"error":{"code":404,"message":"models/gemini-9 is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.","status":"NOT_FOUND"}}',
    kind: 'model-not-found',
    retryable: false,
  },
  {
    what: 'OpenAI context_length_exceeded',
    provider: 'openai-chat',
    status: 400,
    body: '{"error":{"message":"This model\'s maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}',
    kind: 'context-too-long',
    retryable: false,
  },
  {
    what: 'Anthropic prompt is too long',
    provider: 'anthropic',
    status: 400,
    body: '{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 208310 tokens > 200000 maximum"}}',
    kind: 'context-too-long',
    retryable: false,
  },
  {
    what: 'Gemini input token count',
    provider: 'gemini',
    status: 400,
    body: '{"error":{"code":400,"message":"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).","status":"INVALID_ARGUMENT"}}',
    kind: 'context-too-long',
    retryable: false,
  },
  {
    what: 'vLLM context (object: error)',
    provider: 'openai-chat',
    status: 400,
    body: '{"object":"error","message":"This model\'s maximum context length is 4096 tokens. However, you requested 5000 tokens.","type":"BadRequestError","param":null,"code":400}',
    kind: 'context-too-long',
    retryable: false,
  },
  {
    what: 'Anthropic request_too_large (413)',
    provider: 'anthropic',
    status: 413,
    body: '{"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum allowed number of bytes."}}',
    kind: 'context-too-long',
    retryable: false,
  },
  {
    what: 'OpenAI rate limit with reset headers',
    provider: 'openai-chat',
    status: 429,
    headers: {
      'x-ratelimit-remaining-tokens': '0',
      'x-ratelimit-reset-tokens': '6m0s',
      'x-ratelimit-remaining-requests': '12',
      'x-ratelimit-reset-requests': '1s',
    },
    body: '{"error":{"message":"Rate limit reached for gpt-4o on tokens per min (TPM): Limit 30000, Used 30000, Requested 900.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}',
    kind: 'rate-limit',
    retryable: true,
    waitMs: 360_000,
  },
  {
    what: 'Anthropic rate limit with retry-after',
    provider: 'anthropic',
    status: 429,
    headers: { 'retry-after': '30' },
    body: '{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit."}}',
    kind: 'rate-limit',
    retryable: true,
    waitMs: 30_000,
  },
  {
    what: 'Gemini RESOURCE_EXHAUSTED with RetryInfo',
    provider: 'gemini',
    status: 429,
    body: '{"error":{"code":429,"message":"You exceeded your current quota, please check your plan and billing details.","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"37s"}]}}',
    kind: 'rate-limit',
    retryable: true,
    waitMs: 37_000,
  },
  {
    what: 'OpenAI insufficient_quota (429, not transient)',
    provider: 'openai-responses',
    status: 429,
    body: '{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}',
    kind: 'quota-exceeded',
    retryable: false,
  },
  {
    what: 'OpenRouter 402 credits',
    provider: 'openai-chat',
    status: 402,
    body: '{"error":{"code":402,"message":"Insufficient credits. Add more using https://openrouter.ai/credits"}}',
    kind: 'quota-exceeded',
    retryable: false,
  },
  {
    what: 'Anthropic credit balance',
    provider: 'anthropic',
    status: 400,
    body: '{"type":"error","error":{"type":"invalid_request_error","message":"Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits."}}',
    kind: 'quota-exceeded',
    retryable: false,
  },
  {
    what: 'OpenRouter 403 moderation',
    provider: 'openai-chat',
    status: 403,
    body: '{"error":{"code":403,"message":"Input was flagged by moderation","metadata":{"reasons":["violence"],"flagged_input":"..."}}}',
    kind: 'content-filter',
    retryable: false,
  },
  {
    what: 'Azure OpenAI content_filter (400)',
    provider: 'openai-chat',
    status: 400,
    body: '{"error":{"message":"The response was filtered due to the prompt triggering Azure OpenAI\'s content management policy.","type":null,"param":"prompt","code":"content_filter","status":400}}',
    kind: 'content-filter',
    retryable: false,
  },
  {
    what: 'Anthropic overloaded (529)',
    provider: 'anthropic',
    status: 529,
    body: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    kind: 'overloaded',
    retryable: true,
  },
  {
    what: 'Gemini 503 UNAVAILABLE',
    provider: 'gemini',
    status: 503,
    body: '{"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}',
    kind: 'overloaded',
    retryable: true,
  },
  {
    what: 'OpenAI 500',
    provider: 'openai-chat',
    status: 500,
    body: '{"error":{"message":"The server had an error while processing your request. Sorry about that!","type":"server_error","param":null,"code":null}}',
    kind: 'server',
    retryable: true,
  },
  {
    what: 'OpenRouter 502 provider down',
    provider: 'openai-chat',
    status: 502,
    body: '{"error":{"code":502,"message":"Provider returned error"}}',
    kind: 'server',
    retryable: true,
  },
  {
    what: 'OpenRouter 408 timeout',
    provider: 'openai-chat',
    status: 408,
    body: '{"error":{"code":408,"message":"Timed out"}}',
    kind: 'timeout',
    retryable: true,
  },
  {
    what: 'OpenRouter 401 no credentials',
    provider: 'openai-chat',
    status: 401,
    body: '{"error":{"code":401,"message":"No auth credentials found"}}',
    kind: 'authentication',
    retryable: false,
  },
  {
    what: 'a wrong base URL (plain-text 404)',
    provider: 'openai-chat',
    status: 404,
    body: '404 page not found',
    kind: 'invalid-request',
    retryable: false,
  },
  {
    what: 'FastAPI detail',
    provider: 'openai-chat',
    status: 422,
    body: '{"detail":"Field required: messages"}',
    kind: 'invalid-request',
    retryable: false,
    said: 'Field required: messages',
  },
]

describe('classifier: each cause from real error documents, through the parser', () => {
  it.each(CASES.map((c) => [c.what, c] as const))('%s', (_what, c) => {
    const { result } = parseWhole(c.provider, c.body, { response: { status: c.status, headers: c.headers ?? {} } })
    expect(result.error).toMatchObject({ kind: c.kind, retryable: c.retryable, status: c.status })
    if (c.waitMs !== undefined) expect(result.error!.waitMs).toBe(c.waitMs)
    if (c.said !== undefined) expect(result.error!.providerMessage).toBe(c.said)
  })
})

const ollama = { providerId: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2', apiKeySet: false }

describe('the message and action of each cause', () => {
  it('server not reachable names the provider and its address; Retry and its settings', () => {
    const error = classifyProviderError({
      status: undefined,
      codes: [],
      message: 'fetch failed (ECONNREFUSED)',
      messageFromProvider: false,
    })
    expect(error.providerMessage).toBeUndefined()
    const notice = noticeForProviderError({ ...error, kind: 'unreachable' }, ollama)
    expect(fallbackMessage('en', notice.id, notice.values)).toBe(
      "Keel couldn't connect to Ollama. Is Ollama running at 127.0.0.1:11434?",
    )
    expect(fallbackMessage('pt-BR', notice.id, notice.values)).toBe(
      'O Keel não conseguiu se conectar a Ollama. Ollama está rodando em 127.0.0.1:11434?',
    )
    expect(noticeAction(notice)).toEqual({ retry: true, settings: 'provider-settings-ollama', waitSeconds: undefined })
    // A server nobody names is named by its address.
    const other = noticeForProviderError(
      { ...error, kind: 'unreachable' },
      { providerId: 'custom-1', baseUrl: 'http://10.0.0.5:8000/v1', model: 'm', apiKeySet: false },
    )
    expect(fallbackMessage('en', other.id, other.values)).toMatch(/the server at 10\.0\.0\.5:8000/)
  })

  it("model not found quotes the server's own sentence; no Retry, the provider's settings", () => {
    const { result } = parseWhole('openai-chat', CASES[0]!.body, { response: { status: 404 } })
    const notice = noticeForProviderError(result.error!, ollama)
    expect(fallbackMessage('en', notice.id, notice.values)).toBe(
      'Ollama doesn’t have the model “llama3.2”. Choose another model in Settings, or install it on the server. Ollama says: “model "llama3.2" not found, try pulling it first”',
    )
    expect(noticeAction(notice)).toMatchObject({ retry: false, settings: 'provider-settings-ollama' })
  })

  it('a rate limit says how long to wait, and Retry waits for it', () => {
    const { result } = parseWhole('anthropic', CASES.find((c) => c.what.startsWith('Anthropic rate limit'))!.body, {
      response: { status: 429, headers: { 'retry-after': '30' } },
    })
    const notice = noticeForProviderError(result.error!, {
      providerId: 'anthropic',
      baseUrl: 'https://api.anthropic.com',
      model: 'claude',
      apiKeySet: true,
    })
    expect(fallbackMessage('es', notice.id, notice.values)).toBe(
      'Anthropic está limitando cuántas solicitudes se pueden enviar. Espera 30 s y vuelve a intentarlo.',
    )
    expect(noticeAction(notice)).toEqual({ retry: true, settings: undefined, waitSeconds: 30 })
  })

  it('a missing key and a rejected key are told apart', () => {
    const error = classifyProviderError({
      status: 401,
      codes: ['invalid_api_key'],
      message: 'Incorrect API key provided',
    })
    const about = {
      providerId: 'openai-responses',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt',
      apiKeySet: true,
    }
    expect(providerErrorSentence('en', error, about)).toMatch(
      /^OpenAI rejected the API key\. Check the key in Settings\./,
    )
    expect(providerErrorSentence('en', error, { ...about, apiKeySet: false })).toMatch(
      /^OpenAI needs an API key, and none is set/,
    )
  })

  it('context too long, content filtered, server error and timeout each have their own sentence; one line each', () => {
    const about = { providerId: 'openai-chat', baseUrl: 'https://openrouter.ai/api/v1', model: 'x', apiKeySet: true }
    const sentences = (
      ['context-too-long', 'content-filter', 'server', 'overloaded', 'timeout', 'quota-exceeded'] as const
    ).map(
      (kind) =>
        providerErrorSentence(
          'en',
          classifyProviderError({ status: undefined, codes: [], message: `line one\nline two ${kind}` }),
          about,
        ) &&
        providerErrorSentence(
          'en',
          { ...classifyProviderError({ status: undefined, codes: [], message: 'said\nthis' }), kind },
          about,
        ),
    )
    expect(new Set(sentences).size).toBe(sentences.length)
    for (const sentence of sentences) expect(sentence).not.toMatch(/\n|\{\w+\}/)
    expect(sentences[0]).toMatch(/longer than the model can read/)
  })
})

describe('rate-limit waits from headers', () => {
  it('reads retry-after in seconds and as a date, OpenAI durations and Anthropic reset dates, only for exhausted limits', () => {
    const now = Date.parse('2026-12-02T04:00:00Z')
    expect(rateLimitWaitMs({ status: 429, headers: { 'retry-after': '120' } }, now)).toBe(120_000)
    expect(rateLimitWaitMs({ status: 429, headers: { 'retry-after': 'Wed, 02 Dec 2026 04:01:00 GMT' } }, now)).toBe(
      60_000,
    )
    expect(
      rateLimitWaitMs(
        { status: 429, headers: { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '1m2.5s' } },
        now,
      ),
    ).toBe(62_500)
    expect(
      rateLimitWaitMs(
        {
          status: 429,
          headers: {
            'anthropic-ratelimit-tokens-remaining': '0',
            'anthropic-ratelimit-tokens-reset': '2026-12-02T04:00:45Z',
          },
        },
        now,
      ),
    ).toBe(45_000)
    expect(
      rateLimitWaitMs(
        { status: 429, headers: { 'x-ratelimit-remaining-requests': '5', 'x-ratelimit-reset-requests': '1s' } },
        now,
      ),
    ).toBeUndefined()
    expect(rateLimitWaitMs({ status: 429, headers: { 'retry-after': 'soon' } }, now)).toBeUndefined()
  })
})

describe('never throws, always a kind', () => {
  it('any status, codes and message give one of the kinds', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -5, max: 1200 }), { nil: undefined }),
        fc.array(fc.option(fc.string(), { nil: undefined })),
        fc.option(fc.string(), { nil: undefined }),
        (status, codes, message) => {
          const error = classifyProviderError({ status, codes, message })
          expect(PROVIDER_ERROR_KINDS).toContain(error.kind)
          expect(typeof error.message).toBe('string')
          const notice = noticeForProviderError(error, {
            providerId: 'p',
            baseUrl: 'not a url',
            model: 'm',
            apiKeySet: true,
          })
          expect(fallbackMessage('en', notice.id, notice.values)).not.toMatch(
            /\{(provider|host|model|seconds|detail)\}/,
          )
        },
      ),
    )
  })

  it('any JSON document with any status gives a kind', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 100, max: 599 }), (document, status) => {
        const error = errorFromDocument('X', document, { status })
        expect(PROVIDER_ERROR_KINDS).toContain(error.kind)
      }),
    )
  })
})
