// Every command declares what it does to the store (its domain's access, composed in COMMAND_ACCESS), and that
// declaration is what lets it through while an import's transaction is open: a command wrongly
// declared `read` would write into the import and vanish with it. So every `read` command is run,
// on a store with a conversation (an answer, a file, a tool call), a measurement and settings, while
// the store's connection refuses any write (`PRAGMA query_only`): none may fail or change a row.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { COMMAND_ACCESS } from '../../../src/shared/ipc/app-contract'
import { COMMAND_NAMES, type CommandName } from '../../../src/shared/ipc/channels'
import { countRows, isRunEnd, startAppWorld, weight, type AppWorld, type TestClient } from './app-helpers'

let world: AppWorld
let a: TestClient
beforeEach(async () => {
  world = await startAppWorld()
  a = world.client('window')
})
afterEach(async () => {
  world.store.db.pragma('query_only = OFF')
  await world.close()
})

const TABLES = [
  'conversations',
  'messages',
  'generations',
  'measurements',
  'settings',
  'tool_ledger',
  'message_attachments',
]

/** The payloads each `read` command is run with; a command declared `read` without one here fails the test. */
function samples(ids: {
  conversationId: string
  attachmentId: number
  baseUrl: string
}): Partial<Record<CommandName, unknown[]>> {
  return {
    'conversations.list': [{}, { pinned: true }],
    'conversations.open': [{ conversationId: ids.conversationId }],
    'conversations.search': [{ query: 'capital' }],
    'conversations.settings': [{ conversationId: ids.conversationId }],
    'conversations.export': [
      { conversationId: ids.conversationId, format: 'json' },
      { conversationId: ids.conversationId, format: 'markdown' },
    ],
    'settings.get': [{}],
    'tools.list': [{}],
    'actions.unknown': [{}],
    'measurements.list': [{ kind: 'weight' }],
    'mcp.list': [{}],
    'mcp.stderr': [{ serverId: 'none-such' }],
    'mcp.resources': [{ serverId: 'none-such' }],
    'mcp.readResource': [{ serverId: 'none-such', uri: 'file:///a.md' }],
    'mcp.prompts': [{ serverId: 'none-such' }],
    // The app's registry is a closed loopback port here: answered as unreachable, nothing stored.
    'mcp.registrySearch': [{ search: 'weather' }],
    'mcp.getPrompt': [{ serverId: 'none-such', name: 'summarise' }],
    'mcp.subscribeResource': [{ serverId: 'none-such', uri: 'file:///a.md' }],
    'mcp.unsubscribeResource': [{ serverId: 'none-such', uri: 'file:///a.md' }],
    'mcp.complete': [{ serverId: 'none-such', ref: { type: 'prompt', name: 'p' }, argument: { name: 'a', value: '' } }],
    'attachments.get': [{ attachmentId: ids.attachmentId }],
    // They call the (simulated) server: what it answers does not matter here, only that nothing is written.
    'providers.test': [
      { provider: 'openai-chat' },
      { draft: { preset: 'openai', baseUrl: ids.baseUrl, apiKey: 'sk-test-0123456789' } },
    ],
    'providers.models': [{ provider: 'openai-chat' }],
  }
}

describe('command access', () => {
  it('every command declares read, write or control, and nothing else', () => {
    expect(Object.keys(COMMAND_ACCESS).sort()).toEqual([...COMMAND_NAMES].sort())
    for (const access of Object.values(COMMAND_ACCESS)) expect(['read', 'write', 'control']).toContain(access)
  })

  it('every read command answers on a connection where any write throws, and changes no row', async () => {
    // A store with something of everything: an answer with a tool call that wrote, a file, settings.
    world.server.enqueue(
      { type: 'turn', text: 'Recording.', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
      { type: 'turn', text: 'Paris is the capital.' },
    )
    const file = { name: 'note.txt', mimeType: 'text/plain', dataBase64: Buffer.from('hello').toString('base64') }
    const { runId } = await a.value('turns.start', { text: 'Capital of France? I weigh 72.5 kg', attachments: [file] })
    const approval = await a.waitFor((e) => e.type === 'approval-request')
    if (approval.type !== 'approval-request') throw new Error('no approval')
    await a.value('approvals.answer', { approvalId: approval.approvalId, decision: 'approve' })
    const end = await a.waitFor((e) => isRunEnd(e) && true)
    if (!isRunEnd(end)) throw new Error('no end')
    await world.service.whenIdle()
    expect(a.events(runId).some((e) => e.type === 'tool-call' && e.state === 'done')).toBe(true)
    await a.value('settings.update', { theme: 'dark' })
    const opened = await a.value('conversations.open', { conversationId: end.conversationId })
    const attachmentId = Object.values(opened.attachments ?? {}).flat()[0]?.id
    if (attachmentId === undefined) throw new Error('no attachment stored')

    const reads = COMMAND_NAMES.filter((command) => COMMAND_ACCESS[command] === 'read')
    const payloads = samples({
      conversationId: end.conversationId,
      attachmentId,
      baseUrl: world.server.baseUrlFor('openai-chat'),
    })
    expect(reads.filter((command) => !Object.hasOwn(payloads, command))).toEqual([])

    const before = TABLES.map((table) => countRows(world.store, table))
    world.store.db.pragma('query_only = ON')
    // The check itself: a write on this connection now throws.
    expect(() => world.store.db.prepare(`UPDATE conversations SET title = 'x'`).run()).toThrow(/readonly/i)
    for (const command of reads) {
      for (const payload of payloads[command] ?? []) {
        const result = await a.call(command, payload)
        const failure = result.ok ? undefined : result.error
        // A read may find nothing (an MCP server that is not there), never fail to store.
        expect(failure === undefined || failure.kind === 'not-found', `${command}: ${JSON.stringify(failure)}`).toBe(
          true,
        )
      }
    }
    world.store.db.pragma('query_only = OFF')
    expect(TABLES.map((table) => countRows(world.store, table))).toEqual(before)
  })
})
