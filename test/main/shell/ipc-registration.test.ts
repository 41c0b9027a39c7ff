import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { COMMAND_NAMES, COMMAND_SCHEMAS, channelOf, type CommandName, type CommandRequest } from '../../../src/shared/ipc/app-contract'
import type { AppResult } from '../../../src/shared/ipc/app-error'
import type { AppClient, AppServicePort } from '../../../src/main/shell/app-service-port'
import { registerIpcHandlers, type InvokeEvent } from '../../../src/main/shell/ipc-registration'
import { isAppPageUrl, type AppPage } from '../../../src/main/shell/navigation-policy'
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
  'settings.update': { language: 'pt-BR', provider: { id: 'openai-chat', baseUrl: 'http://localhost:11434/v1', model: 'llama' } },
  'keys.set': { provider: 'openai-responses', key: 'sk-test-0123456789abcdef' },
  'keys.clear': { provider: 'gemini' },
  'providers.test': { provider: 'gemini-interactions' },
  'measurements.list': { kind: 'weight' },
  'measurements.update': { id: 3, value: 71.5, unit: 'kg' },
  'measurements.delete': { id: 3 },
}

function setup() {
  const handlers = new Map<string, (event: InvokeEvent<FakeWebContents>, ...args: unknown[]) => Promise<unknown>>()
  const ipcMain = {
    handle: vi.fn((channel: string, listener: (event: InvokeEvent<FakeWebContents>, ...args: unknown[]) => Promise<unknown>) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`)
      handlers.set(channel, listener)
    }),
    removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
  }
  const handle = vi.fn(async (_command: CommandName, request: unknown, _client: AppClient): Promise<AppResult<unknown>> => ({ ok: true, value: { echo: request } }))
  const service = { handle, disconnect: vi.fn() } as unknown as AppServicePort & { handle: typeof handle }
  const ours = new Set<FakeWebContents>()
  const clients = new Map<FakeWebContents, AppClient>()
  const onInternalError = vi.fn()
  const unregister = registerIpcHandlers<FakeWebContents>({
    ipcMain,
    service,
    isOurWindow: (contents) => ours.has(contents),
    isOwnPage: (url) => isAppPageUrl(url, page),
    clientFor: (contents) => {
      const client = clients.get(contents) ?? { id: `window:${contents.id}`, send: vi.fn() }
      clients.set(contents, client)
      return client
    },
    onInternalError,
  })
  const window = new FakeWebContents()
  window.mainFrame.url = OWN_URL
  ours.add(window)
  const fromMainFrame = (contents = window): InvokeEvent<FakeWebContents> => ({ sender: contents, senderFrame: contents.mainFrame })
  const invoke = (command: CommandName, event: InvokeEvent<FakeWebContents>, ...args: unknown[]) => handlers.get(channelOf(command))!(event, ...args)
  return { handlers, ipcMain, service, handle, window, ours, fromMainFrame, invoke, unregister, onInternalError }
}

const expectRefused = (result: unknown, kind: 'forbidden' | 'validation') => {
  expect(result).toMatchObject({ ok: false, error: { kind, owner: 'system', retryable: false } })
  expect(typeof (result as { error: { message: unknown } }).error.message).toBe('string')
}

describe('IPC registration', () => {
  it('registers exactly one handler per command on keel:<command>, and removes them', () => {
    const { handlers, unregister, ipcMain } = setup()
    expect([...handlers.keys()].sort()).toEqual(COMMAND_NAMES.map(channelOf).sort())
    unregister()
    expect(ipcMain.removeHandler).toHaveBeenCalledTimes(COMMAND_NAMES.length)
    expect(handlers.size).toBe(0)
  })

  describe('sender check: the service never runs', () => {
    it.each(COMMAND_NAMES)('%s from a foreign origin, a subframe, an unknown or destroyed window → forbidden', async (command) => {
      const { invoke, window, handle, ours } = setup()
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
        expectRefused(await invoke(command, { sender: window, senderFrame: { ...window.mainFrame, url } }, valid), 'forbidden')
      }
      // A subframe showing our own page (an iframe) is still not the main frame.
      const subframe = { url: OWN_URL, parent: window.mainFrame, processId: 7, routingId: 9999 }
      expectRefused(await invoke(command, { sender: window, senderFrame: subframe }, valid), 'forbidden')
      // Same routing ids but with a parent, and a frame from another process.
      expectRefused(await invoke(command, { sender: window, senderFrame: { ...window.mainFrame, parent: {} } }, valid), 'forbidden')
      expectRefused(await invoke(command, { sender: window, senderFrame: { ...window.mainFrame, processId: 8 } }, valid), 'forbidden')
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
    })
  })

  describe('payload validation: the service never runs', () => {
    it.each(COMMAND_NAMES)('%s with random payloads → validation', async (command) => {
      const { invoke, fromMainFrame, handle } = setup()
      const schema = COMMAND_SCHEMAS[command]
      const invalid = fc.oneof(
        fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true }),
        // Near misses: the valid request with one extra or wrongly typed field.
        fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.anything()).map(([key, value]) => ({ ...VALID[command], [key]: value })),
        fc.constantFrom('__proto__', 'constructor', ...Object.keys(VALID[command])).chain((key) =>
          fc.anything().map((value) => ({ ...VALID[command], [key]: value })),
        ),
      ).filter((payload) => !schema.safeParse(payload).success)

      await fc.assert(
        fc.asyncProperty(invalid, async (payload) => {
          expectRefused(await invoke(command, fromMainFrame(), payload), 'validation')
        }),
        { numRuns: 150 },
      )
      // Argument count: none, or a second argument smuggled after a valid request.
      expectRefused(await invoke(command, fromMainFrame()), 'validation')
      expectRefused(await invoke(command, fromMainFrame(), VALID[command], { extra: true }), 'validation')
      expect(handle).not.toHaveBeenCalled()
    })

    it('never echoes a rejected key in the validation message', async () => {
      const { invoke, fromMainFrame, handle } = setup()
      const key = `sk-SECRET-${'x'.repeat(1000)}`
      const result = await invoke('keys.set', fromMainFrame(), { provider: 'anthropic', key })
      expectRefused(result, 'validation')
      expect(JSON.stringify(result)).not.toContain('SECRET')
      const wrongProvider = await invoke('keys.set', fromMainFrame(), { provider: 'sk-SECRET-as-provider', key: 'sk-SECRET-ok' })
      expect(JSON.stringify(wrongProvider)).not.toContain('SECRET')
      expect(handle).not.toHaveBeenCalled()
    })
  })

  it.each(COMMAND_NAMES)('%s with a valid payload from our page → service called once with the parsed request', async (command) => {
    const { invoke, fromMainFrame, handle, window } = setup()
    const result = await invoke(command, fromMainFrame(), VALID[command])
    const parsed = COMMAND_SCHEMAS[command].parse(VALID[command])
    expect(handle).toHaveBeenCalledOnce()
    expect(handle.mock.calls[0]![0]).toBe(command)
    expect(handle.mock.calls[0]![1]).toEqual(parsed)
    expect(handle.mock.calls[0]![2]).toMatchObject({ id: `window:${window.id}` })
    expect(result).toEqual({ ok: true, value: { echo: parsed } })
  })

  it('passes parsed values (trimmed text, filled defaults), not the raw payload', async () => {
    const { invoke, fromMainFrame, handle } = setup()
    await invoke('turns.start', fromMainFrame(), { text: '  hi  ' })
    await invoke('measurements.list', fromMainFrame(), {})
    expect(handle.mock.calls[0]![1]).toEqual({ text: 'hi' })
    expect(handle.mock.calls[1]![1]).toEqual({ limit: 1000 })
  })

  it('turns a thrown service error (or a non-result) into a plain internal AppResult, without its message', async () => {
    const { invoke, fromMainFrame, handle, onInternalError } = setup()
    handle.mockRejectedValueOnce(new TypeError('boom with sk-SECRET inside'))
    const thrown = await invoke('settings.get', fromMainFrame(), {})
    expect(thrown).toEqual({ ok: false, error: { kind: 'internal', message: expect.any(String), owner: 'system', retryable: false } })
    expect(JSON.stringify(thrown)).not.toContain('SECRET')
    expect(onInternalError).toHaveBeenCalledWith('settings.get', 'TypeError')
    handle.mockResolvedValueOnce(undefined as never)
    expect(await invoke('settings.get', fromMainFrame(), {})).toMatchObject({ ok: false, error: { kind: 'internal' } })
  })

  it('passes a service error result through unchanged', async () => {
    const { invoke, fromMainFrame, handle } = setup()
    const notFound = { ok: false as const, error: { kind: 'not-found' as const, message: 'No such conversation', owner: 'user' as const, retryable: false } }
    handle.mockResolvedValueOnce(notFound)
    expect(await invoke('conversations.open', fromMainFrame(), { conversationId: 'nope' })).toEqual(notFound)
  })
})
