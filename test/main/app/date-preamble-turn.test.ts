// Every turn set up by prepareTurn (the app's and `keel chat`'s) tells the model today's date in the
// user's time zone: the preamble reaches each of the five providers where its API puts the system prompt.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryKeyVault } from '../../../src/main/secrets/key-vault'
import { ProviderKeys } from '../../../src/main/secrets/provider-keys'
import { prepareTurn } from '../../../src/main/app/turn-setup'
import { resolveUserTimeZone } from '../../../src/main/app/user-time-zone'
import { approveAll } from '../../../src/main/harness/approval'
import { runTurn } from '../../../src/main/harness/run-turn'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import type { Locale } from '../../../src/shared/locale'
import { PROVIDER_IDS, type ProviderId } from '../../../src/shared/provider-id'
import { startSimulatedProvider, type SimulatedProvider } from '../../support/simulated-provider'
import type { RecordedRequest } from '../../support/simulated-provider/types'
import { fakeClock, useTempStores } from '../db/store-fixtures'
import { simulatedEnv, type Env } from './app-helpers'

/** The system prompt as the provider received it, wherever its API puts it. */
function systemOf(provider: ProviderId, request: RecordedRequest): unknown {
  const body = request.body as Record<string, any>
  switch (provider) {
    case 'anthropic':
      return body.system
    case 'openai-responses':
      return body.instructions
    case 'openai-chat':
      return body.messages[0]?.role === 'system' ? body.messages[0].content : undefined
    case 'gemini':
      return body.systemInstruction?.parts?.[0]?.text
    case 'gemini-interactions':
      return body.system_instruction
  }
}

const stores = useTempStores()
let server: SimulatedProvider
beforeEach(async () => {
  server = await startSimulatedProvider()
})
afterEach(async () => {
  await server.close()
})

// 20:00 UTC on Tuesday 1 December 2026 is already Wednesday the 2nd in Kolkata.
const NOW = Date.UTC(2026, 11, 1, 20)

async function turn(provider: ProviderId, env: Env, locale: Locale, text = 'I weighed 72 kg yesterday') {
  const store = stores.open({ clock: fakeClock(NOW) }).store
  const { options } = prepareTurn({
    store,
    env: simulatedEnv(server, env),
    keys: new ProviderKeys({}, createMemoryKeyVault()),
    tools: createKeelToolRegistry(store),
    request: { text, provider, locale },
    io: { signal: new AbortController().signal, approver: approveAll, onEvent: () => {} },
    retryPolicy: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  })
  const result = await runTurn(options).done
  return { result, store }
}

describe('the date preamble in every turn', () => {
  it.each(PROVIDER_IDS)('reaches %s as its system prompt, in the turn language and the user zone', async (provider) => {
    server.enqueue({ type: 'turn', text: 'Noted.' })
    const { result } = await turn(provider, { KEEL_TIME_ZONE: 'Asia/Kolkata' }, 'pt-BR')
    expect(result.status).toBe('completed')
    const [request] = server.requests
    expect(systemOf(provider, request!)).toBe(
      'Hoje é quarta-feira, 2 de dezembro de 2026 (2026-12-02). O fuso horário do usuário é Asia/Kolkata (UTC+05:30); as datas e horas que o usuário informar estão nesse fuso, salvo se ele disser outra coisa.',
    )
  })

  it('is sent again with every round of a turn (the tool round too)', async () => {
    server.enqueue(
      { type: 'turn', text: '', toolCalls: [{ name: 'get_measurement', arguments: { kind: 'weight' } }] },
      { type: 'turn', text: 'None yet.' },
    )
    await turn('anthropic', { KEEL_TIME_ZONE: 'America/New_York' }, 'en')
    expect(server.requests).toHaveLength(2)
    for (const request of server.requests)
      expect(systemOf('anthropic', request)).toMatch(
        /^Today is Tuesday, 1 December 2026 \(2026-12-01\)\. The user's time zone is America\/New_York \(UTC−05:00\)/,
      )
  })

  it('falls back to the process time zone when KEEL_TIME_ZONE names no zone, without failing the turn', async () => {
    server.enqueue({ type: 'turn', text: 'Noted.' })
    const { result } = await turn('openai-chat', { KEEL_TIME_ZONE: 'Nowhere/At_All' }, 'en')
    expect(result.status).toBe('completed')
    const zone = resolveUserTimeZone({})
    expect(systemOf('openai-chat', server.requests[0]!)).toContain(`The user's time zone is ${zone} (UTC`)
  })
})

describe("the tools get the turn's time zone", () => {
  it.each(PROVIDER_IDS)('a day the model records through %s is the local day of KEEL_TIME_ZONE', async (provider) => {
    server.enqueue(
      {
        type: 'turn',
        text: '',
        toolCalls: [
          { name: 'record_measurement', arguments: { kind: 'weight', value: 72, unit: 'kg', date: '2026-12-01' } },
        ],
      },
      { type: 'turn', text: 'Recorded.' },
    )
    const { result, store } = await turn(provider, { KEEL_TIME_ZONE: 'Asia/Kolkata' }, 'en')
    expect(result.status).toBe('completed')
    const stored = store.measurements.latest('weight')!
    expect(new Date(stored.takenAt).toISOString()).toBe('2026-11-30T18:30:00.000Z')
    expect(stored).toMatchObject({ takenAtPrecision: 'day', takenAtOffsetMin: 330 })
  })
})

describe('resolveUserTimeZone', () => {
  it('takes KEEL_TIME_ZONE when it is a real zone, else the process zone, else UTC', () => {
    expect(resolveUserTimeZone({ KEEL_TIME_ZONE: 'Asia/Kolkata' }, 'Europe/Lisbon')).toBe('Asia/Kolkata')
    expect(resolveUserTimeZone({ KEEL_TIME_ZONE: ' america/sao_paulo ' }, 'Europe/Lisbon')).toBe('America/Sao_Paulo')
    expect(resolveUserTimeZone({ KEEL_TIME_ZONE: 'Nowhere/At_All' }, 'Europe/Lisbon')).toBe('Europe/Lisbon')
    expect(resolveUserTimeZone({ KEEL_TIME_ZONE: '' }, 'Europe/Lisbon')).toBe('Europe/Lisbon')
    expect(resolveUserTimeZone({}, 'America/Sao_Paulo')).toBe('America/Sao_Paulo')
    expect(resolveUserTimeZone({}, undefined)).toBe('UTC')
    expect(resolveUserTimeZone({}, 'Not/A_Zone')).toBe('UTC')
  })
})
