// McpConnection against the official reference servers (devDependencies, real processes): stdio
// for everything/filesystem/memory, Streamable HTTP and the legacy HTTP+SSE transport on 127.0.0.1.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { McpConnection } from '../../../src/main/mcp/mcp-connection'
import type { McpCallOptions, McpLaunchSpec } from '../../../src/main/mcp/mcp-connection-port'
import {
  eventually,
  referenceServer,
  startEverythingHttp,
  stdioSpec,
  tempDir,
  TEST_OPTIONS,
} from '../../support/mcp/mcp-test-servers'

const open: McpConnection[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()))
})
function connect(spec: McpLaunchSpec) {
  const connection = new McpConnection(spec, TEST_OPTIONS)
  open.push(connection)
  return connection
}
const call = (extra: Partial<McpCallOptions> = {}): McpCallOptions => ({
  signal: new AbortController().signal,
  ...extra,
})
const httpSpec = (url: string, transport: 'http' | 'sse'): McpLaunchSpec => ({
  ...stdioSpec([]),
  command: undefined,
  args: undefined,
  transport,
  url,
})

/** What every transport of server-everything must do the same way. */
async function exerciseEverything(connection: McpConnection, options: { listChangedArrives: boolean }) {
  let changed = 0
  connection.onToolsChanged(() => changed++)
  await connection.start()
  expect(connection.status()).toMatchObject({
    state: 'ready',
    protocolVersion: '2025-11-25',
    serverName: 'mcp-servers/everything',
  })
  // It registers its elicitation tool once it knows the client can answer, and says so (list_changed).
  // Over Streamable HTTP that notification goes out before the client's GET stream is open and is
  // lost (the server's doing); the listing has the tool either way.
  if (options.listChangedArrives) await eventually(() => changed > 0)
  const names = (await connection.listTools()).map((tool) => tool.name)
  expect(names).toEqual(
    expect.arrayContaining([
      'echo',
      'get-sum',
      'get-tiny-image',
      'trigger-long-running-operation',
      'trigger-elicitation-request',
    ]),
  )
  // Only form elicitation is declared: no sampling or roots tools appear.
  expect(names).not.toContain('trigger-sampling-request')
  expect(names).not.toContain('get-roots-list')

  expect(await connection.callTool('echo', { message: 'hi' }, call())).toMatchObject({
    kind: 'result',
    result: { content: [{ type: 'text', text: 'Echo: hi' }] },
  })
  const image = await connection.callTool('get-tiny-image', {}, call())
  expect(image).toMatchObject({
    kind: 'result',
    result: { content: expect.arrayContaining([expect.objectContaining({ type: 'image', mimeType: 'image/png' })]) },
  })
  // Bad arguments: the server runs its own check and answers with an error result.
  expect(await connection.callTool('get-sum', { a: 'one', b: 2 }, call())).toMatchObject({
    kind: 'result',
    result: { isError: true },
  })

  const progress: number[] = []
  const done = await connection.callTool(
    'trigger-long-running-operation',
    { duration: 0.4, steps: 4 },
    call({ onProgress: (update) => progress.push(update.progress) }),
  )
  expect(done.kind).toBe('result')
  // Advisory: over stdio the last notification can be lost.
  expect(progress.slice(0, 3)).toEqual([1, 2, 3])

  const stop = new AbortController()
  const stopped = await connection.callTool(
    'trigger-long-running-operation',
    { duration: 30, steps: 300 },
    {
      signal: stop.signal,
      onProgress: () => stop.abort(),
    },
  )
  expect(stopped).toMatchObject({ kind: 'unknown', reason: 'stopped' })
  expect(
    await connection.callTool('trigger-long-running-operation', { duration: 30, steps: 1 }, call({ timeoutMs: 300 })),
  ).toMatchObject({ kind: 'unknown', reason: 'timeout' })

  const asked = await connection.callTool(
    'trigger-elicitation-request',
    {},
    call({
      elicit: async (request) => {
        expect(request.from).toBe('Test server')
        return { action: 'decline' }
      },
    }),
  )
  expect(asked.kind).toBe('result')
}

describe('McpConnection with the reference servers over stdio', () => {
  it('server-everything: list, call, image, error result, progress, Stop, timeout, list_changed, elicitation', async () => {
    await exerciseEverything(connect(stdioSpec([referenceServer('everything'), 'stdio'])), { listChangedArrives: true })
  })

  it('server-filesystem: lists its tools and reads a file in the allowed folder', async () => {
    const dir = tempDir()
    try {
      writeFileSync(join(dir.path, 'note.txt'), 'hello from a file')
      const connection = connect(stdioSpec([referenceServer('filesystem'), dir.path]))
      await connection.start()
      expect(connection.status().state).toBe('ready')
      const names = (await connection.listTools()).map((tool) => tool.name)
      expect(names).toEqual(expect.arrayContaining(['read_text_file', 'write_file', 'list_directory']))
      const read = await connection.callTool('read_text_file', { path: join(dir.path, 'note.txt') }, call())
      expect(read).toMatchObject({ kind: 'result', result: { content: [{ type: 'text', text: 'hello from a file' }] } })
      const outside = await connection.callTool('read_text_file', { path: '/etc/hostname' }, call())
      expect(outside).toMatchObject({ kind: 'result', result: { isError: true } })
    } finally {
      dir.remove()
    }
  })

  it('server-memory: lists its tools and stores an entity', async () => {
    const dir = tempDir()
    try {
      const connection = connect(
        stdioSpec([referenceServer('memory')], { env: { MEMORY_FILE_PATH: join(dir.path, 'memory.jsonl') } }),
      )
      await connection.start()
      expect((await connection.listTools()).map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['create_entities', 'read_graph']),
      )
      const created = await connection.callTool(
        'create_entities',
        { entities: [{ name: 'Keel', entityType: 'app', observations: ['tested'] }] },
        call(),
      )
      expect(created.kind).toBe('result')
      const graph = await connection.callTool('read_graph', {}, call())
      expect(JSON.stringify(graph)).toContain('Keel')
    } finally {
      dir.remove()
    }
  })
})

describe('McpConnection with server-everything over HTTP on 127.0.0.1', () => {
  let streamable: Awaited<ReturnType<typeof startEverythingHttp>>
  let sse: Awaited<ReturnType<typeof startEverythingHttp>>
  beforeAll(async () => {
    ;[streamable, sse] = await Promise.all([startEverythingHttp('streamableHttp'), startEverythingHttp('sse')])
  })
  afterAll(async () => {
    await Promise.all([streamable?.stop(), sse?.stop()])
  })

  it('Streamable HTTP: the same behaviour as stdio', async () => {
    await exerciseEverything(connect(httpSpec(streamable.url, 'http')), { listChangedArrives: false })
  })

  it("'http' falls back to the legacy HTTP+SSE transport when the server only speaks that", async () => {
    const connection = connect(httpSpec(sse.url, 'http'))
    await connection.start()
    expect(connection.status()).toMatchObject({ state: 'ready', serverName: 'mcp-servers/everything' })
    expect(await connection.callTool('echo', { message: 'old' }, call())).toMatchObject({
      kind: 'result',
      result: { content: [{ text: 'Echo: old' }] },
    })
  })

  it("'sse' goes straight to the legacy transport", async () => {
    const connection = connect(httpSpec(sse.url, 'sse'))
    await connection.start()
    expect(connection.status().state).toBe('ready')
    expect((await connection.listTools()).map((tool) => tool.name)).toContain('echo')
  })

  it('an unreachable URL fails with a reason and a retry time', async () => {
    const connection = connect({ ...httpSpec('http://127.0.0.1:9/mcp', 'http'), startTimeoutMs: 2_000 })
    await connection.start()
    expect(connection.status()).toMatchObject({ state: 'failed', retryAt: expect.any(Number) })
  })
})
