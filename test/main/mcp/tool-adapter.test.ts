// One MCP tool as a Keel tool, run through Keel's real tool registry and ledger (a temp SQLite
// store) against a fake connection: names, hashes, the effect rule, and each call outcome's
// mapping — what the ledger holds, what the model is told, and that nothing is ever re-issued.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type {
  McpCallOptions,
  McpCallOutcome,
  McpConnectionPort,
  McpListedTool,
} from '../../../src/main/mcp/mcp-connection-port'
import { mcpDefinitionHash } from '../../../src/main/mcp/mcp-definition-hash'
import { assignMcpProviderNames, mcpToolProviderName } from '../../../src/main/mcp/mcp-provider-names'
import { toKeelTool, type McpToolServer } from '../../../src/main/mcp/mcp-tool-adapter'
import { ToolOutcomeUnknown, type CallableTool, type ToolSource } from '../../../src/main/tools/tool'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import { toolResultMessage } from '../../../src/main/tools/tool-result-for-model'
import type { McpServerStatus } from '../../../src/shared/mcp'
import { TINY_PNG } from '../../support/fake-external-tools'
import { conversationWithTurn, fakeClock, useTempStores } from '../db/store-fixtures'

const stores = useTempStores()

/** A stand-in for one server's connection: answers each call with the next scripted outcome, and records every call. */
class FakeConnection implements McpConnectionPort {
  readonly id = 'files'
  readonly calls: Array<{ name: string; args: Record<string, unknown>; options: McpCallOptions }> = []
  constructor(
    private readonly answer: (
      name: string,
      args: Record<string, unknown>,
      options: McpCallOptions,
    ) => Promise<McpCallOutcome>,
  ) {}
  status(): McpServerStatus {
    return { state: 'ready', protocolVersion: '2025-11-25', serverName: 'fake', serverVersion: '1' }
  }
  onStatus(): () => void {
    return () => {}
  }
  async start(): Promise<void> {}
  async listTools(): Promise<McpListedTool[]> {
    return []
  }
  onToolsChanged(): () => void {
    return () => {}
  }
  callTool(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<McpCallOutcome> {
    this.calls.push({ name, args, options })
    return this.answer(name, args, options)
  }
  stderrTail(): string {
    return ''
  }
  async close(): Promise<void> {}
}

const server: McpToolServer = {
  id: 'files',
  name: 'My Files',
  trustReadOnlyHints: false,
  timeoutMs: 30_000,
  maxTotalTimeoutMs: 600_000,
}

const writeFile: McpListedTool = {
  name: 'fs.write_file',
  title: 'Write file',
  description: 'Writes a file.',
  inputSchema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { path: { type: 'string' }, mode: { type: 'integer', default: 420 } },
    required: ['path'],
  },
}

function adapt(
  tool: McpListedTool,
  connection: McpConnectionPort,
  serverOverrides: Partial<McpToolServer> = {},
): CallableTool {
  const adapted = toKeelTool({
    server: { ...server, ...serverOverrides },
    tool,
    definitionHash: mcpDefinitionHash(tool),
    connection,
    providerName: mcpToolProviderName(server.id, tool.name),
  })
  if (!adapted.ok) throw new Error(adapted.reason)
  return adapted.tool
}

/** The adapted tool in Keel's registry on a fresh store, and a way to call it in one stored turn. */
function harness(
  answer: ConstructorParameters<typeof FakeConnection>[0],
  tool: McpListedTool = writeFile,
  serverOverrides: Partial<McpToolServer> = {},
) {
  const { store } = stores.open({ clock: fakeClock() })
  const connection = new FakeConnection(answer)
  const keelTool = adapt(tool, connection, serverOverrides)
  const source: ToolSource = { id: 'mcp:files', list: () => [keelTool] }
  const registry = createKeelToolRegistry(store, { sources: [source] })
  const ids = conversationWithTurn(store)
  let call = 0
  const run = (args: unknown, options: { signal?: AbortSignal } = {}) =>
    registry.executeToolCall({ ...ids, callId: `call_${++call}`, toolName: keelTool.name, arguments: args }, options)
  return { store, connection, keelTool, registry, run }
}

const result = (
  text: string,
  extra: Partial<Extract<McpCallOutcome, { kind: 'result' }>['result']> = {},
): McpCallOutcome => ({ kind: 'result', result: { content: [{ type: 'text', text }], ...extra } })

describe('the Keel tool', () => {
  it('names, titles, describes and keys it from the server and the definition', () => {
    const connection = new FakeConnection(async () => result('ok'))
    const tool = adapt(writeFile, connection)
    expect(tool).toMatchObject({
      name: 'mcp__files__fs_write_file',
      title: 'Write file',
      description: 'Writes a file.',
      source: 'mcp:files',
      provider: 'My Files',
      grantKey: `mcp:files:fs.write_file@${mcpDefinitionHash(writeFile)}`,
      maxTimeoutMs: 600_000,
      effect: 'external',
      // No annotations: the spec's pessimistic defaults.
      hints: { destructive: true, openWorld: true, readOnly: false },
    })
    expect(tool.schema.jsonSchema).toEqual({
      type: 'object',
      properties: writeFile.inputSchema.properties,
      required: ['path'],
    })
    expect(
      adapt({ name: 'a', annotations: { title: 'From annotations' }, inputSchema: { type: 'object' } }, connection),
    ).toMatchObject({ title: 'From annotations', description: 'From annotations' })
    expect(adapt({ name: 'bare', inputSchema: { type: 'object' } }, connection)).toMatchObject({ title: 'bare' })
  })

  it('is refused, with a reason, when its schema cannot be checked', () => {
    const adapted = toKeelTool({
      server,
      tool: { name: 'odd', inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } },
      definitionHash: 'h',
      connection: new FakeConnection(async () => result('ok')),
      providerName: 'mcp__files__odd',
    })
    expect(adapted).toEqual({
      ok: false,
      reason: expect.stringMatching(/^Tool 'odd' of My Files is not offered: its schema uses a JSON Schema dialect/),
    })
  })

  it('is an external write unless the user trusts this server’s read-only hints and the tool gives one', () => {
    const connection = new FakeConnection(async () => result('ok'))
    const readOnly: McpListedTool = {
      name: 'read',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
    }
    expect(adapt(readOnly, connection).effect).toBe('external')
    expect(adapt(readOnly, connection, { trustReadOnlyHints: true }).effect).toBe('none')
    expect(adapt(readOnly, connection, { trustReadOnlyHints: true }).hints).toEqual({
      destructive: false,
      openWorld: true,
      readOnly: true,
    })
    expect(adapt({ ...readOnly, annotations: {} }, connection, { trustReadOnlyHints: true }).effect).toBe('external')
    expect(
      adapt({ ...readOnly, annotations: { readOnlyHint: 'true' } }, connection, { trustReadOnlyHints: true }).effect,
    ).toBe('external')
    expect(
      adapt({ ...readOnly, annotations: { destructiveHint: false, openWorldHint: false } }, connection).hints,
    ).toEqual({ destructive: false, openWorld: false, readOnly: false })
  })
})

describe('definition hash', () => {
  it('changes with any field of the definition, and only then', () => {
    const base = mcpDefinitionHash(writeFile)
    expect(base).toMatch(/^[0-9a-f]{64}$/)
    const changed: McpListedTool[] = [
      { ...writeFile, name: 'fs.write' },
      { ...writeFile, title: 'Write a file' },
      { ...writeFile, description: 'Writes a file. Also emails it to someone.' },
      { ...writeFile, inputSchema: { ...writeFile.inputSchema, required: [] } },
      {
        ...writeFile,
        inputSchema: {
          ...writeFile.inputSchema,
          properties: { path: { type: 'string' }, mode: { type: 'integer', default: 511 } },
        },
      },
      { ...writeFile, outputSchema: { type: 'object' } },
      { ...writeFile, annotations: { readOnlyHint: true } },
      { ...writeFile, execution: { taskSupport: 'optional' } },
      { ...writeFile, _meta: { 'example.com/v': 2 } },
      { ...writeFile, icons: [{ src: 'https://example.com/i.png' }] },
    ]
    const hashes = changed.map(mcpDefinitionHash)
    expect(new Set([base, ...hashes]).size).toBe(changed.length + 1)
    // Key order and an absent vs undefined field are not changes.
    const reordered = {
      inputSchema: {
        required: ['path'],
        properties: writeFile.inputSchema.properties,
        type: 'object',
        $schema: writeFile.inputSchema.$schema,
      },
      description: writeFile.description,
      title: writeFile.title,
      name: writeFile.name,
      outputSchema: undefined,
    }
    expect(mcpDefinitionHash(reordered)).toBe(base)
  })
})

describe('provider names', () => {
  const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/

  it('makes dots and long names valid, and calls the server by the exact MCP name', async () => {
    expect(mcpToolProviderName('files', 'fs.read')).toBe('mcp__files__fs_read')
    const long = mcpToolProviderName('files', 'x'.repeat(128))
    expect(long).toMatch(PROVIDER_NAME)
    expect(long).toHaveLength(64)
    const t = harness(async () => result('written'))
    expect(t.keelTool.name).toBe('mcp__files__fs_write_file')
    await t.run({ path: '/tmp/a' })
    expect(t.connection.calls.map((call) => call.name)).toEqual(['fs.write_file'])
  })

  it('keeps colliding names apart: the unchanged one keeps its name, the others get a hash', () => {
    const names = assignMcpProviderNames([
      { serverId: 'files', toolName: 'get.x' },
      { serverId: 'files', toolName: 'get_x' },
      { serverId: 'a', toolName: 'b__c' },
      { serverId: 'a__b', toolName: 'c' },
    ])
    expect(names[1]).toBe('mcp__files__get_x')
    expect(names[0]).toMatch(/^mcp__files__get_x_[0-9a-f]{8}$/)
    expect(names[2]).toBe('mcp__a__b__c') // both spell it exactly: the smaller server id keeps it
    expect(names[3]).toMatch(/^mcp__a__b__c_[0-9a-f]{8}$/)
  })

  it('property: every name is valid for providers, distinct pairs get distinct names, whatever the order', () => {
    const part = fc.oneof(
      fc.string({ minLength: 1, maxLength: 130 }),
      fc.constantFrom('a', 'a.b', 'a_b', 'a__b', 'b__c', 'x'.repeat(70), `${'x'.repeat(70)}.`),
    )
    const pairs = fc.uniqueArray(
      fc.record({ serverId: fc.constantFrom('files', 'a', 'a__b', 'my-server'), toolName: part }),
      {
        selector: (pair) => `${pair.serverId}\u0000${pair.toolName}`,
        maxLength: 25,
      },
    )
    fc.assert(
      fc.property(pairs, (tools) => {
        const names = assignMcpProviderNames(tools)
        for (const name of names) expect(name).toMatch(PROVIDER_NAME)
        expect(new Set(names).size).toBe(tools.length)
        const reversed = assignMcpProviderNames([...tools].reverse()).reverse()
        expect(reversed).toEqual(names)
      }),
    )
  })
})

describe('a call and its outcome', () => {
  it('passes the arguments exactly as the model sent them (no defaults), with the signal, timeout, progress and elicitation', async () => {
    const t = harness(async (_name, _args, options) => {
      options.onProgress?.({ progress: 1, total: 2, message: 'half' })
      return result('written')
    })
    const progress: unknown[] = []
    const elicit = async () => ({ action: 'decline' as const })
    const outcome = await t.registry.executeToolCall(
      { ...conversationWithTurn(t.store), callId: 'c1', toolName: t.keelTool.name, arguments: { path: '/tmp/a' } },
      { onProgress: (p) => progress.push(p), elicit },
    )
    expect(outcome).toMatchObject({
      status: 'succeeded',
      kind: 'write',
      output: 'written',
      parts: [{ type: 'text', text: 'written' }],
    })
    const [call] = t.connection.calls
    expect(call!.args).toEqual({ path: '/tmp/a' })
    expect(call!.options).toMatchObject({ timeoutMs: 30_000, elicit })
    expect(call!.options.signal).toBeInstanceOf(AbortSignal)
    expect(progress).toEqual([{ progress: 1, total: 2, message: 'half' }])
  })

  it('invalid arguments never reach the server', async () => {
    const t = harness(async () => result('written'))
    const outcome = await t.run({ path: '/tmp/a', mode: '420' })
    expect(outcome).toMatchObject({
      status: 'invalid-arguments',
      issues: [{ path: 'mode', message: 'mode: expected integer, got a string ("420")' }],
    })
    expect(t.connection.calls).toHaveLength(0)
    expect(t.store.ledger.list()).toHaveLength(0)
  })

  it('a result succeeds (stored in the ledger; the same action again is not re-sent)', async () => {
    const t = harness(async () => ({
      kind: 'result',
      result: {
        content: [
          { type: 'text', text: 'written 3 bytes' },
          { type: 'image', data: TINY_PNG, mimeType: 'image/png' },
        ],
      },
    }))
    const first = await t.run({ path: '/tmp/a' })
    expect(first).toMatchObject({ status: 'succeeded', output: 'written 3 bytes' })
    expect(toolResultMessage(first).images).toEqual([{ mimeType: 'image/png', data: TINY_PNG }])
    expect(await t.run({ path: '/tmp/a' })).toMatchObject({
      status: 'succeeded',
      repeated: true,
      output: 'written 3 bytes',
    })
    expect(t.connection.calls).toHaveLength(1)
    expect(t.store.ledger.list()).toMatchObject([{ state: 'succeeded', output: 'written 3 bytes' }])
  })

  it('a structured result that fails the output schema still succeeded (the effect happened), with a note', async () => {
    const tool: McpListedTool = {
      ...writeFile,
      outputSchema: { type: 'object', properties: { bytes: { type: 'integer' } }, required: ['bytes'] },
    }
    const t = harness(async () => result('{"bytes":"three"}', { structuredContent: { bytes: 'three' } }), tool)
    const outcome = await t.run({ path: '/tmp/a' })
    expect(outcome).toMatchObject({
      status: 'succeeded',
      output: expect.stringMatching(
        /does not match the tool's declared output schema \(bytes: expected integer, got a string \("three"\)\)\. The action did run/,
      ),
    })
    expect(t.store.ledger.list()).toMatchObject([{ state: 'succeeded' }])
  })

  it('isError fails with the server’s own words, for the model to correct itself', async () => {
    const t = harness(async () => result('ENOENT: no such directory /nope', { isError: true }))
    const outcome = await t.run({ path: '/nope/a' })
    expect(outcome).toMatchObject({
      status: 'failed',
      error: { kind: 'external', message: 'ENOENT: no such directory /nope', retryable: false },
    })
    expect(t.store.ledger.list()).toMatchObject([{ state: 'failed' }])
    expect(toolResultMessage(outcome)).toMatchObject({
      isError: true,
      content: expect.stringContaining('ENOENT: no such directory /nope'),
    })
  })

  it('a refusal (JSON-RPC error) fails; a call that never left Keel fails as "did not run" (retryable)', async () => {
    const refused = harness(async () => ({
      kind: 'rejected',
      code: -32602,
      message: 'Invalid params: path must be absolute',
    }))
    expect(await refused.run({ path: 'a' })).toMatchObject({
      status: 'failed',
      error: {
        kind: 'external',
        message: 'My Files refused the call: Invalid params: path must be absolute',
        retryable: false,
      },
    })
    const notSent = harness(async () => ({ kind: 'not-sent', message: 'the server is not running' }))
    expect(await notSent.run({ path: 'a' })).toMatchObject({
      status: 'failed',
      error: {
        kind: 'external',
        message: 'My Files could not be reached (the server is not running); the tool did not run.',
        retryable: true,
      },
    })
  })

  it.each([
    ['stopped', /^Stopped\. My Files was asked to cancel but may have finished — check\./],
    [
      'timeout',
      /^The call to My Files timed out \(no answer 30 s after its last progress, or 600 s in all\); the server was asked to cancel but may have finished — check\./,
    ],
    [
      'connection-lost',
      /^The connection to My Files was lost mid-call \(the process exited\); the server may or may not have done it — check\./,
    ],
  ] as const)(
    '%s: the outcome is unknown, said so, stays unknown in the ledger and is never re-issued',
    async (reason, message) => {
      const t = harness(async () => ({ kind: 'unknown', reason, message: 'the process exited' }))
      const first = await t.run({ path: '/tmp/a' })
      expect(first).toMatchObject({ status: 'unknown', message: expect.stringMatching(message) })
      expect(first.status === 'unknown' && first.message).toMatch(/not run again/)
      const again = await t.run({ path: '/tmp/a' })
      expect(again).toMatchObject({ status: 'unknown' })
      expect(t.connection.calls).toHaveLength(1)
      expect(t.store.ledger.list()).toMatchObject([{ state: 'unknown' }])
    },
  )

  it('a trusted read-only tool that got no answer failed (no effect to be unsure of), and is not re-sent', async () => {
    const readOnly: McpListedTool = {
      name: 'read',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
    }
    const t = harness(async () => ({ kind: 'unknown', reason: 'timeout', message: 'timed out' }), readOnly, {
      trustReadOnlyHints: true,
    })
    expect(await t.run({})).toMatchObject({
      status: 'failed',
      kind: 'read',
      error: { kind: 'external', message: expect.stringMatching(/^The call to My Files timed out/), retryable: false },
    })
    expect(t.connection.calls).toHaveLength(1)
    expect(t.store.ledger.list()).toHaveLength(0)
    // Never sent: a read may be tried once more.
    const down = harness(async () => ({ kind: 'not-sent', message: 'not connected' }), readOnly, {
      trustReadOnlyHints: true,
    })
    expect(await down.run({})).toMatchObject({ status: 'failed', error: { retryable: true } })
    expect(down.connection.calls).toHaveLength(2)
  })

  it('a write whose request never left Keel (not connected) is not recorded: the same action may be tried again once the server is back', async () => {
    let up = false
    const t = harness(async () => (up ? result('written') : { kind: 'not-sent', message: 'not connected' }))
    const args = { path: '/notes/a.txt', content: 'x' }
    expect(await t.run(args)).toMatchObject({
      status: 'failed',
      kind: 'write',
      repeated: false,
      idempotencyKey: undefined,
      error: { retryable: true, message: expect.stringContaining('did not run') },
    })
    expect(t.store.ledger.list()).toHaveLength(0)
    up = true
    expect(await t.run(args)).toMatchObject({ status: 'succeeded', repeated: false })
    expect(t.connection.calls).toHaveLength(2)
    expect(t.store.ledger.list()).toMatchObject([{ state: 'succeeded' }])
  })

  it('throws ToolOutcomeUnknown itself (whoever runs it learns the outcome is unknown, not failed)', async () => {
    const tool = adapt(
      writeFile,
      new FakeConnection(async () => ({ kind: 'unknown', reason: 'stopped', message: 'aborted' })),
    )
    const call = Promise.resolve(
      tool.call(
        { path: 'a' },
        {
          conversationId: 'c',
          turnId: 't',
          callId: 'x',
          now: 0,
          timeZone: 'UTC',
          signal: new AbortController().signal,
          timeoutMs: 1000,
        },
      ),
    )
    await expect(call).rejects.toBeInstanceOf(ToolOutcomeUnknown)
  })
})
