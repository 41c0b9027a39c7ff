import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import type { KeelAppService } from '../../../src/main/app/keel-app-service'
import { registerIpcHandlers, type InvokeEvent } from '../../../src/main/shell/ipc-registration'
import { isAppPageUrl, type AppPage } from '../../../src/main/shell/navigation-policy'
import { createRunEventClients } from '../../../src/main/shell/run-event-sender'
import { COMMAND_SCHEMAS, type CommandRequest, type RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import { COMMAND_NAMES, RUN_EVENT_CHANNEL, channelOf, type CommandName } from '../../../src/shared/ipc/channels'
import { startAppWorld, type AppWorld } from '../app/app-helpers'
import { FakeWebContents } from './fake-electron'

vi.mock('electron', () => ({}))

const page: AppPage = { kind: 'app-protocol', indexUrl: 'app://keel/index.html' }
const OWN_URL = 'app://keel/index.html'

const VALID: { [C in CommandName]: CommandRequest<C> } = {
  'conversations.list': {},
  'conversations.open': { conversationId: 'c1' },
  'conversations.rename': { conversationId: 'c1', title: '  Trip  ' },
  'conversations.delete': { conversationId: 'c1' },
  'turns.start': { text: ' hello ', provider: 'anthropic' },
  'turns.stop': { runId: 'r1' },
  'approvals.answer': { approvalId: 'a1', decision: 'approve' },
  'settings.get': {},
  'settings.update': {
    language: 'pt-BR',
    provider: { id: 'openai-chat', baseUrl: 'http://localhost:11434/v1', model: 'llama' },
  },
  'keys.set': { provider: 'openai-responses', key: 'sk-test-0123456789abcdef' },
  'keys.clear': { provider: 'gemini' },
  'webSearch.setKey': { service: 'brave', key: 'brave-0123456789' },
  'webSearch.clearKey': { service: 'tavily' },
  'providers.test': { provider: 'gemini-interactions' },
  'providers.models': { draft: { preset: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1' } },
  'providers.save': { preset: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2' },
  'providers.remove': { id: 'ollama' },
  'measurements.list': { kind: 'weight' },
  'measurements.update': { id: 3, value: 71.5, unit: 'kg' },
  'measurements.delete': { id: 3 },
  'measurements.add': { kind: 'weight', value: 71.5, unit: 'kg' },
  'tools.list': {},
  'actions.unknown': {},
  'actions.resolve': { key: 'a'.repeat(64), outcome: 'done' },
  'mcp.list': {},
  'mcp.import': { text: '{"mcpServers":{}}' },
  'mcp.save': { name: 'files', transport: 'stdio', command: 'node', args: ['server.js'] },
  'mcp.remove': { serverId: 'files' },
  'mcp.consent': { serverId: 'files', fingerprint: 'a'.repeat(64) },
  'mcp.update': { serverId: 'files', tool: { name: 'read_file', enabled: false } },
  'mcp.restart': { serverId: 'files' },
  'mcp.secret': { serverId: 'files', where: 'env', key: 'TOKEN', value: 'secret-value' },
  'mcp.acceptTools': { serverId: 'files', tools: { read_file: 'b'.repeat(64) } },
  'mcp.stderr': { serverId: 'files' },
  'mcp.pickFolder': {},
  'mcp.resources': { serverId: 'files' },
  'mcp.readResource': { serverId: 'files', uri: 'file:///notes/readme.md' },
  'mcp.prompts': { serverId: 'files' },
  'mcp.getPrompt': { serverId: 'files', name: 'summarise', arguments: { topic: 'cats' } },
  'mcp.subscribeResource': { serverId: 'files', uri: 'file:///notes.md' },
  'mcp.unsubscribeResource': { serverId: 'files', uri: 'file:///notes.md' },
  'mcp.complete': {
    serverId: 'files',
    ref: { type: 'prompt', name: 'summarise' },
    argument: { name: 'topic', value: 'c' },
  },
  'mcp.signIn': { serverId: 'files' },
  'mcp.signOut': { serverId: 'files' },
  'mcp.registrySearch': { search: 'weather' },
  'elicitations.answer': { elicitationId: 'e1', answer: { action: 'decline' } },
  'conversations.search': { query: 'weight' },
  'conversations.pin': { conversationId: 'c1', pinned: true },
  'turns.regenerate': { conversationId: 'c1', messageId: 'm1' },
  'turns.edit': { conversationId: 'c1', messageId: 'm1', text: 'again' },
  'turns.continue': { conversationId: 'c1', messageId: 'm1' },
  'messages.delete': { conversationId: 'c1', messageId: 'm1' },
  'messages.selectVersion': { conversationId: 'c1', messageId: 'm1' },
  'conversations.settings': { conversationId: 'c1' },
  'conversations.settingsUpdate': { conversationId: 'c1', patch: { temperature: 0.4 } },
  'conversations.settingsDefaults': { patch: { system: 'Be brief.' } },
  'conversations.export': { conversationId: 'c1', format: 'markdown' },
  'conversations.import': { text: '{}' },
  'conversations.importPart': { uploadId: 'abcdefgh-1234', index: 0, text: '{}' },
  'attachments.get': { attachmentId: 1 },
  'runs.attach': {},
}

type Handler = (request: unknown, context: { clientId: string }) => unknown

/**
 * Spies on the service's (private) table of command handlers, calling through: the one place that
 * shows whether a command got past validation to its handler.
 */
function spyOnHandlers(service: KeelAppService): Record<CommandName, Mock<Handler>> {
  const table = (service as unknown as { handlers: Record<CommandName, Handler> }).handlers
  return Object.fromEntries(COMMAND_NAMES.map((command) => [command, vi.spyOn(table, command)])) as Record<
    CommandName,
    Mock<Handler>
  >
}

// One real app service (store, memory vault, simulated provider) behind the real IPC handlers.
let world: AppWorld
let ipc: ReturnType<typeof register>
beforeAll(async () => {
  world = await startAppWorld()
  ipc = register(world.service)
})
afterAll(async () => {
  await world.close()
})
beforeEach(() => {
  vi.clearAllMocks()
})

function register(service: KeelAppService) {
  const registered = new Map<string, (event: InvokeEvent<FakeWebContents>, ...args: unknown[]) => Promise<unknown>>()
  const ipcMain = {
    handle: vi.fn(
      (channel: string, listener: (event: InvokeEvent<FakeWebContents>, ...args: unknown[]) => Promise<unknown>) => {
        if (registered.has(channel)) throw new Error(`second handler for ${channel}`)
        registered.set(channel, listener)
      },
    ),
    removeHandler: vi.fn((channel: string) => registered.delete(channel)),
  }
  const handle = vi.spyOn(service, 'handle')
  const handlers = spyOnHandlers(service)
  const ours = new Set<FakeWebContents>()
  const clients = createRunEventClients(service)
  const onInternalError = vi.fn()
  const unregister = registerIpcHandlers<FakeWebContents>({
    ipcMain,
    service,
    isOurWindow: (contents) => ours.has(contents),
    isOwnPage: (url) => isAppPageUrl(url, page),
    clientFor: (contents) => clients.clientFor(contents),
    onInternalError,
  })
  const openWindow = () => {
    const window = new FakeWebContents()
    window.mainFrame.url = OWN_URL
    ours.add(window)
    return window
  }
  const window = openWindow()
  const fromMainFrame = (contents = window): InvokeEvent<FakeWebContents> => ({
    sender: contents,
    senderFrame: contents.mainFrame,
  })
  const invoke = (command: CommandName, event: InvokeEvent<FakeWebContents>, ...args: unknown[]) =>
    registered.get(channelOf(command))!(event, ...args)
  return {
    registered,
    ipcMain,
    handle,
    handlers,
    window,
    ours,
    openWindow,
    fromMainFrame,
    invoke,
    unregister,
    onInternalError,
  }
}

const setup = () => ipc

const expectRefused = (result: unknown, kind: 'forbidden' | 'validation') => {
  expect(result).toMatchObject({
    ok: false,
    error: { kind, owner: kind === 'forbidden' ? 'system' : 'user', retryable: false },
  })
  expect(typeof (result as { error: { message: unknown } }).error.message).toBe('string')
}

describe('IPC registration', () => {
  it('registers exactly one handler per command on keel:<command>, and removes them', async () => {
    const other = await startAppWorld()
    try {
      const { registered, unregister, ipcMain } = register(other.service)
      expect([...registered.keys()].sort()).toEqual(COMMAND_NAMES.map(channelOf).sort())
      unregister()
      expect(ipcMain.removeHandler).toHaveBeenCalledTimes(COMMAND_NAMES.length)
      expect(registered.size).toBe(0)
    } finally {
      await other.close()
    }
  })

  describe('sender check: the service never runs', () => {
    it.each(COMMAND_NAMES)(
      '%s from a foreign origin, a subframe, an unknown or destroyed window → forbidden',
      async (command) => {
        const { invoke, window, handle, handlers, ours } = setup()
        const valid = VALID[command]

        const foreignUrls = [
          'https://attacker.test/',
          'file:///tmp/evil.html',
          'file:///opt/Keel/out/renderer/index.html',
          'app://evil/index.html',
          'app://keel/other.html',
          'data:text/html,x',
          'about:blank',
          'devtools://devtools/bundled/inspector.html',
        ]
        for (const url of foreignUrls) {
          expectRefused(
            await invoke(command, { sender: window, senderFrame: { ...window.mainFrame, url } }, valid),
            'forbidden',
          )
        }
        // A subframe showing our own page (an iframe) is still not the main frame.
        const subframe = { url: OWN_URL, parent: window.mainFrame, processId: 7, routingId: 9999 }
        expectRefused(await invoke(command, { sender: window, senderFrame: subframe }, valid), 'forbidden')
        // Same routing ids but with a parent, and a frame from another process.
        expectRefused(
          await invoke(command, { sender: window, senderFrame: { ...window.mainFrame, parent: {} } }, valid),
          'forbidden',
        )
        expectRefused(
          await invoke(command, { sender: window, senderFrame: { ...window.mainFrame, processId: 8 } }, valid),
          'forbidden',
        )
        // No frame (navigated away or destroyed while the message was in flight).
        expectRefused(await invoke(command, { sender: window, senderFrame: null }, valid), 'forbidden')
        // A webContents that is not one of our windows, even showing our page.
        const stranger = new FakeWebContents()
        stranger.mainFrame.url = OWN_URL
        expectRefused(await invoke(command, { sender: stranger, senderFrame: stranger.mainFrame }, valid), 'forbidden')
        // One of ours, destroyed.
        const dead = new FakeWebContents()
        dead.mainFrame.url = OWN_URL
        ours.add(dead)
        dead.destroy()
        expectRefused(await invoke(command, { sender: dead, senderFrame: dead.mainFrame }, valid), 'forbidden')

        expect(handle).not.toHaveBeenCalled()
        expect(handlers[command]).not.toHaveBeenCalled()
      },
    )
  })

  describe('payload validation (by the service, once): no handler ever runs', () => {
    it.each(COMMAND_NAMES)('%s with random payloads → validation', async (command) => {
      const { invoke, fromMainFrame, handle, handlers } = setup()
      const schema = COMMAND_SCHEMAS[command]
      const invalid = fc
        .oneof(
          fc.anything({
            withNullPrototype: true,
            withBigInt: true,
            withDate: true,
            withMap: true,
            withSet: true,
            withTypedArray: true,
          }),
          // Near misses: the valid request with one extra or wrongly typed field.
          fc
            .tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.anything())
            .map(([key, value]) => ({ ...VALID[command], [key]: value })),
          fc
            .constantFrom('__proto__', 'constructor', ...Object.keys(VALID[command]))
            .chain((key) => fc.anything().map((value) => ({ ...VALID[command], [key]: value }))),
        )
        .filter((payload) => !schema.safeParse(payload).success)

      await fc.assert(
        fc.asyncProperty(invalid, async (payload) => {
          expectRefused(await invoke(command, fromMainFrame(), payload), 'validation')
        }),
        { numRuns: 150 },
      )
      expect(handle).toHaveBeenCalled()
      expect(handlers[command]).not.toHaveBeenCalled()
      // Argument count: none, or a second argument smuggled after a valid request (refused before the service).
      handle.mockClear()
      expectRefused(await invoke(command, fromMainFrame()), 'validation')
      expectRefused(await invoke(command, fromMainFrame(), VALID[command], { extra: true }), 'validation')
      expect(handle).not.toHaveBeenCalled()
      expect(handlers[command]).not.toHaveBeenCalled()
    })

    it('never echoes a rejected key in the validation message', async () => {
      const { invoke, fromMainFrame, handlers } = setup()
      const key = `sk-SECRET-${'x'.repeat(1000)}`
      const result = await invoke('keys.set', fromMainFrame(), { provider: 'anthropic', key })
      expectRefused(result, 'validation')
      expect(JSON.stringify(result)).not.toContain('SECRET')
      const wrongProvider = await invoke('keys.set', fromMainFrame(), {
        provider: 'sk-SECRET-as-provider',
        key: 'sk-SECRET-ok',
      })
      expect(JSON.stringify(wrongProvider)).not.toContain('SECRET')
      expect(handlers['keys.set']).not.toHaveBeenCalled()
    })
  })

  it.each(COMMAND_NAMES)(
    '%s with a valid payload from our page → its handler runs once with the parsed request',
    async (command) => {
      const { invoke, fromMainFrame, handle, handlers, window } = setup()
      handlers[command].mockImplementationOnce((request) => ({ ok: true, value: { echo: request } }))
      const result = await invoke(command, fromMainFrame(), VALID[command])
      const parsed = COMMAND_SCHEMAS[command].parse(VALID[command])
      expect(handle).toHaveBeenCalledOnce()
      expect(handlers[command]).toHaveBeenCalledExactlyOnceWith(parsed, { clientId: `window:${window.id}` })
      expect(result).toEqual({ ok: true, value: { echo: parsed } })
    },
  )

  it('hands the handler parsed values (trimmed text, filled defaults), not the raw payload', async () => {
    const { invoke, fromMainFrame, handlers } = setup()
    handlers['turns.start'].mockImplementationOnce(() => ({ ok: true, value: { runId: 'r' } }))
    handlers['measurements.list'].mockImplementationOnce(() => ({ ok: true, value: [] }))
    await invoke('turns.start', fromMainFrame(), { text: '  hi  ' })
    await invoke('measurements.list', fromMainFrame(), {})
    expect(handlers['turns.start'].mock.calls[0]![0]).toEqual({ text: 'hi' })
    expect(handlers['measurements.list'].mock.calls[0]![0]).toEqual({ limit: 1000 })
  })

  it('turns a thrown service error into a plain internal AppResult, without its message', async () => {
    const { invoke, fromMainFrame, handle, onInternalError } = setup()
    handle.mockRejectedValueOnce(new TypeError('boom with sk-SECRET inside'))
    const thrown = await invoke('settings.get', fromMainFrame(), {})
    expect(thrown).toEqual({
      ok: false,
      error: { kind: 'internal', message: expect.any(String), owner: 'system', retryable: false },
    })
    expect(JSON.stringify(thrown)).not.toContain('SECRET')
    expect(onInternalError).toHaveBeenCalledWith('settings.get', 'TypeError')
  })

  it('passes a service error result through unchanged', async () => {
    const { invoke, fromMainFrame } = setup()
    expect(await invoke('conversations.open', fromMainFrame(), { conversationId: 'nope' })).toEqual({
      ok: false,
      error: {
        kind: 'not-found',
        message: 'This conversation does not exist (any more).',
        owner: 'user',
        retryable: false,
        detail: { code: 'conversation-not-found' },
      },
    })
  })

  it('a run’s events reach only the window that started it, on the run-event channel', async () => {
    const { invoke, fromMainFrame, window, openWindow } = setup()
    const other = openWindow()
    await invoke('settings.get', fromMainFrame(other), {})
    world.server.enqueue({ type: 'turn', text: 'Hello.' })
    const started = await invoke('turns.start', fromMainFrame(window), { text: 'hi' })
    expect(started).toMatchObject({ ok: true })
    await world.service.whenIdle()
    const envelopes = window.sent.map(({ channel, args }) => {
      expect(channel).toBe(RUN_EVENT_CHANNEL)
      return args[0] as RunEventEnvelope
    })
    expect(envelopes.map((e) => e.event.type)).toContain('run-end')
    expect(new Set(envelopes.map((e) => e.runId))).toEqual(
      new Set([(started as { value: { runId: string } }).value.runId]),
    )
    expect(other.sent).toEqual([])
  })
})
