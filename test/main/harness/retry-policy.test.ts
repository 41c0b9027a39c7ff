// When a failed model call is retried, and after how long.
import { describe, expect, it } from 'vitest'
import type { ProviderError } from '../../../src/shared/provider-error'
import { nextRetryDelayMs } from '../../../src/main/harness/retry-policy'

const error = (over: Partial<ProviderError> = {}): ProviderError => ({
  kind: 'server',
  message: 'boom',
  retryable: true,
  status: 500,
  code: undefined,
  retryAfterMs: undefined,
  requestId: undefined,
  ...over,
})
const policy = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 20_000 }

describe('nextRetryDelayMs', () => {
  it('backs off exponentially with jitter within [ceiling/2, ceiling]', () => {
    expect(
      nextRetryDelayMs({ error: error(), attempt: 1, outputForwarded: false, aborted: false, policy, random: () => 0 }),
    ).toBe(500)
    expect(
      nextRetryDelayMs({ error: error(), attempt: 1, outputForwarded: false, aborted: false, policy, random: () => 1 }),
    ).toBe(1000)
    expect(
      nextRetryDelayMs({ error: error(), attempt: 2, outputForwarded: false, aborted: false, policy, random: () => 1 }),
    ).toBe(2000)
  })

  it('honours the server-given wait', () => {
    expect(
      nextRetryDelayMs({
        error: error({ kind: 'rate-limit', status: 429, retryAfterMs: 7000 }),
        attempt: 1,
        outputForwarded: false,
        aborted: false,
        policy,
      }),
    ).toBe(7000)
  })

  it.each<[string, Parameters<typeof nextRetryDelayMs>[0]]>([
    ['after output reached the user', { error: error(), attempt: 1, outputForwarded: true, aborted: false, policy }],
    ['after the user stopped', { error: error(), attempt: 1, outputForwarded: false, aborted: true, policy }],
    ['when attempts are used up', { error: error(), attempt: 3, outputForwarded: false, aborted: false, policy }],
    [
      'for quota exhaustion',
      {
        error: error({ kind: 'quota-exceeded', status: 429, retryable: false }),
        attempt: 1,
        outputForwarded: false,
        aborted: false,
        policy,
      },
    ],
    [
      'for a bad key',
      {
        error: error({ kind: 'authentication', status: 401, retryable: false }),
        attempt: 1,
        outputForwarded: false,
        aborted: false,
        policy,
      },
    ],
  ])('never retries %s', (_why, input) => {
    expect(nextRetryDelayMs(input)).toBeUndefined()
  })
})
