// A conversation keeps its provider entry, the CLI's side: `keel chat --conversation ID` continues on the conversation's
// own provider entry (with its history) unless --provider names another for that turn, and a
// conversation the CLI starts is pinned to the entry it started on. A real process, a real store,
// two simulated servers: the built-in entries (OpenAI key set) point at one, the saved entry at the other.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openKeelStore } from '../../src/main/db/keel-store'
import { runKeel } from '../support/run-process'
import { startSimulatedProvider, type SimulatedProvider } from '../support/simulated-provider'

const OPENAI_KEY = 'sk-openai-cli-0123456789abcdef'

describe('keel chat keeps a conversation on its entry', () => {
  let builtIn: SimulatedProvider
  let local: SimulatedProvider
  let dir: string
  let db: string
  let env: Record<string, string>
  beforeEach(async () => {
    builtIn = await startSimulatedProvider()
    local = await startSimulatedProvider()
    dir = mkdtempSync(join(tmpdir(), 'keel-cli-entry-'))
    db = join(dir, 'keel.db')
    env = {
      OPENAI_API_KEY: OPENAI_KEY,
      ANTHROPIC_API_KEY: 'sk-ant-cli-0123456789',
      KEEL_OPENAI_CHAT_BASE_URL: builtIn.baseUrlFor('openai-chat'),
      KEEL_OPENAI_RESPONSES_BASE_URL: builtIn.baseUrlFor('openai-responses'),
      KEEL_ANTHROPIC_BASE_URL: builtIn.baseUrlFor('anthropic'),
    }
    // A store where the user set up a named server (as the window saves it).
    const opened = openKeelStore(db)
    if (!opened.ok) throw new Error(opened.error.message)
    const written = opened.store.settings.set('providers', {
      'custom-1': {
        preset: 'custom',
        name: 'Desk GPU',
        baseUrl: local.baseUrlFor('openai-chat'),
        model: 'local-model',
        keyRequired: false,
      },
    })
    if (!written.ok) throw new Error(written.error.message)
    // The default for everything else stays OpenAI (Chat Completions), its key in the environment.
    opened.store.settings.set('activeProvider', 'openai-chat')
    opened.store.close()
  })
  afterEach(async () => {
    await builtIn.close()
    await local.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const conversationOf = (stdout: string): string => {
    const end = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; conversationId?: string; status?: string })
      .at(-1)!
    expect(end).toMatchObject({ type: 'run-end', status: 'completed' })
    return end.conversationId!
  }

  it('a continued conversation goes to its own entry with its history; --provider moves one turn only', async () => {
    local.enqueue(
      { type: 'turn', text: 'First answer.' },
      { type: 'turn', text: 'Second answer.' },
      { type: 'turn', text: 'Fourth answer.' },
    )
    builtIn.enqueue({ type: 'turn', text: 'Third answer.' })

    const first = await runKeel(['chat', '--provider', 'custom-1', '--db', db, '--json', 'A private question'], { env })
    expect(first.code, first.stderr).toBe(0)
    const id = conversationOf(first.stdout)

    const second = await runKeel(['chat', '--conversation', id, '--db', db, '--json', 'A follow-up'], { env })
    expect(second.code, second.stderr).toBe(0)
    expect(builtIn.requests).toHaveLength(0)
    expect(local.requests).toHaveLength(2)
    expect(local.requests[1]!.rawBody).toContain('A private question')
    expect(local.requests[1]!.rawBody).toContain('First answer.')
    expect(JSON.stringify(local.requests[1]!.headers)).not.toContain(OPENAI_KEY)

    const third = await runKeel(
      ['chat', '--conversation', id, '--provider', 'anthropic', '--db', db, '--json', 'Ask elsewhere once'],
      { env },
    )
    expect(third.code, third.stderr).toBe(0)
    expect(builtIn.requests.map((r) => r.provider)).toEqual(['anthropic'])

    const fourth = await runKeel(['chat', '--conversation', id, '--db', db, '--json', 'Back home'], { env })
    expect(fourth.code, fourth.stderr).toBe(0)
    expect(local.requests).toHaveLength(3)
    expect(builtIn.requests).toHaveLength(1)
  })

  it('a conversation the window pinned to an entry removed since is refused, nothing sent', async () => {
    local.enqueue({ type: 'turn', text: 'First answer.' })
    const first = await runKeel(['chat', '--provider', 'custom-1', '--db', db, '--json', 'A private question'], { env })
    const id = conversationOf(first.stdout)
    const opened = openKeelStore(db)
    if (!opened.ok) throw new Error(opened.error.message)
    opened.store.settings.set('providers', {})
    opened.store.close()
    const refused = await runKeel(['chat', '--conversation', id, '--db', db, 'A follow-up'], { env })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('custom-1')
    expect(builtIn.requests).toHaveLength(0)
    expect(local.requests).toHaveLength(1)
  })
})
