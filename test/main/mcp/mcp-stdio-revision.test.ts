// Keel's MCP client over stdio speaks 2026-07-28 to a server that answers `server/discover` and
// 2025-11-25 to one that does not, without breaking it: real processes, real pipes. The modern
// server (test/support/mcp/modern-stdio-server.mjs) refuses `initialize`; the legacy ones are the
// reference servers and a strict one that exits (or goes silent, or closes stdout) on any request
// before `initialize` (legacy-strict-server.mjs). Both fixtures log every start and request.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { McpConnection } from '../../../src/main/mcp/mcp-connection'
import type { McpCallOptions, McpLaunchSpec } from '../../../src/main/mcp/mcp-connection-port'
import { STDIO_PROBE_TIMEOUT_MS, StdioEraMemory, stdioStartPlan } from '../../../src/main/mcp/mcp-stdio-era'
import type { ElicitationRequest } from '../../../src/main/tools/tool'
import { eventually, referenceServer, stdioSpec, TEST_OPTIONS, tempDir } from '../../support/mcp/mcp-test-servers'

const MODERN = resolve(__dirname, '../../support/mcp/modern-stdio-server.mjs')
const STRICT = resolve(__dirname, '../../support/mcp/legacy-strict-server.mjs')

interface WireEntry {
  pid: number
  event?: string
  method?: string
  name?: string
  call?: string
  version?: string
}

const cleanups: (() => void | Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function wireLog(): { path: string; read: () => WireEntry[] } {
  const dir = tempDir()
  cleanups.push(dir.remove)
  const path = join(dir.path, 'wire.jsonl')
  return {
    path,
    read: () => {
      try {
        return readFileSync(path, 'utf8')
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as WireEntry)
      } catch {
        return []
      }
    },
  }
}

function open(spec: McpLaunchSpec, eras = new StdioEraMemory()): { connection: McpConnection; states: string[] } {
  const connection = new McpConnection(spec, { ...TEST_OPTIONS, stdioEras: eras })
  const states: string[] = []
  connection.onStatus((status) => states.push(status.state))
  cleanups.push(() => connection.close())
  return { connection, states }
}

const call = (extra: Partial<McpCallOptions> = {}): McpCallOptions => ({
  signal: new AbortController().signal,
  ...extra,
})
const spawns = (entries: WireEntry[]) => entries.filter((entry) => entry.event === 'spawn')
const methods = (entries: WireEntry[]) => entries.flatMap((entry) => (entry.method ? [entry.method] : []))

describe('a 2026-07-28 server over stdio', () => {
  async function modern() {
    const log = wireLog()
    const spec = stdioSpec([MODERN], { id: 'modern', name: 'Modern server', env: { MCP_WIRE_LOG: log.path } })
    const opened = open(spec)
    await opened.connection.start()
    return { ...opened, log }
  }

  it('is reached with server/discover, never initialize, in one process; lists and calls tools', async () => {
    const { connection, log } = await modern()
    expect(connection.status()).toMatchObject({
      state: 'ready',
      protocolVersion: '2026-07-28',
      serverName: 'modern-stdio-test-server',
    })
    expect(connection.instructions()).toBe('Modern over stdio.')
    expect((await connection.listTools()).map((tool) => tool.name)).toEqual([
      'echo',
      'confirm_write',
      'add_tool',
      'crash',
    ])
    expect(await connection.callTool('echo', { text: 'hi' }, call())).toMatchObject({
      kind: 'result',
      result: { content: [{ type: 'text', text: 'echo: hi' }] },
    })
    const entries = log.read()
    expect(spawns(entries)).toHaveLength(1)
    expect(methods(entries)[0]).toBe('server/discover')
    expect(methods(entries)).not.toContain('initialize')
    // Stateless: every request says which revision it speaks.
    for (const entry of entries.filter((entry) => entry.method && !entry.method.startsWith('notifications/')))
      expect(entry.version).toBe('2026-07-28')
  })

  it('answers an input-required result through the call’s form, then the server completes', async () => {
    const { connection, log } = await modern()
    const asked: ElicitationRequest[] = []
    const outcome = await connection.callTool(
      'confirm_write',
      { note: 'hello' },
      call({
        elicit: async (request) => {
          asked.push(request)
          return { action: 'accept', content: { confirmed: true } }
        },
      }),
    )
    expect(outcome).toMatchObject({ kind: 'result', result: { content: [{ text: 'wrote hello' }] } })
    expect(asked).toMatchObject([{ from: 'Modern server', message: 'Write this note?' }])
    expect(log.read().filter((entry) => entry.call === 'confirm_write')).toHaveLength(2)
    // Without a form the server is told no.
    expect(await connection.callTool('confirm_write', { note: 'x' }, call())).toMatchObject({
      kind: 'result',
      result: { content: [{ text: 'not confirmed' }] },
    })
  })

  it('hears of tool list changes on the listen stream it opens', async () => {
    const { connection, log } = await modern()
    let changes = 0
    connection.onToolsChanged(() => changes++)
    await eventually(() => methods(log.read()).includes('subscriptions/listen'))
    await connection.callTool('add_tool', {}, call())
    await eventually(() => changes === 1)
    expect((await connection.listTools()).map((tool) => tool.name)).toContain('extra')
  })

  it('a server that exits mid-call: the call is unknown and never sent again; the restart speaks 2026-07-28 again', async () => {
    const { connection, log, states } = await modern()
    const outcome = await connection.callTool('crash', {}, call())
    expect(outcome).toMatchObject({ kind: 'unknown', reason: 'connection-lost' })
    await eventually(() => states.filter((state) => state === 'ready').length === 2)
    expect(connection.status()).toMatchObject({ state: 'ready', protocolVersion: '2026-07-28' })
    await connection.listTools()
    const entries = log.read()
    expect(entries.filter((entry) => entry.call === 'crash')).toHaveLength(1)
    expect(spawns(entries)).toHaveLength(2)
    expect(methods(entries)).not.toContain('initialize')
    // The new process gets its own listen stream.
    const [, restarted] = spawns(entries)
    await eventually(() =>
      log.read().some((entry) => entry.pid === restarted?.pid && entry.method === 'subscriptions/listen'),
    )
  })
})

describe('a 2025-11-25 server over stdio', () => {
  it('the everything reference server answers the probe with an error and goes on in the same process', async () => {
    const eras = new StdioEraMemory()
    const spec = stdioSpec([referenceServer('everything')])
    const { connection, states } = open(spec, eras)
    await connection.start()
    expect(connection.status()).toMatchObject({ state: 'ready', protocolVersion: '2025-11-25' })
    expect((await connection.listTools()).map((tool) => tool.name)).toContain('echo')
    expect(await connection.callTool('echo', { message: 'hi' }, call())).toMatchObject({ kind: 'result' })
    // Started once, never restarted (it says so on stderr at each start).
    expect(connection.stderrTail().match(/Starting default \(STDIO\) server/g)).toHaveLength(1)
    expect(states).toEqual(['starting', 'ready'])
    expect(eras.knowsLegacy(spec)).toBe(true)
  })

  it('the filesystem reference server works as before, started once', async () => {
    const dir = tempDir()
    cleanups.push(dir.remove)
    const { connection } = open(stdioSpec([referenceServer('filesystem'), dir.path]))
    await connection.start()
    expect(connection.status()).toMatchObject({ state: 'ready', protocolVersion: '2025-11-25' })
    const outcome = await connection.callTool('list_allowed_directories', {}, call())
    expect(outcome).toMatchObject({ kind: 'result' })
    expect(connection.stderrTail().match(/Secure MCP Filesystem Server running on stdio/g)).toHaveLength(1)
  })

  it('one that exits on the probe is started again once, straight to initialize; no tool runs twice; the next start skips the probe', async () => {
    const log = wireLog()
    const eras = new StdioEraMemory()
    const spec = stdioSpec([STRICT, 'exit'], { env: { MCP_WIRE_LOG: log.path } })
    const { connection, states } = open(spec, eras)
    await connection.start()
    expect(connection.status()).toMatchObject({ state: 'ready', protocolVersion: '2025-11-25' })
    expect(states).toEqual(['starting', 'ready'])
    expect(await connection.callTool('record', {}, call())).toMatchObject({ kind: 'result' })
    const entries = log.read()
    const [probed, kept] = spawns(entries)
    expect(spawns(entries)).toHaveLength(2)
    // The first process saw only the probe; the second never saw one.
    expect(methods(entries.filter((entry) => entry.pid === probed?.pid))).toEqual(['server/discover'])
    expect(methods(entries.filter((entry) => entry.pid === kept?.pid))[0]).toBe('initialize')
    expect(entries.filter((entry) => entry.call === 'record')).toHaveLength(1)
    expect(eras.knowsLegacy(spec)).toBe(true)

    await connection.close()
    const next = open(spec, eras)
    await next.connection.start()
    expect(next.connection.status()).toMatchObject({ state: 'ready', protocolVersion: '2025-11-25' })
    const later = log.read().slice(entries.length)
    expect(spawns(later)).toHaveLength(1)
    expect(methods(later)).not.toContain('server/discover')
    expect(log.read().filter((entry) => entry.call === 'record')).toHaveLength(1)
  })

  it('one that closes its stdout on the probe is started again once', async () => {
    const log = wireLog()
    const { connection } = open(stdioSpec([STRICT, 'close-stdout'], { env: { MCP_WIRE_LOG: log.path } }))
    await connection.start()
    expect(connection.status()).toMatchObject({ state: 'ready', protocolVersion: '2025-11-25' })
    expect(spawns(log.read())).toHaveLength(2)
    expect(await connection.callTool('record', {}, call())).toMatchObject({ kind: 'result' })
  })

  it('one that stays silent on the probe gets initialize in the same process when the probe times out', async () => {
    const log = wireLog()
    const { connection } = open(
      stdioSpec([STRICT, 'silent'], { env: { MCP_WIRE_LOG: log.path }, startTimeoutMs: 3_000 }),
    )
    await connection.start()
    expect(connection.status()).toMatchObject({ state: 'ready', protocolVersion: '2025-11-25' })
    expect(spawns(log.read())).toHaveLength(1)
    expect(methods(log.read()).slice(0, 2)).toEqual(['server/discover', 'initialize'])
  })
})

describe('the stdio start plan', () => {
  it('probes for at most half the deadline (capped), leaving initialize the rest; a known legacy server is not probed', () => {
    expect(stdioStartPlan(false, 30_000)).toEqual({
      revision: { mode: 'probe', probeTimeoutMs: STDIO_PROBE_TIMEOUT_MS },
      connectTimeoutMs: 30_000 - STDIO_PROBE_TIMEOUT_MS,
    })
    expect(stdioStartPlan(false, 4_000)).toEqual({
      revision: { mode: 'probe', probeTimeoutMs: 2_000 },
      connectTimeoutMs: 2_000,
    })
    expect(stdioStartPlan(true, 30_000)).toEqual({ revision: { mode: 'legacy' }, connectTimeoutMs: 30_000 })
  })
})
