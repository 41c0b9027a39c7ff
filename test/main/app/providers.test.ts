// Provider profiles as a person meets them: presets, settings saved before profiles, first run
// (nothing sent without a key to a provider that needs one), the models a server lists, and Test
// connection of the values on screen — all through the app service, real SQLite, real HTTP.
import { createServer } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { KeelAppService } from '../../../src/main/app/keel-app-service'
import { createMemoryKeyVault } from '../../../src/main/secrets/key-vault'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'
import { PROVIDERS } from '../../../src/main/providers/provider-registry'
import { resolveProfile, resolveDefaultProvider } from '../../../src/main/providers/provider-config'
import { parseModelPage } from '../../../src/main/providers/provider-models'
import type { CommandResponses } from '../../../src/shared/ipc/app-contract'
import type { CommandName } from '../../../src/shared/ipc/channels'
import type { AppResult } from '../../../src/shared/ipc/app-error'
import { PROVIDER_IDS } from '../../../src/shared/provider-id'
import { PROVIDER_PRESETS, keyRequiredFor } from '../../../src/shared/provider-profiles'
import { startSimulatedProvider, type SimulatedProvider } from '../../support/simulated-provider'
import { countRows } from './app-helpers'

type Env = Record<string, string | undefined>

interface World {
  server: SimulatedProvider
  store: KeelStore
  service: KeelAppService
  dir: string
  call<C extends CommandName>(command: C, payload: unknown): Promise<AppResult<CommandResponses[C]>>
  value<C extends CommandName>(command: C, payload: unknown): Promise<CommandResponses[C]>
}

let world: World | undefined
afterEach(async () => {
  if (!world) return
  await world.service.close()
  world.store.close()
  await world.server.close()
  rmSync(world.dir, { recursive: true, force: true })
  world = undefined
})

/** A service on a fresh database with exactly this environment (no provider pointed anywhere unless said). */
async function start(env: Env = {}, seed?: (store: KeelStore, server: SimulatedProvider) => void): Promise<World> {
  const server = await startSimulatedProvider()
  const dir = mkdtempSync(join(tmpdir(), 'keel-providers-'))
  const opened = openKeelStore(join(dir, 'keel.db'))
  if (!opened.ok) throw new Error(opened.error.message)
  const store = opened.store
  seed?.(store, server)
  const service = new KeelAppService({
    store,
    env,
    vault: createMemoryKeyVault(),
    retryPolicy: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    idleTimeoutMs: 5_000,
    providerCheckTimeoutMs: 3_000,
  })
  service.connect('w', () => {})
  const call = <C extends CommandName>(command: C, payload: unknown) =>
    service.handle(command, payload, { clientId: 'w' })
  const value = async <C extends CommandName>(command: C, payload: unknown) => {
    const result = await call(command, payload)
    if (!result.ok) throw new Error(`${command}: ${result.error.message}`)
    return result.value
  }
  world = { server, store, service, dir, call, value }
  return world
}

/** A loopback port where nothing listens (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = (probe.address() as { port: number }).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

describe('presets and resolution', () => {
  it('the presets of the wire APIs name the same endpoints and key variables as the adapters', () => {
    for (const preset of Object.values(PROVIDER_PRESETS)) {
      if (preset.profileId && (PROVIDER_IDS as readonly string[]).includes(preset.profileId)) {
        const defaults = PROVIDERS[preset.api].defaults
        expect([preset.baseUrl, preset.keyVariable], preset.id).toEqual([defaults.baseUrl, defaults.keyVariable])
      }
    }
  })

  it('Ollama and LM Studio need no key; OpenRouter does, through Chat Completions; env overrides work per profile', () => {
    const ollama = resolveProfile('ollama', { saved: {} })!
    expect(ollama).toMatchObject({
      name: 'Ollama',
      api: 'openai-chat',
      keyRequired: false,
      configured: false,
      connection: { baseUrl: 'http://127.0.0.1:11434/v1', apiKey: '' },
    })
    expect(resolveProfile('lmstudio', { saved: {} })).toMatchObject({
      api: 'openai-chat',
      keyRequired: false,
      connection: { baseUrl: 'http://127.0.0.1:1234/v1' },
    })
    const openrouter = resolveProfile('openrouter', { saved: {}, env: { OPENROUTER_API_KEY: 'sk-or-env-1234567890' } })!
    expect(openrouter).toMatchObject({
      api: 'openai-chat',
      keyRequired: true,
      configured: true,
      connection: { baseUrl: 'https://openrouter.ai/api/v1', apiKey: 'sk-or-env-1234567890' },
    })
    expect(
      resolveProfile('ollama', {
        saved: {},
        env: { KEEL_OLLAMA_BASE_URL: 'http://10.0.0.2:11434/v1', KEEL_OLLAMA_MODEL: 'qwen3' },
      }),
    ).toMatchObject({ configured: true, connection: { baseUrl: 'http://10.0.0.2:11434/v1', model: 'qwen3' } })
    // A second OpenAI-compatible server: its own name, address and (no) key; never the first one's env key.
    const custom = resolveProfile('custom-1', {
      saved: {
        'custom-1': {
          preset: 'openrouter',
          name: 'Work router',
          baseUrl: 'https://router.example/v1',
          keyRequired: true,
        },
      },
      env: { OPENROUTER_API_KEY: 'sk-or-env-1234567890' },
    })!
    expect(custom).toMatchObject({
      name: 'Work router',
      api: 'openai-chat',
      keyRequired: true,
      connection: { apiKey: '' },
    })
    expect(resolveProfile('custom-9', { saved: {} })).toBeUndefined()
  })

  it('a wire id keeps its old key rule: required for its own cloud endpoint, not for a server the user pointed it at', () => {
    expect(keyRequiredFor('anthropic', undefined, 'https://api.anthropic.com/v1')).toBe(true)
    expect(keyRequiredFor('anthropic', undefined, 'http://127.0.0.1:4000/v1')).toBe(false)
    expect(keyRequiredFor('openai-chat', undefined, 'https://api.openai.com/v1')).toBe(true)
    expect(keyRequiredFor('openai-chat', undefined, 'http://127.0.0.1:11434/v1')).toBe(false)
    expect(keyRequiredFor('custom-1', { preset: 'custom', keyRequired: true }, 'http://127.0.0.1:1/v1')).toBe(true)
  })

  it('the default: env, then saved, then the first provider set up and ready, then OpenAI', () => {
    const ready = (id: string) => id === 'anthropic'
    expect(resolveDefaultProvider({ KEEL_DEFAULT_PROVIDER: 'ollama' }, 'anthropic')).toBe('ollama')
    expect(resolveDefaultProvider({}, 'custom-2', { profiles: { 'custom-2': { preset: 'custom' } } })).toBe('custom-2')
    expect(resolveDefaultProvider({}, 'custom-2')).toBe('openai-responses')
    expect(resolveDefaultProvider({}, undefined, { isReadyAndConfigured: ready })).toBe('anthropic')
  })
})

describe('models lists', () => {
  it('parses each API’s own list shape; anything else is not a list', () => {
    expect(
      parseModelPage('openai-chat', {
        object: 'list',
        data: [{ id: 'llama3.2:latest', object: 'model', owned_by: 'library' }],
      }),
    ).toEqual({ models: [{ id: 'llama3.2:latest' }], next: undefined })
    expect(
      parseModelPage('openai-chat', { data: [{ id: 'openai/gpt-4.1', name: 'OpenAI: GPT-4.1' }] })!.models,
    ).toEqual([{ id: 'openai/gpt-4.1', name: 'OpenAI: GPT-4.1' }])
    expect(
      parseModelPage('anthropic', {
        data: [{ type: 'model', id: 'claude-opus-4-6', display_name: 'Claude Opus 4.6' }],
        has_more: true,
        last_id: 'claude-opus-4-6',
      }),
    ).toEqual({ models: [{ id: 'claude-opus-4-6', name: 'Claude Opus 4.6' }], next: 'claude-opus-4-6' })
    expect(
      parseModelPage('gemini', {
        models: [
          {
            name: 'models/gemini-2.5-flash',
            displayName: 'Gemini 2.5 Flash',
            supportedGenerationMethods: ['generateContent'],
          },
          { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
        ],
        nextPageToken: 'p2',
      }),
    ).toEqual({ models: [{ id: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash' }], next: 'p2' })
    for (const api of PROVIDER_IDS) expect(parseModelPage(api, { error: 'nope' }), api).toBeUndefined()
  })

  it.each(PROVIDER_IDS)(
    '%s: providers.models reads the server’s list with the API’s own headers, every page',
    async (api) => {
      const w = await start()
      const ids = Array.from({ length: 1_500 }, (_, i) => `m-${i}`)
      w.server.setModels({ ids })
      const result = await w.value('providers.models', {
        provider: api,
        draft: { baseUrl: w.server.baseUrlFor(api), apiKey: 'sk-typed-0123456789' },
      })
      expect(result).toMatchObject({ ok: true })
      expect(result.ok && result.models.map((m) => m.id)).toEqual(ids)
      const first = w.server.modelRequests[0]!
      if (api === 'anthropic')
        expect(first.headers).toMatchObject({ 'x-api-key': 'sk-typed-0123456789', 'anthropic-version': '2023-06-01' })
      else if (api.startsWith('gemini')) expect(first.headers['x-goog-api-key']).toBe('sk-typed-0123456789')
      else expect(first.headers.authorization).toBe('Bearer sk-typed-0123456789')
      expect(w.server.requests).toHaveLength(0)
    },
  )
})

describe('settings saved before profiles', () => {
  it('read as they are: the default, the server, the model and the price keep working', async () => {
    const w = await start({}, (store, server) => {
      // Rows exactly as the previous version wrote them.
      const insert = store.db.prepare('INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, 0)')
      insert.run('activeProvider', JSON.stringify('openai-chat'))
      insert.run(
        'providers',
        JSON.stringify({
          'openai-chat': { baseUrl: server.baseUrlFor('openai-chat'), model: 'llama3' },
          anthropic: { model: 'claude-x' },
        }),
      )
      insert.run(
        'modelPrices',
        JSON.stringify({ 'openai-chat': { llama3: { inputPerMillion: 1, outputPerMillion: 2 } } }),
      )
    })
    const view = await w.value('settings.get', {})
    expect(view.corruptSettings).toEqual([])
    expect(view.defaultProvider).toBe('openai-chat')
    expect(view.firstRun).toBeNull()
    expect(view.providers.find((p) => p.id === 'openai-chat')).toMatchObject({
      name: 'OpenAI (Chat Completions)',
      api: 'openai-chat',
      baseUrl: w.server.baseUrlFor('openai-chat'),
      model: 'llama3',
      keyRequired: false,
      configured: true,
      ready: true,
      price: { inputPerMillion: 1, outputPerMillion: 2 },
    })
    expect(view.providers.find((p) => p.id === 'anthropic')).toMatchObject({
      name: 'Anthropic',
      model: 'claude-x',
      keyRequired: true,
      ready: false,
      notReady: 'no-key',
    })
    w.server.enqueue({ type: 'turn', text: 'Hi.' })
    await w.value('turns.start', { text: 'hello' })
    await w.service.whenIdle()
    expect(w.server.requests.map((r) => [r.provider, r.model])).toEqual([['openai-chat', 'llama3']])
    expect(w.server.requests[0]!.headers.authorization).toBeUndefined()
  })
})

describe('first run: nothing is sent without a key to a provider that needs one', () => {
  it('no provider set up: the view says so, a turn is refused with a typed error, nothing is stored or sent', async () => {
    const w = await start()
    const view = await w.value('settings.get', {})
    expect(view.defaultProvider).toBe('openai-responses')
    expect(view.firstRun).toEqual({ provider: 'openai-responses', reason: 'no-key' })
    expect(view.providers.filter((p) => p.configured)).toEqual([])
    const refused = await w.call('turns.start', { text: 'Hello! What can you do?' })
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        owner: 'user',
        detail: { code: 'provider-not-ready', provider: 'openai-responses', reason: 'no-key' },
      },
    })
    expect(await w.call('turns.start', { text: 'hi', provider: 'custom-7' })).toMatchObject({
      ok: false,
      error: { detail: { code: 'provider-not-ready', reason: 'unknown-provider' } },
    })
    expect(countRows(w.store, 'conversations')).toBe(0)
    expect(countRows(w.store, 'generations')).toBe(0)
  })

  it('a profile that needs a key, pointed at a real server: no request arrives until a key is saved', async () => {
    const w = await start()
    const { id, settings } = await w.value('providers.save', {
      preset: 'openrouter',
      baseUrl: w.server.baseUrlFor('openai-chat'),
      model: 'sim-model',
    })
    expect(id).toBe('openrouter')
    expect(settings.providers.find((p) => p.id === 'openrouter')).toMatchObject({
      name: 'OpenRouter',
      keyRequired: true,
      ready: false,
      notReady: 'no-key',
    })
    expect(await w.call('turns.start', { text: 'hi', provider: 'openrouter' })).toMatchObject({
      ok: false,
      error: { detail: { code: 'provider-not-ready', provider: 'openrouter', reason: 'no-key' } },
    })
    expect(await w.value('providers.test', { provider: 'openrouter' })).toMatchObject({ ok: false, kind: 'no-key' })
    expect(await w.value('providers.models', { provider: 'openrouter' })).toMatchObject({ ok: false, kind: 'no-key' })
    expect(w.server.requests).toHaveLength(0)
    expect(w.server.modelRequests).toHaveLength(0)
    await w.value('providers.save', {
      id: 'openrouter',
      preset: 'openrouter',
      baseUrl: w.server.baseUrlFor('openai-chat'),
      model: 'sim-model',
      apiKey: 'sk-or-saved-0123456789',
    })
    w.server.enqueue({ type: 'turn', text: 'Hello.' })
    await w.value('turns.start', { text: 'hi', provider: 'openrouter' })
    await w.service.whenIdle()
    expect(w.server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-or-saved-0123456789'])
  })

  it('the first provider saved becomes the default, and a turn goes to it', async () => {
    const w = await start()
    const { id, settings } = await w.value('providers.save', {
      preset: 'ollama',
      baseUrl: w.server.baseUrlFor('openai-chat'),
      model: 'sim-model',
      models: ['sim-model', 'sim-model-large'],
    })
    expect(id).toBe('ollama')
    expect(settings.defaultProvider).toBe('ollama')
    expect(settings.firstRun).toBeNull()
    expect(settings.providers.find((p) => p.id === 'ollama')).toMatchObject({
      name: 'Ollama',
      named: false,
      preset: 'ollama',
      api: 'openai-chat',
      keyRequired: false,
      configured: true,
      ready: true,
      models: ['sim-model', 'sim-model-large'],
    })
    // A second Ollama server: its own id and name.
    const second = await w.value('providers.save', {
      preset: 'ollama',
      name: 'Ollama on the desktop',
      baseUrl: 'http://192.168.1.20:11434/v1',
      model: 'qwen3',
    })
    expect(second.id).toBe('custom-1')
    expect(second.settings.defaultProvider).toBe('ollama')
    expect(second.settings.providers.find((p) => p.id === 'custom-1')).toMatchObject({
      name: 'Ollama on the desktop',
      named: true,
      preset: 'ollama',
    })
    w.server.enqueue({ type: 'turn', text: 'Hi.' })
    await w.value('turns.start', { text: 'hello' })
    await w.service.whenIdle()
    expect(w.server.requests.map((r) => [r.provider, r.model])).toEqual([['openai-chat', 'sim-model']])
    const removed = await w.value('providers.remove', { id: 'custom-1' })
    expect(removed.providers.some((p) => p.id === 'custom-1')).toBe(false)
  })
})

describe('Test connection tests what the form shows, before Save', () => {
  it('unreachable, key rejected, model missing, ok — and nothing is saved', async () => {
    const w = await start()
    const saved = await w.value('providers.save', {
      preset: 'custom',
      name: 'Lab server',
      baseUrl: `http://127.0.0.1:${await closedPort()}/v1`,
      model: 'sim-model',
    })
    const before = w.store.db.prepare('SELECT key, value_json FROM settings ORDER BY key').all()
    const base = w.server.baseUrlFor('openai-chat')

    const unreachable = await w.value('providers.test', { provider: saved.id })
    expect(unreachable).toMatchObject({ ok: false, kind: 'unreachable', reachable: false })

    // The typed values win over the saved ones; the typed key is used and never comes back.
    const typedKey = 'sk-typed-secret-0123456789'
    w.server.setModels({ status: 401, body: { error: { message: `Incorrect API key provided: ${typedKey}` } } })
    const rejected = await w.value('providers.test', { provider: saved.id, draft: { baseUrl: base, apiKey: typedKey } })
    expect(rejected).toMatchObject({ ok: false, kind: 'key-rejected', reachable: true, keyAccepted: false })
    expect(JSON.stringify(rejected)).not.toContain(typedKey)
    expect(w.server.modelRequests.at(-1)!.headers.authorization).toBe(`Bearer ${typedKey}`)

    w.server.setModels({ ids: ['sim-model-large', 'llama3.2:latest'] })
    const missing = await w.value('providers.test', {
      provider: saved.id,
      draft: { baseUrl: base, model: 'sim-model' },
    })
    expect(missing).toMatchObject({
      ok: false,
      kind: 'model-missing',
      reachable: true,
      keyAccepted: 'not-needed',
      modelPresent: false,
      models: [{ id: 'sim-model-large' }, { id: 'llama3.2:latest' }],
    })
    // Ollama lists `llama3.2:latest` and answers to `llama3.2`.
    expect(
      await w.value('providers.test', { provider: saved.id, draft: { baseUrl: base, model: 'llama3.2' } }),
    ).toMatchObject({ ok: true, modelPresent: true })

    const good = await w.value('providers.test', {
      draft: { preset: 'ollama', baseUrl: base, model: 'sim-model-large' },
    })
    expect(good).toMatchObject({
      ok: true,
      reachable: true,
      keyAccepted: 'not-needed',
      modelPresent: true,
      via: 'models',
      model: 'sim-model-large',
    })
    expect(w.server.requests).toHaveLength(0)
    expect(w.store.db.prepare('SELECT key, value_json FROM settings ORDER BY key').all()).toEqual(before)
  })
})

describe('a failure names the profile the user chose and opens its own entry in Settings', () => {
  it('a server that is not running: its name (or, unnamed, its address), its host:port, its profile id', async () => {
    const port = await closedPort()
    const w = await start({ KEEL_OPENAI_CHAT_BASE_URL: `http://127.0.0.1:${port}/v1`, KEEL_OPENAI_CHAT_MODEL: 'm' })
    const named = await w.value('providers.save', {
      preset: 'custom',
      name: 'Lab server',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: 'lab-model',
    })
    const unnamed = await w.value('providers.save', {
      preset: 'custom',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: 'lab-model',
    })
    const noticeOf = async (provider: string) => {
      await w.value('turns.start', { text: `hello ${provider}`, provider })
      await w.service.whenIdle()
      const [latest] = await w.value('conversations.list', {})
      const view = await w.value('conversations.open', { conversationId: latest!.id })
      return view.messages.at(-1)!.notices
    }
    expect(await noticeOf(named.id)).toEqual([
      { id: 'unreachable', values: { provider: 'Lab server', providerId: named.id, host: `127.0.0.1:${port}` } },
    ])
    expect(await noticeOf(unnamed.id)).toEqual([
      {
        id: 'unreachable-address',
        values: { provider: `127.0.0.1:${port}`, providerId: unnamed.id, host: `127.0.0.1:${port}` },
      },
    ])
    // A wire id's profile is named by where it points (the port of a local server), as before profiles.
    expect(await noticeOf('openai-chat')).toEqual([
      {
        id: 'unreachable-address',
        values: { provider: `127.0.0.1:${port}`, providerId: 'openai-chat', host: `127.0.0.1:${port}` },
      },
    ])
  })
})
