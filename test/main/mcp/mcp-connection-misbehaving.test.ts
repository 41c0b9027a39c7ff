// McpConnection against a server that misbehaves on purpose (test/support/mcp/misbehaving-server.mjs):
// real child processes, no mocks. No durations are asserted.
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { McpConnection } from '../../../src/main/mcp/mcp-connection'
import type { McpCallOptions } from '../../../src/main/mcp/mcp-connection-port'
import { MCP_STDERR_RING_BYTES } from '../../../src/main/mcp/mcp-stderr-ring'
import {
  eventually,
  MISBEHAVING_SERVER,
  misbehaving,
  processAlive,
  stdioSpec,
  tempDir,
  TEST_OPTIONS,
} from '../../support/mcp/mcp-test-servers'

const open: McpConnection[] = []
const dirs: Array<{ remove: () => void }> = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()))
  for (const dir of dirs.splice(0)) dir.remove()
})

function server(env: Record<string, string> = {}, overrides = {}) {
  const connection = misbehaving(env, overrides)
  open.push(connection)
  return connection
}
function scratch() {
  const dir = tempDir()
  dirs.push(dir)
  return dir.path
}
const call = (extra: Partial<McpCallOptions> = {}): McpCallOptions => ({
  signal: new AbortController().signal,
  ...extra,
})

describe('McpConnection with a misbehaving server', () => {
  it('lists every page of tools, each object as sent (unknown fields kept)', async () => {
    const connection = server({ MCP_TEST_PAGE_SIZE: '2' })
    await connection.start()
    expect(connection.status()).toMatchObject({
      state: 'ready',
      protocolVersion: '2025-11-25',
      serverName: 'misbehaving',
    })
    const tools = await connection.listTools()
    expect(tools.map((tool) => tool.name)).toEqual([
      'count',
      'crash',
      'huge',
      'flood',
      'mutable',
      'mutate',
      'bad_structured',
      'slow',
      'image',
      'fails',
      'ask',
      'env',
      'echo_env',
    ])
    expect(tools.find((tool) => tool.name === 'mutable')).toEqual({
      name: 'mutable',
      description: 'The original definition',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true },
      'x-keel-test': { kept: true },
    })
  })

  it('fails with the reason when the server never answers initialize, and ends its process', async () => {
    const dir = scratch()
    const pidFile = join(dir, 'grandchild.pid')
    const connection = server(
      { MCP_TEST_HANG_AT_START: '1', MCP_TEST_GRANDCHILD_PID_FILE: pidFile },
      { startTimeoutMs: 800 },
    )
    await connection.start()
    const status = connection.status()
    expect(status.state).toBe('failed')
    if (status.state !== 'failed') return
    expect(status.reason).toMatch(/Did not answer initialize within 0.8 s/)
    expect(status.retryAt).toBeTypeOf('number')
    await connection.close()
    const pid = Number(readFileSync(pidFile, 'utf8'))
    await eventually(() => !processAlive(pid))
  })

  it('says why a server that exits at start failed (its exit code and last stderr line)', async () => {
    const connection = server({ MCP_TEST_EXIT_AT_START: '7' })
    await connection.start()
    const status = connection.status()
    expect(status).toMatchObject({ state: 'failed' })
    if (status.state === 'failed')
      expect(status.reason).toMatch(/code 7.*cannot start: on purpose|closed the connection.*cannot start: on purpose/)
    expect(connection.stderrTail()).toContain('cannot start: on purpose')
  })

  it('does not retry a command that does not exist', async () => {
    const connection = server({}, { command: join(scratch(), 'no-such-server') })
    await connection.start()
    expect(connection.status()).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/Command not found/),
      retryAt: undefined,
    })
  })

  it('a crash mid-call: the call is unknown (connection lost), the server restarts, the call is never re-issued', async () => {
    const countFile = join(scratch(), 'count')
    const connection = server({ MCP_TEST_COUNT_FILE: countFile })
    const states: string[] = []
    connection.onStatus((status) => states.push(status.state))
    let toolsChanged = 0
    connection.onToolsChanged(() => toolsChanged++)
    await connection.start()
    const outcome = await connection.callTool('crash', {}, call())
    expect(outcome).toMatchObject({ kind: 'unknown', reason: 'connection-lost' })
    if (outcome.kind === 'unknown') expect(outcome.message).toMatch(/code 3.*crashing on purpose/)
    await eventually(() => connection.status().state === 'ready')
    expect(states).toEqual(['starting', 'ready', 'failed', 'starting', 'ready'])
    // The restarted server's tools are listed again by the hub.
    expect(toolsChanged).toBe(1)
    expect(readFileSync(countFile, 'utf8')).toBe('1')
    // The new process works; the crashed call was still run only once.
    expect(await connection.callTool('count', {}, call())).toMatchObject({ kind: 'result' })
    expect(readFileSync(countFile, 'utf8')).toBe('2')
  })

  it('restarts with a doubling, capped delay, and starts again from the first delay after staying up', async () => {
    let clock = 0
    const options = { ...TEST_OPTIONS, now: () => clock, backoff: { initialMs: 10, maxMs: 40, stableMs: 1_000 } }
    // A server that never starts: 10, 20, 40, 40 ms.
    const failing = new McpConnection(
      stdioSpec([MISBEHAVING_SERVER], { env: { MCP_TEST_EXIT_AT_START: '1' } }),
      options,
    )
    open.push(failing)
    const delays: number[] = []
    failing.onStatus((status) => {
      if (status.state === 'failed' && status.retryAt !== undefined) delays.push(status.retryAt - clock)
    })
    await failing.start()
    await eventually(() => delays.length >= 4)
    await failing.close()
    expect(delays.slice(0, 4)).toEqual([10, 20, 40, 40])

    // A server that crashes after it was up long enough: back to 10 ms; crashing again at once: 20 ms.
    const crashing = new McpConnection(stdioSpec([MISBEHAVING_SERVER]), options)
    open.push(crashing)
    const crashDelays: number[] = []
    crashing.onStatus((status) => {
      if (status.state === 'failed' && status.retryAt !== undefined) crashDelays.push(status.retryAt - clock)
    })
    await crashing.start()
    for (const upFor of [5_000, 5_000, 0]) {
      clock += upFor
      await crashing.callTool('crash', {}, call())
      await eventually(() => crashing.status().state === 'ready')
    }
    expect(crashDelays).toEqual([10, 10, 20])
  })

  it('a call while not connected is not sent', async () => {
    const countFile = join(scratch(), 'count')
    const connection = server({ MCP_TEST_COUNT_FILE: countFile })
    expect(await connection.callTool('count', {}, call())).toMatchObject({ kind: 'not-sent' })
    await connection.start()
    await connection.close()
    expect(await connection.callTool('count', {}, call())).toMatchObject({ kind: 'not-sent' })
    expect(existsSync(countFile)).toBe(false)
  })

  it('keeps only the last ~64 KiB of a stderr flood, ending with the newest line', async () => {
    const connection = server()
    await connection.start()
    expect(await connection.callTool('flood', { kib: 3 * 1024 }, call())).toMatchObject({ kind: 'result' })
    await eventually(() => connection.stderrTail().includes('LAST LINE OF THE FLOOD'))
    const tail = connection.stderrTail()
    expect(Buffer.byteLength(tail)).toBeLessThanOrEqual(MCP_STDERR_RING_BYTES)
    expect(Buffer.byteLength(tail)).toBeGreaterThan(MCP_STDERR_RING_BYTES - 1024)
    expect(tail.endsWith('LAST LINE OF THE FLOOD\n')).toBe(true)
  })

  it('a result over the message cap is refused with a clear outcome, and the server restarts', async () => {
    const connection = server({}, {})
    await connection.start()
    const outcome = await connection.callTool('huge', { mib: 17 }, call())
    expect(outcome).toMatchObject({ kind: 'unknown', reason: 'connection-lost' })
    if (outcome.kind === 'unknown') expect(outcome.message).toMatch(/larger than 16 MiB/)
    await eventually(() => connection.status().state === 'ready')
    // Below the cap a big result arrives whole.
    const big = await connection.callTool('huge', { mib: 2 }, call())
    expect(big.kind).toBe('result')
    if (big.kind === 'result') expect(String(big.result.content[0]?.text).length).toBe(2 * 1024 * 1024)
  })

  it('a definition change: list_changed reaches the listeners and the new listing differs', async () => {
    const connection = server()
    let changed = 0
    connection.onToolsChanged(() => changed++)
    await connection.start()
    const before = (await connection.listTools()).find((tool) => tool.name === 'mutable')
    await connection.callTool('mutate', {}, call())
    await eventually(() => changed === 1)
    const after = (await connection.listTools()).find((tool) => tool.name === 'mutable')
    expect(after).not.toEqual(before)
    expect(after?.description).toBe('Changed after mutate was called')
  })

  it('structuredContent that violates outputSchema comes back as a result (Keel decides, not the SDK)', async () => {
    const connection = server()
    await connection.start()
    await connection.listTools()
    expect(await connection.callTool('bad_structured', {}, call())).toEqual({
      kind: 'result',
      result: {
        content: [{ type: 'text', text: '{"n":"not a number"}' }],
        structuredContent: { n: 'not a number' },
        isError: undefined,
      },
    })
  })

  it('image and isError results come back as sent; an unknown tool is rejected', async () => {
    const connection = server()
    await connection.start()
    const image = await connection.callTool('image', {}, call())
    expect(image).toMatchObject({
      kind: 'result',
      result: { content: [{ type: 'text' }, { type: 'image', mimeType: 'image/png' }] },
    })
    expect(await connection.callTool('fails', {}, call())).toMatchObject({
      kind: 'result',
      result: { isError: true, content: [{ text: 'it went wrong' }] },
    })
    expect(await connection.callTool('no_such_tool', {}, call())).toEqual({
      kind: 'rejected',
      code: -32602,
      message: expect.stringContaining('Unknown tool'),
    })
  })

  it('reports progress, and Stop makes the call unknown (stopped) and sends notifications/cancelled', async () => {
    const events = join(scratch(), 'events')
    const connection = server({ MCP_TEST_EVENTS_FILE: events })
    await connection.start()
    const stop = new AbortController()
    const progress: Array<{ progress: number; total?: number | undefined; message?: string | undefined }> = []
    const outcome = await connection.callTool(
      'slow',
      { steps: 1000, stepMs: 20 },
      {
        signal: stop.signal,
        onProgress: (update) => {
          progress.push(update)
          if (progress.length === 2) stop.abort()
        },
      },
    )
    expect(outcome).toMatchObject({ kind: 'unknown', reason: 'stopped' })
    expect(progress[0]).toEqual({ progress: 1, total: 1000, message: 'step 1' })
    await eventually(() => existsSync(events) && /cancelled/.test(readFileSync(events, 'utf8')))
    // The connection stays usable.
    expect(await connection.callTool('fails', {}, call())).toMatchObject({ kind: 'result' })
  })

  it('a call that outlives its timeout is unknown (timeout); progress extends the timeout', async () => {
    const connection = server()
    await connection.start()
    expect(await connection.callTool('slow', { steps: 1, stepMs: 3_000 }, call({ timeoutMs: 300 }))).toMatchObject({
      kind: 'unknown',
      reason: 'timeout',
    })
    // Each step is shorter than the timeout but all together are longer: progress keeps it alive.
    expect(await connection.callTool('slow', { steps: 8, stepMs: 150 }, call({ timeoutMs: 600 }))).toMatchObject({
      kind: 'result',
    })
  })

  it("routes the server's elicitation to the running call's form; without one it is declined", async () => {
    const connection = server()
    await connection.start()
    const asked: unknown[] = []
    const answered = await connection.callTool(
      'ask',
      {},
      call({
        elicit: async (request) => {
          asked.push(request)
          return { action: 'accept', content: { name: 'Ann' } }
        },
      }),
    )
    expect(asked).toEqual([
      {
        from: 'Test server',
        message: 'What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
    ])
    expect(answered).toMatchObject({
      kind: 'result',
      result: { content: [{ text: 'elicitation: {"action":"accept","content":{"name":"Ann"}}' }] },
    })
    expect(await connection.callTool('ask', {}, call())).toMatchObject({
      kind: 'result',
      result: { content: [{ text: 'elicitation: {"action":"decline"}' }] },
    })
  })

  it("close ends the whole process tree, even members that ignore stdin's end and SIGTERM", async () => {
    const pidFile = join(scratch(), 'grandchild.pid')
    const connection = server({ MCP_TEST_GRANDCHILD_PID_FILE: pidFile, MCP_TEST_IGNORE_SIGTERM: '1' })
    await connection.start()
    expect(connection.status().state).toBe('ready')
    const grandchild = Number(readFileSync(pidFile, 'utf8'))
    expect(processAlive(grandchild)).toBe(true)
    await connection.close()
    expect(connection.status()).toEqual({ state: 'stopped' })
    await eventually(() => !processAlive(grandchild))
  })

  it("gives the server the minimal environment and its own env, never Keel's provider keys", async () => {
    const saved = { ...process.env }
    process.env.OPENAI_API_KEY = 'sk-canary'
    process.env.ANTHROPIC_API_KEY = 'sk-ant-canary'
    process.env.KEEL_SOMETHING = 'x'
    try {
      const connection = server({ MY_SERVER_TOKEN: 'configured' })
      await connection.start()
      const outcome = await connection.callTool('env', {}, call())
      expect(outcome.kind).toBe('result')
      if (outcome.kind !== 'result') return
      const keys = JSON.parse(String(outcome.result.content[0]?.text)) as string[]
      expect(keys).toContain('MY_SERVER_TOKEN')
      expect(keys).toContain('PATH')
      expect(keys).not.toContain('OPENAI_API_KEY')
      expect(keys).not.toContain('ANTHROPIC_API_KEY')
      expect(keys).not.toContain('KEEL_SOMETHING')
      expect(
        keys.every(
          (key) =>
            ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'MY_SERVER_TOKEN'].includes(key) ||
            /^(_|PWD|SHLVL)$/.test(key),
        ),
      ).toBe(true)
    } finally {
      process.env = saved
    }
  })
})
