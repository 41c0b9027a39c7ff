// MCP servers through the whole core: imported like a Claude Desktop config, agreed to, started,
// their tools called by the harness with the simulated provider — one test per row of the outcome
// table: the ledger ends in the right state, nothing is re-run, the model gets one
// result per call under its id; a cut turn never reaches the server; a write runs once.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { McpServerView } from '../../../src/shared/mcp'
import { PROVIDER_IDS } from '../../../src/shared/provider-id'
import type { RunEvent } from '../../../src/shared/run-events'
import { MISBEHAVING_SERVER, TEST_OPTIONS, referenceServer, tempDir } from '../../support/mcp/mcp-test-servers'
import { isRunEnd, startAppWorld, type AppWorld, type TestClient } from './app-helpers'
import { waitUntil as waitFor } from '../../support/wait-until'

const dir = tempDir()
const countFile = join(dir.path, 'count.txt')
const eventsFile = join(dir.path, 'events.txt')
const filesDir = join(dir.path, 'files')
const count = () => (existsSync(countFile) ? Number(readFileSync(countFile, 'utf8')) : 0)

const CONFIG = JSON.stringify({
  preferences: { theme: 'dark' },
  mcpServers: {
    odd: {
      command: process.execPath,
      args: [MISBEHAVING_SERVER],
      env: { MCP_TEST_COUNT_FILE: countFile, MCP_TEST_EVENTS_FILE: eventsFile },
    },
    files: { command: process.execPath, args: [referenceServer('filesystem'), filesDir] },
  },
})

let world: AppWorld
let client: TestClient

/** MCP servers start as child processes: up to 30 s. */
const waitUntil = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000) =>
  waitFor(what, probe, timeoutMs)

const server = async (id: string): Promise<McpServerView> =>
  (await client.value('mcp.list', {})).find((view) => view.config.id === id)!
const ready = (id: string) =>
  waitUntil(`${id} ready`, async () =>
    (await server(id)).status.state === 'ready' && (await server(id)).tools.length > 0 ? true : undefined,
  )

/** Runs one turn; approves every request with `decision`; returns its events. */
async function turn(
  text: string,
  options: {
    decision?: 'approve' | 'deny'
    provider?: (typeof PROVIDER_IDS)[number]
    onEvent?: (event: RunEvent, runId: string) => Promise<void> | void
  } = {},
) {
  const { runId } = await client.value('turns.start', {
    text,
    ...(options.provider ? { provider: options.provider } : {}),
  })
  const answered = new Set<string>()
  for (;;) {
    const events = client.events(runId)
    for (const event of events) {
      if (event.type === 'approval-request' && !answered.has(event.approvalId)) {
        answered.add(event.approvalId)
        await client.value('approvals.answer', {
          approvalId: event.approvalId,
          decision: options.decision ?? 'approve',
        })
      }
      await options.onEvent?.(event, runId)
    }
    if (events.some(isRunEnd)) break
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  await world.service.whenIdle()
  return { runId, events: client.events(runId) }
}

const states = (events: RunEvent[]) =>
  events.flatMap((event) =>
    event.type === 'tool-call' &&
    ['done', 'failed', 'unknown', 'invalid', 'denied', 'cancelled', 'repeated', 'not-run'].includes(event.state)
      ? [`${event.name}:${event.state}`]
      : [],
  )
const lastRequest = () => JSON.stringify(world.server.requests.at(-1)!.body)

beforeAll(async () => {
  writeFileSync(join(dir.path, '.keep'), '')
  const { mkdirSync } = await import('node:fs')
  mkdirSync(filesDir)
  world = await startAppWorld({ mcp: { connection: TEST_OPTIONS } })
  client = world.client('window')
  const report = await client.value('mcp.import', { text: CONFIG })
  expect(report).toMatchObject({ readKey: 'mcpServers', added: ['odd', 'files'], skipped: [], unresolved: [] })
  for (const id of ['odd', 'files']) {
    const view = await server(id)
    expect(view).toMatchObject({
      needsConsent: true,
      status: { state: 'needs-consent' },
      envKeys: id === 'odd' ? ['MCP_TEST_COUNT_FILE', 'MCP_TEST_EVENTS_FILE'] : [],
    })
    await client.value('mcp.consent', { serverId: id, fingerprint: view.fingerprint })
  }
  await ready('odd')
  await ready('files')
}, 60_000)

afterAll(async () => {
  await world?.close()
  dir.remove()
})

describe('MCP servers in the core', () => {
  it('imported servers run only after consent; their env values are in the vault, not in settings; their accepted tools are offered', async () => {
    const stored = world.store.db.prepare(`SELECT value_json FROM settings WHERE key = 'mcpServers'`).get() as {
      value_json: string
    }
    expect(stored.value_json).not.toContain(countFile)
    const tools = await client.value('tools.list', {})
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['mcp__odd__count', 'mcp__files__write_file', 'mcp__files__read_text_file']),
    )
    expect(tools.find((tool) => tool.name === 'mcp__odd__count')).toMatchObject({
      effect: 'external',
      provider: 'odd',
      source: 'mcp:odd',
    })
    const view = await server('odd')
    expect(view.commandLine).toContain(MISBEHAVING_SERVER)
    expect(view.tools.every((tool) => tool.pin === 'accepted')).toBe(true)
  })

  it('a filesystem write approved once writes once, even when the model asks for it again in the same turn', async () => {
    const target = join(filesDir, 'note.txt')
    const call = { name: 'mcp__files__write_file', arguments: { path: target, content: 'written by Keel' } }
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ ...call, id: 'call_w1' }] },
      { type: 'turn', toolCalls: [{ ...call, id: 'call_w2' }] },
      { type: 'turn', text: 'Saved.' },
    )
    // Between the two calls the user changes the file: a second write would overwrite it.
    let requests = 0
    world.server.respond = () => {
      if (++requests === 2) writeFileSync(target, 'changed by the user')
      return undefined
    }
    const { events } = await turn('save a note')
    world.server.respond = undefined
    expect(events.filter((event) => event.type === 'approval-request')).toHaveLength(1)
    expect(readFileSync(target, 'utf8')).toBe('changed by the user')
    expect(states(events)).toEqual(['mcp__files__write_file:done', 'mcp__files__write_file:repeated'])
    const last = lastRequest()
    expect(last).toContain('call_w1')
    expect(last).toContain('call_w2')
  })

  it('a server echoing its own env value (a token): scrubbed from the ledger, the model, the conversation and the window', async () => {
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'mcp__odd__echo_env', arguments: { name: 'MCP_TEST_COUNT_FILE' } }] },
      { type: 'turn', text: 'Seen.' },
    )
    const { events } = await turn('show me your token')
    expect(states(events)).toEqual(['mcp__odd__echo_env:done'])
    expect(lastRequest()).toContain('MCP_TEST_COUNT_FILE=[redacted]')
    expect(lastRequest()).not.toContain(countFile)
    expect(JSON.stringify(client.sent)).not.toContain(countFile)
    world.store.db.pragma('wal_checkpoint(TRUNCATE)')
    expect(readFileSync(world.dbPath).includes(countFile)).toBe(false)
  })

  it('invalid arguments go back to the model and never reach the server', async () => {
    const target = join(filesDir, 'never.txt')
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'mcp__files__write_file', arguments: { path: target } }] },
      { type: 'turn', text: 'Sorry.' },
    )
    const { events } = await turn('write without content')
    expect(states(events)).toEqual(['mcp__files__write_file:invalid'])
    expect(events.some((event) => event.type === 'approval-request')).toBe(false)
    expect(existsSync(target)).toBe(false)
    expect(lastRequest()).toContain('content')
  })

  it('a turn cut in the middle of the arguments never reaches the server', async () => {
    const before = count()
    world.server.enqueue({
      type: 'turn',
      toolCalls: [{ name: 'mcp__odd__count', arguments: { raw: '{"note": "half' } }],
      finish: 'length',
    })
    const { events } = await turn('count, but the answer is cut')
    expect(events.some((event) => event.type === 'approval-request')).toBe(false)
    expect(count()).toBe(before)
  })

  it('a result is `succeeded` and asking for the same action again in the turn returns it without calling the server', async () => {
    const before = count()
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'mcp__odd__count', arguments: {} }] },
      { type: 'turn', toolCalls: [{ name: 'mcp__odd__count', arguments: {} }] },
      { type: 'turn', text: 'Counted.' },
    )
    const { events } = await turn('count once')
    expect(states(events)).toEqual(['mcp__odd__count:done', 'mcp__odd__count:repeated'])
    expect(count()).toBe(before + 1)
    expect(lastRequest()).toContain(`count ${before + 1}`)
  })

  it('an isError result is `failed`, and the model gets the server’s error so it can correct itself', async () => {
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'mcp__odd__fails', arguments: {} }] },
      { type: 'turn', text: 'It failed.' },
    )
    const { events } = await turn('try the failing tool')
    expect(states(events)).toEqual(['mcp__odd__fails:failed'])
    expect(lastRequest()).toContain('it went wrong')
  })

  it('Stop during a long call: cancel is sent, the turn ends at once, the outcome is unknown, listed to check, never re-run', async () => {
    world.server.enqueue({
      type: 'turn',
      toolCalls: [{ name: 'mcp__odd__slow', arguments: { steps: 200, stepMs: 50 } }],
    })
    let stopped = false
    const { events } = await turn('run the slow one', {
      onEvent: async (event, runId) => {
        if (event.type === 'tool-progress' && !stopped) {
          stopped = true
          await client.value('turns.stop', { runId })
        }
      },
    })
    expect(events.some((event) => event.type === 'tool-progress' && event.total === 200)).toBe(true)
    expect(states(events)).toEqual(['mcp__odd__slow:unknown'])
    const unknown = await client.value('actions.unknown', {})
    expect(unknown.map((action) => action.toolName)).toContain('mcp__odd__slow')
    await waitUntil('the cancel notification', () =>
      existsSync(eventsFile) && readFileSync(eventsFile, 'utf8').includes('cancelled') ? true : undefined,
    )
  })

  it('a call cut by the server crashing is unknown; the server restarts; the same call again in the turn is not re-issued', async () => {
    const before = count()
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'mcp__odd__crash', arguments: {} }] },
      { type: 'turn', toolCalls: [{ name: 'mcp__odd__crash', arguments: {} }] },
      { type: 'turn', text: 'Check it.' },
    )
    const { events } = await turn('crash it')
    expect(states(events)).toEqual(['mcp__odd__crash:unknown', 'mcp__odd__crash:unknown'])
    expect(count()).toBe(before + 1)
    expect(lastRequest()).toMatch(/may or may not|not run again|check/i)
    await ready('odd')
  })

  it('a call that outlives the server’s timeout is unknown (never re-run), and the turn goes on', async () => {
    await client.value('mcp.update', { serverId: 'odd', timeoutMs: 1000 })
    await ready('odd')
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'mcp__odd__slow', arguments: { steps: 1, stepMs: 4000 } }] },
      { type: 'turn', text: 'It timed out.' },
    )
    const { events } = await turn('run the slow one with a short timeout')
    await client.value('mcp.update', { serverId: 'odd', timeoutMs: 60_000 })
    expect(states(events)).toEqual(['mcp__odd__slow:unknown'])
    expect(lastRequest()).toMatch(/timed out/i)
    await ready('odd')
  })

  it('a server that asks for input: the window gets the form, the answer reaches the server', async () => {
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'mcp__odd__ask', arguments: {} }] },
      { type: 'turn', text: 'Thanks.' },
    )
    const { events } = await turn('ask me', {
      onEvent: async (event) => {
        if (event.type === 'elicitation-request')
          await client.call('elicitations.answer', {
            elicitationId: event.elicitationId,
            answer: { action: 'accept', content: { name: 'Ada' } },
          })
      },
    })
    expect(events.find((event) => event.type === 'elicitation-request')).toMatchObject({ from: 'odd' })
    expect(lastRequest()).toContain('Ada')
  })

  it('a tool whose definition changed is withheld until the user accepts the change; its old grant does not cover it', async () => {
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'mcp__odd__mutate', arguments: {} }] },
      { type: 'turn', text: 'Changed.' },
    )
    await turn('change the tool')
    const changed = await waitUntil('the changed definition', async () =>
      (await server('odd')).tools.find((tool) => tool.name === 'mutable' && tool.pin === 'changed'),
    )
    expect(changed.acceptedDefinition).toMatchObject({ description: 'The original definition' })
    expect((await client.value('tools.list', {})).map((tool) => tool.name)).not.toContain('mcp__odd__mutable')
    const accepted = await client.value('mcp.acceptTools', {
      serverId: 'odd',
      tools: { mutable: changed.definitionHash },
    })
    expect(accepted.tools.find((tool) => tool.name === 'mutable')).toMatchObject({ pin: 'accepted' })
    const tool = (await client.value('tools.list', {})).find((candidate) => candidate.name === 'mcp__odd__mutable')
    expect(tool?.grantKey).toBe(`mcp:odd:mutable@${changed.definitionHash}`)
  })

  it.each(PROVIDER_IDS)(
    '%s: calls the server’s tool and sends its image result back in the provider’s format',
    async (provider) => {
      world.server.enqueue(
        { type: 'turn', toolCalls: [{ name: 'mcp__odd__image', arguments: {} }] },
        { type: 'turn', text: 'A dot.' },
      )
      const { events } = await turn('show the image', { provider })
      expect(states(events)).toEqual(['mcp__odd__image:done'])
      const last = lastRequest()
      expect(last).toContain('a dot')
      // Anthropic, Responses and Gemini carry the image in the tool result; Chat Completions in a following
      // user message (tool messages are text-only); the Interactions API's image results are not
      // documented, so it gets a note that the user was shown it.
      if (provider === 'gemini-interactions') expect(last).toContain('shown to the user, not sent')
      else expect(last).toContain('iVBORw0KGgo')
    },
  )
})
