// `keel chat` and `keel export` as a user runs them: a real process, a real store file, real HTTP
// to the simulated provider; SIGINT behaves like the stop button.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runKeel } from '../support/run-process'
import { startSimulatedProvider, type SimulatedProvider } from '../support/simulated-provider'

function keel(
  args: string[],
  env: Record<string, string> = {},
  options: { onStdout?: (text: string, kill: () => void) => void } = {},
) {
  return runKeel(args, { env, ...options })
}

describe('keel chat / keel export', () => {
  let server: SimulatedProvider
  let dir: string
  let db: string
  let env: Record<string, string>
  beforeEach(async () => {
    server = await startSimulatedProvider()
    dir = mkdtempSync(join(tmpdir(), 'keel-cli-chat-'))
    db = join(dir, 'keel.db')
    env = {
      KEEL_ANTHROPIC_BASE_URL: server.baseUrlFor('anthropic'),
      KEEL_OPENAI_CHAT_BASE_URL: server.baseUrlFor('openai-chat'),
      ANTHROPIC_API_KEY: 'k',
      OPENAI_API_KEY: 'k',
    }
  })
  afterEach(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('--json prints one event per line, the last one run-end; --yes approves; export shows the store', async () => {
    server.enqueue(
      {
        type: 'turn',
        text: 'Recording.',
        toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value: 80, unit: 'kg' } }],
        usage: { inputTokens: 30, outputTokens: 9 },
      },
      { type: 'turn', text: 'Recorded 80 kg.', usage: null },
    )
    const run = await keel(['chat', '--provider', 'anthropic', '--db', db, '--yes', '--json', 'I weigh 80 kg'], env)
    expect(run.code).toBe(0)
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    const last = lines.at(-1)!
    expect(last).toMatchObject({ type: 'run-end', status: 'completed' })
    expect(typeof last.conversationId).toBe('string')
    expect(lines.filter((l) => l.type === 'tool-call').map((l) => l.state)).toContain('done')

    const exported = await keel(['export', '--db', db])
    expect(exported.code).toBe(0)
    const data = JSON.parse(exported.stdout)
    expect(data.conversations).toHaveLength(1)
    expect(data.conversations[0].id).toBe(last.conversationId)
    const assistant = data.conversations[0].messages.find((m: { role: string }) => m.role === 'assistant')
    expect(assistant).toMatchObject({
      status: 'complete',
      interruptReason: null,
      text: 'Recording.\n\nRecorded 80 kg.',
    })
    expect(assistant.toolCalls).toMatchObject([
      { name: 'record_measurement', arguments: { kind: 'weight', value: 80, unit: 'kg' } },
    ])
    expect(data.generations).toMatchObject([
      {
        round: 1,
        attempt: 1,
        provider: 'anthropic',
        outcome: 'complete',
        usage: { inputTokens: 30, outputTokens: 9, estimated: false },
      },
      { round: 2, attempt: 1, provider: 'anthropic', outcome: 'complete', usage: { estimated: true } },
    ])
    expect(data.measurements).toMatchObject([{ kind: 'weight', value: 80, unit: 'kg' }])
    expect(data.ledger).toMatchObject([
      { tool: 'record_measurement', state: 'succeeded', callIds: [expect.any(String)] },
    ])
    expect(exported.stdout).not.toContain('ANTHROPIC_API_KEY')
  })

  it('without --yes and without a terminal, writes are denied and nothing is written', async () => {
    server.enqueue(
      {
        type: 'turn',
        toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value: 80, unit: 'kg' } }],
      },
      { type: 'turn', text: 'Not recorded.' },
    )
    const run = await keel(['chat', '--provider', 'anthropic', '--db', db, 'I weigh 80 kg'], env)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Not recorded.')
    expect(run.stderr).toMatch(/denied/)
    const data = JSON.parse((await keel(['export', '--db', db])).stdout)
    expect(data.measurements).toEqual([])
  })

  it('SIGINT stops the turn like the stop button: exit 130, partial answer saved as interrupted, usage recorded', async () => {
    server.enqueue({
      type: 'turn',
      text: 'One two three four five six seven eight',
      usage: null,
      faults: { stallAfterEvents: 4 },
    })
    let sent = false
    const run = await keel(['chat', '--provider', 'anthropic', '--db', db, 'Count'], env, {
      onStdout: (text, kill) => {
        if (!sent && text.length > 0) {
          sent = true
          kill()
        }
      },
    })
    expect(run.code).toBe(130)
    await server.waitForAborted(1, { timeoutMs: 5000 })
    const data = JSON.parse((await keel(['export', '--db', db])).stdout)
    const assistant = data.conversations[0].messages.find((m: { role: string }) => m.role === 'assistant')
    expect(assistant).toMatchObject({ status: 'interrupted', interruptReason: 'user-stop' })
    expect(assistant.text.length).toBeGreaterThan(0)
    expect(data.generations).toMatchObject([{ outcome: 'user-stop', usage: { estimated: true } }])
  })

  it('--conversation continues an existing conversation; an unknown one is a usage error', async () => {
    server.enqueue({ type: 'turn', text: 'Hi.' }, { type: 'turn', text: 'Still here.' })
    const first = await keel(['chat', '--provider', 'openai-chat', '--db', db, '--json', 'Hello'], env)
    const conversationId = (JSON.parse(first.stdout.trim().split('\n').at(-1)!) as { conversationId: string })
      .conversationId
    const second = await keel(
      ['chat', '--provider', 'openai-chat', '--db', db, '--conversation', conversationId, 'Again'],
      env,
    )
    expect(second.code).toBe(0)
    expect(second.stdout).toContain('Still here.')
    const messages = (server.requests[1]!.body as { messages: { role: string; content: unknown }[] }).messages
    // The date preamble first (every turn has one), then the conversation so far.
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
    const unknown = await keel(['chat', '--provider', 'openai-chat', '--db', db, '--conversation', 'nope', 'x'], env)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/no conversation/)
  })

  it("tells the model the date in the process's zone (TZ), unless KEEL_TIME_ZONE names a real one; a day recorded is that zone's day", async () => {
    server.enqueue({ type: 'turn', text: 'Hi.' })
    const plain = await keel(['chat', '--provider', 'anthropic', '--db', db, 'hi'], {
      ...env,
      TZ: 'America/New_York',
      KEEL_TIME_ZONE: 'Not/A_Zone',
    })
    expect(plain.code).toBe(0)
    expect((server.requests[0]!.body as { system: string }).system).toMatch(
      /^Today is \w+day, \d{1,2} \w+ \d{4} \(\d{4}-\d{2}-\d{2}\)\. The user's time zone is America\/New_York \(UTC−0[45]:00\)/,
    )

    server.enqueue(
      {
        type: 'turn',
        text: '',
        toolCalls: [
          { name: 'record_measurement', arguments: { kind: 'weight', value: 72, unit: 'kg', date: '2024-05-01' } },
        ],
      },
      { type: 'turn', text: 'Recorded.' },
    )
    const dated = await keel(
      ['chat', '--provider', 'anthropic', '--db', db, '--yes', '--lang', 'es', 'Pesaba 72 kg el 1 de mayo de 2024'],
      { ...env, TZ: 'America/New_York', KEEL_TIME_ZONE: 'Asia/Kolkata' },
    )
    expect(dated.code).toBe(0)
    expect((server.requests[1]!.body as { system: string }).system).toMatch(
      /^Hoy es .* La zona horaria del usuario es Asia\/Kolkata \(UTC\+05:30\)/,
    )
    const exported = JSON.parse((await keel(['export', '--db', db])).stdout)
    expect(exported.measurements).toMatchObject([
      { value: 72, measuredAt: '2024-04-30T18:30:00.000Z', takenAtOffsetMin: 330, measuredAtLocal: '2024-05-01' },
    ])
  })

  it('a provider that never recovers: exit 1 and the classified message in the chosen language', async () => {
    server.enqueue(
      { type: 'http-error', status: 500 },
      { type: 'http-error', status: 500 },
      { type: 'http-error', status: 500 },
    )
    const run = await keel(['chat', '--provider', 'anthropic', '--db', db, '--lang', 'es', 'Hola'], env)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('Anthropic tuvo un problema de su lado. Inténtalo de nuevo en un momento.')
    expect(run.stdout).not.toMatch(/api_error|500/)
  })

  it.each([
    [['chat'], /missing the message/],
    [['chat', '--provider', 'cohere', 'hi'], /unknown provider/],
    [['chat', '--lang', 'fr', 'hi'], /--lang/],
    [['chat', '--base-url', 'ftp://x', 'hi'], /--base-url/],
    [['chat', 'x'.repeat(100_001)], /100001 characters long; the limit is 100000/],
    [['export'], /missing --db/],
    [['export', '--db', '/nonexistent/keel.db'], /no such file/],
  ])('exits 2 for %j', async (args, message) => {
    const run = await keel(args, env)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(message)
  })
})
