// Shared pieces of the key canary suites: a provider (or proxy) that echoes the key it was sent
// back on every path a hostile test found, and a check of every output channel for the canary.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { expect } from 'vitest'
import { PROVIDER_DEFAULTS, providerEnvName } from '../../src/main/providers/provider-config'
import type { ProviderId } from '../../src/shared/provider-id'
import type { RecordedRequest, ScriptedResponse, SimulatedProvider } from '../support/simulated-provider'

/**
 * How a provider or a proxy in between can hand the key back:
 * - `error-json`: a JSON error document quoting it (message, param, request id);
 * - `error-text`: a proxy's plain-text error page quoting the Authorization header;
 * - `in-band-error`: the provider's own in-stream error event, after some text was shown;
 * - `response-header`: request-id headers carrying it;
 * - `streamed-text`: the answer itself, the key split across deltas and network reads;
 * - `fetch-invalid-header`: a key fetch refuses to send (a newline in it): fetch's own error
 *   message quotes the header value.
 */
export const ECHO_PATHS = [
  'error-json',
  'error-text',
  'in-band-error',
  'response-header',
  'streamed-text',
  'fetch-invalid-header',
] as const
export type EchoPath = (typeof ECHO_PATHS)[number]

export interface Canary {
  key: string
  /** Distinctive pieces of the key: finding any of them anywhere is a leak (a partial echo included). */
  markers: string[]
}

export function newCanary(path: EchoPath): Canary {
  const a = randomBytes(12).toString('hex')
  const b = randomBytes(12).toString('hex')
  if (path === 'fetch-invalid-header') return { key: `sk-canary-${a}\nx-leak: ${b}`, markers: [a, b] }
  return { key: `sk-canary-${a}-${b}`, markers: [a, b] }
}

/** The key the request actually carried (as each API sends it). */
export function keySent(request: RecordedRequest): string | undefined {
  const bearer = request.headers.authorization?.replace(/^Bearer /, '')
  return bearer ?? request.headers['x-api-key'] ?? request.headers['x-goog-api-key']
}

function errorDocument(provider: ProviderId, key: string): unknown {
  switch (provider) {
    case 'openai-responses':
    case 'openai-chat':
      return {
        error: {
          message: `Incorrect API key provided: ${key}.`,
          type: 'invalid_request_error',
          param: key,
          code: 'invalid_api_key',
        },
        request_id: key,
      }
    case 'anthropic':
      return {
        type: 'error',
        error: { type: 'authentication_error', message: `invalid x-api-key: ${key}` },
        request_id: key,
      }
    case 'gemini':
    case 'gemini-interactions':
      return {
        error: {
          code: 400,
          message: `API key not valid: ${key}`,
          status: 'INVALID_ARGUMENT',
          details: [{ reason: 'API_KEY_INVALID', metadata: { key } }],
        },
      }
  }
}

/** A `respond` hook that echoes whatever key each request carried, on the given path. */
export function echoingResponder(provider: ProviderId, path: EchoPath): (request: RecordedRequest) => ScriptedResponse {
  return (request): ScriptedResponse => {
    const key = keySent(request) ?? 'no-key-was-sent'
    switch (path) {
      case 'error-json':
        return { type: 'http-error', status: 401, body: errorDocument(provider, key) }
      case 'error-text':
        return {
          type: 'http-error',
          status: 400,
          headers: { 'content-type': 'text/plain' },
          body: `400 Bad Request from proxy: Authorization: Bearer ${key}`,
        }
      case 'in-band-error':
        return {
          type: 'turn',
          text: ['Partial ', 'answer ', 'that ', 'keeps ', 'going ', 'for ', 'a ', 'while ', 'more ', 'words'],
          faults: {
            errorAfterEvents: { afterEvents: 8, kind: 'server', message: `upstream rejected credentials ${key}` },
          },
        }
      case 'response-header':
        return {
          type: 'http-error',
          status: 401,
          headers: {
            'x-request-id': key,
            'request-id': key,
            'x-goog-request-id': key,
            'apim-request-id': key,
            'x-echo-authorization': `Bearer ${key}`,
          },
        }
      case 'streamed-text':
        return {
          type: 'turn',
          text: [`Your key is ${key.slice(0, 9)}`, key.slice(9, 30), `${key.slice(30)} — keep it safe.`],
          headers: { 'x-request-id': key },
          faults: { chunkSize: 'random', seed: 7 },
        }
      case 'fetch-invalid-header':
        return { type: 'turn', text: 'unreachable: fetch refuses the header' }
    }
  }
}

/** Environment pointing one provider at the simulated one, with the canary as its key. */
export function canaryEnv(server: SimulatedProvider, provider: ProviderId, key: string): Record<string, string> {
  const name = providerEnvName(provider)
  return {
    KEEL_DEFAULT_PROVIDER: provider,
    [`KEEL_${name}_BASE_URL`]: server.baseUrlFor(provider),
    [`KEEL_${name}_MODEL`]: 'sim-model',
    [PROVIDER_DEFAULTS[provider].keyVariable]: key,
  }
}

/** Fails when any marker of the canary appears in `text` (UTF-8 text, or raw bytes read as latin1). */
export function expectNoCanary(channel: string, text: string | Buffer, canary: Canary): void {
  const haystack = typeof text === 'string' ? text : text.toString('latin1')
  for (const marker of canary.markers) expect(haystack.includes(marker), `the key leaked into ${channel}`).toBe(false)
}

/** The database file and its WAL, as bytes on disk. */
export function expectNoCanaryOnDisk(dbPath: string, canary: Canary): void {
  for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-journal`])
    if (existsSync(file)) expectNoCanary(file, readFileSync(file), canary)
}

/** The path did reach the provider (or, for fetch's refusal, did not): the echo really happened. */
export function expectEchoHappened(server: SimulatedProvider, path: EchoPath, canary: Canary): void {
  if (path === 'fetch-invalid-header') {
    expect(server.requests).toHaveLength(0)
    return
  }
  expect(server.requests.length).toBeGreaterThan(0)
  expect(keySent(server.requests[0]!)).toBe(canary.key)
}
