// `keel chat` when no provider can answer: one line on stderr, exit 2, and nothing reaches the
// provider (its request log stays empty) — the CLI side of the window's first-run card.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openKeelStore } from '../../src/main/db/keel-store'
import { runKeel } from '../support/run-process'
import { startSimulatedProvider, type SimulatedProvider } from '../support/simulated-provider'

/** No provider key or address from the machine running the tests. */
const CLEAN_ENV = Object.fromEntries(
  ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'OPENROUTER_API_KEY', 'KEEL_DEFAULT_PROVIDER'].map(
    (name) => [name, ''],
  ),
)

describe('keel chat with no provider ready', () => {
  let server: SimulatedProvider
  let dir: string
  let db: string
  beforeEach(async () => {
    server = await startSimulatedProvider()
    dir = mkdtempSync(join(tmpdir(), 'keel-cli-first-run-'))
    db = join(dir, 'keel.db')
  })
  afterEach(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('nothing set up: one line saying what to do, exit 2, nothing stored', async () => {
    const run = await runKeel(['chat', '--db', db, 'Hello! What can you do?'], { env: CLEAN_ENV })
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(run.stderr).toMatch(
      /^keel: OpenAI \(openai-responses\) needs an API key and none is set: set OPENAI_API_KEY, or save one in Settings \(nothing was sent\)\n$/,
    )
    const opened = openKeelStore(db)
    if (!opened.ok) throw new Error(opened.error.message)
    expect(opened.store.conversations.listConversations({ limit: 10 })).toEqual([])
    opened.store.close()
  })

  it('a provider that needs a key, pointed at a real server: no request arrives without the key; with it, the turn runs', async () => {
    const opened = openKeelStore(db)
    if (!opened.ok) throw new Error(opened.error.message)
    opened.store.settings.set('providers', {
      openrouter: {
        preset: 'openrouter',
        baseUrl: server.baseUrlFor('openai-chat'),
        model: 'sim-model',
        keyRequired: true,
      },
    })
    opened.store.close()
    const refused = await runKeel(['chat', '--db', db, '--provider', 'openrouter', 'hi'], { env: CLEAN_ENV })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(
      /^keel: OpenRouter \(openrouter\) needs an API key and none is set: set OPENROUTER_API_KEY, or save one in Settings \(nothing was sent\)\n$/,
    )
    expect(server.requests).toHaveLength(0)
    expect(server.modelRequests).toHaveLength(0)

    server.enqueue({ type: 'turn', text: 'Hello.' })
    const ran = await runKeel(['chat', '--db', db, '--provider', 'openrouter', 'hi'], {
      env: { ...CLEAN_ENV, OPENROUTER_API_KEY: 'sk-or-env-0123456789' },
    })
    expect(ran.code).toBe(0)
    expect(ran.stdout).toContain('Hello.')
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-or-env-0123456789'])
  })
})
