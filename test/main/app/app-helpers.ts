import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { KeelAppService, type KeelAppServiceOptions } from '../../../src/main/app/keel-app-service'
import { createMemoryKeyVault, type KeyVault } from '../../../src/main/secrets/key-vault'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'
import type { ToolSource } from '../../../src/main/tools/tool'
import { providerEnvName } from '../../../src/main/providers/provider-config'
import type { CommandResponses, McpEvent, RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import type { CommandName } from '../../../src/shared/ipc/channels'
import type { AppResult } from '../../../src/shared/ipc/app-error'
import { PROVIDER_IDS } from '../../../src/shared/provider-id'
import type { RunEvent } from '../../../src/shared/run-events'
import { startSimulatedProvider, type SimulatedProvider } from '../../support/simulated-provider'

export type Env = Record<string, string | undefined>

/** The environment that points every provider at the simulated one (as `KEEL_<PROVIDER>_BASE_URL` would). */
export function simulatedEnv(server: SimulatedProvider, extra: Env = {}): Env {
  // The MCP registry too: a closed loopback port (tests never reach the network).
  const env: Env = { KEEL_DEFAULT_PROVIDER: 'openai-chat', KEEL_MCP_REGISTRY_URL: 'http://127.0.0.1:9' }
  for (const provider of PROVIDER_IDS) {
    env[`KEEL_${providerEnvName(provider)}_BASE_URL`] = server.baseUrlFor(provider)
    env[`KEEL_${providerEnvName(provider)}_MODEL`] = 'sim-model'
  }
  return { ...env, ...extra }
}

export interface TestClient {
  id: string
  envelopes: RunEventEnvelope[]
  /** The MCP events pushed to it (a subscribed resource changed). */
  mcpEvents: McpEvent[]
  /** Every answer this client got, as JSON (for "no key anywhere" checks). */
  sent: string[]
  call<C extends CommandName>(command: C, payload: unknown): Promise<AppResult<CommandResponses[C]>>
  value<C extends CommandName>(command: C, payload: unknown): Promise<CommandResponses[C]>
  events(runId?: string): RunEvent[]
  waitFor(predicate: (event: RunEvent) => boolean, timeoutMs?: number): Promise<RunEvent>
}

export interface AppWorld {
  server: SimulatedProvider
  store: KeelStore
  service: KeelAppService
  vault: KeyVault
  dbPath: string
  client(id: string): TestClient
  close(): Promise<void>
}

export async function startAppWorld(
  options: {
    env?: Env
    vault?: KeyVault
    toolSources?: readonly ToolSource[]
    mcp?: KeelAppServiceOptions['mcp']
    unattendedMs?: number
    importSliceMs?: number
    webTools?: KeelAppServiceOptions['webTools']
  } = {},
): Promise<AppWorld> {
  const server = await startSimulatedProvider()
  const dir = mkdtempSync(join(tmpdir(), 'keel-app-'))
  const dbPath = join(dir, 'keel.db')
  const opened = openKeelStore(dbPath)
  if (!opened.ok) throw new Error(opened.error.message)
  const store = opened.store
  const vault = options.vault ?? createMemoryKeyVault()
  const service = new KeelAppService({
    store,
    env: simulatedEnv(server, options.env),
    vault,
    retryPolicy: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
    idleTimeoutMs: 5_000,
    providerCheckTimeoutMs: 3_000,
    ...(options.toolSources ? { toolSources: options.toolSources } : {}),
    ...(options.mcp ? { mcp: options.mcp } : {}),
    ...(options.unattendedMs !== undefined ? { unattendedMs: options.unattendedMs } : {}),
    ...(options.importSliceMs !== undefined ? { importSliceMs: options.importSliceMs } : {}),
    ...(options.webTools ? { webTools: options.webTools } : {}),
  })
  return {
    server,
    store,
    service,
    vault,
    dbPath,
    client(id) {
      const envelopes: RunEventEnvelope[] = []
      const sent: string[] = []
      const mcpEvents: McpEvent[] = []
      service.connect(
        id,
        (envelope) => {
          envelopes.push(envelope)
          sent.push(JSON.stringify(envelope))
        },
        (event) => {
          mcpEvents.push(event)
          sent.push(JSON.stringify(event))
        },
      )
      const client: TestClient = {
        id,
        envelopes,
        mcpEvents,
        sent,
        async call(command, payload) {
          const result = await service.handle(command, payload, { clientId: id })
          sent.push(JSON.stringify(result))
          return result
        },
        async value(command, payload) {
          const result = await client.call(command, payload)
          if (!result.ok) throw new Error(`${command} failed: ${result.error.kind}: ${result.error.message}`)
          return result.value
        },
        events: (runId) => envelopes.filter((e) => runId === undefined || e.runId === runId).map((e) => e.event),
        async waitFor(predicate, timeoutMs = 10_000) {
          const deadline = Date.now() + timeoutMs
          for (;;) {
            const found = envelopes.find((e) => predicate(e.event))
            if (found) return found.event
            if (Date.now() > deadline)
              throw new Error(`timed out; events: ${envelopes.map((e) => e.event.type).join(', ')}`)
            await new Promise((r) => setTimeout(r, 5))
          }
        },
      }
      return client
    },
    async close() {
      await service.close()
      store.close()
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export const isRunEnd = (event: RunEvent): event is Extract<RunEvent, { type: 'run-end' }> => event.type === 'run-end'

export { countRows } from '../db/store-fixtures'

export const weight = { kind: 'weight', value: 72.5, unit: 'kg' }
