import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Locale } from '../../../src/shared/locale'
import type { ProviderId } from '../../../src/shared/provider-id'
import type { RunEvent } from '../../../src/shared/run-events'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'
import { approveAll, type Approver } from '../../../src/main/harness/approval'
import type { RetryPolicy } from '../../../src/main/harness/retry-policy'
import { runTurn, type RunTurnResult } from '../../../src/main/harness/run-turn'
import { createStoreTurnRecorder } from '../../../src/main/harness/store-turn-recorder'
import type { TurnRecorder } from '../../../src/main/harness/turn-recorder'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import type { ToolSource } from '../../../src/main/tools/tool'
import { startSimulatedProvider, type SimulatedProvider } from '../../support/simulated-provider'
import type { RecordedRequest } from '../../support/simulated-provider/types'

export interface HarnessWorld {
  server: SimulatedProvider
  store: KeelStore
  dir: string
  close(): Promise<void>
}

export async function startWorld(): Promise<HarnessWorld> {
  const server = await startSimulatedProvider()
  const dir = mkdtempSync(join(tmpdir(), 'keel-harness-'))
  const opened = openKeelStore(join(dir, 'keel.db'))
  if (!opened.ok) throw new Error(opened.error.message)
  const store = opened.store
  return {
    server,
    store,
    dir,
    async close() {
      store.close()
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface TurnRun extends RunTurnResult {
  events: RunEvent[]
}

export async function chat(
  world: HarnessWorld,
  provider: ProviderId,
  userText: string,
  options: {
    locale?: Locale
    /** The user's time zone (default UTC). */
    timeZone?: string
    approver?: Approver
    signal?: AbortSignal
    conversationId?: string
    onEvent?: (e: RunEvent) => void
    idleTimeoutMs?: number
    maxRounds?: number
    retryPolicy?: RetryPolicy
    /** Tool sources beside Keel's own (MCP servers' tools). */
    sources?: readonly ToolSource[]
    /** Wraps the store's recorder (key redaction, as the app does). */
    wrapRecorder?: (recorder: TurnRecorder) => TurnRecorder
  } = {},
): Promise<TurnRun> {
  const events: RunEvent[] = []
  const result = await runTurn({
    conversationId: options.conversationId,
    userText,
    provider,
    connection: { baseUrl: world.server.baseUrlFor(provider), apiKey: 'test-key', model: 'sim-model' },
    locale: options.locale ?? 'en',
    timeZone: options.timeZone ?? 'UTC',
    signal: options.signal ?? new AbortController().signal,
    approver: options.approver ?? approveAll,
    onEvent: (event) => {
      events.push(event)
      options.onEvent?.(event)
    },
    recorder: (options.wrapRecorder ?? ((r) => r))(createStoreTurnRecorder(world.store)),
    tools: createKeelToolRegistry(world.store, options.sources ? { sources: options.sources } : {}),
    retryPolicy: options.retryPolicy ?? { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 50 },
    idleTimeoutMs: options.idleTimeoutMs ?? 5_000,
    ...(options.maxRounds !== undefined ? { maxRounds: options.maxRounds } : {}),
  }).done
  return { ...result, events }
}

/** A tool result as the provider received it in a request body, whatever its wire form. */
export interface WireToolResult {
  id: string | undefined
  content: string
  isError: boolean
}

export function toolResultsIn(provider: ProviderId, request: RecordedRequest): WireToolResult[] {
  const body = request.body as Record<string, unknown>
  const list = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : [])
  switch (provider) {
    case 'openai-responses':
      return list(body.input)
        .filter((i) => i.type === 'function_call_output')
        .map((i) => ({ id: i.call_id as string, content: String(i.output), isError: false }))
    case 'openai-chat':
      return list(body.messages)
        .filter((m) => m.role === 'tool')
        .map((m) => ({ id: m.tool_call_id as string, content: String(m.content), isError: false }))
    case 'anthropic':
      return list(body.messages)
        .flatMap((m) => list(m.content))
        .filter((b) => b.type === 'tool_result')
        .map((b) => ({ id: b.tool_use_id as string, content: String(b.content), isError: b.is_error === true }))
    case 'gemini':
      return list(body.contents)
        .flatMap((c) => list(c.parts))
        .filter((p) => p.functionResponse)
        .map((p) => {
          const response = p.functionResponse as { id?: string; response: Record<string, unknown> }
          return { id: response.id, content: JSON.stringify(response.response), isError: 'error' in response.response }
        })
    case 'gemini-interactions':
      return list(body.input)
        .filter((s) => s.type === 'user_input')
        .flatMap((s) => list(s.content))
        .filter((c) => c.type === 'function_result')
        .map((c) => ({ id: c.call_id as string, content: String(c.result), isError: c.is_error === true }))
  }
}

/** Every request the server saw is one row in the generation log (rounds and retries included). */
export function expectGenerationsMatchRequests(world: HarnessWorld, turnIds: string[]): void {
  const generations = turnIds.flatMap((id) => world.store.generations.listForTurn(id))
  expect(generations).toHaveLength(world.server.requests.length)
  for (const g of generations) expect(g.outcome).not.toBe('running')
}

export function measurementCount(world: HarnessWorld): number {
  return world.store.measurements.list({ limit: 1000 }).length
}

export function eventsOf<T extends RunEvent['type']>(events: RunEvent[], type: T): Extract<RunEvent, { type: T }>[] {
  return events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type)
}

export function toolStates(events: RunEvent[]): string[] {
  return eventsOf(events, 'tool-call')
    .filter((e) => e.state !== 'preparing' && e.state !== 'awaiting-approval' && e.state !== 'running')
    .map((e) => `${e.name}:${e.state}`)
}
