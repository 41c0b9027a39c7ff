// The key canary: a provider or proxy that echoes the API key back, on every path a hostile test
// found, for all five providers. No output channel of the CLI or the app service may carry it:
// stdout, stderr, run events, command results, diagnostics, the database file and its WAL, export.
// (Browser mode's WebSocket frames: key-canary-web.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runChat } from '../../src/cli/chat-command'
import { runExport } from '../../src/cli/export-command'
import { PROVIDER_IDS } from '../../src/shared/provider-id'
import { startAppWorld } from '../main/app/app-helpers'
import { runKeel } from '../support/run-process'
import { startSimulatedProvider, type SimulatedProvider } from '../support/simulated-provider'
import {
  ECHO_PATHS,
  canaryEnv,
  echoingResponder,
  expectEchoHappened,
  expectNoCanary,
  expectNoCanaryOnDisk,
  newCanary,
  type Canary,
  type EchoPath,
} from './key-canary-support'

const CASES = PROVIDER_IDS.flatMap((provider) => ECHO_PATHS.map((path) => ({ provider, path })))

let server: SimulatedProvider
let dir: string
beforeAll(async () => {
  server = await startSimulatedProvider()
  dir = mkdtempSync(join(tmpdir(), 'keel-canary-'))
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

function keelProcess(args: string[], env: Record<string, string>) {
  return runKeel(args, { env })
}

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough()
  let text = ''
  stream.on('data', (d: Buffer) => (text += d.toString('utf8')))
  return { stream, text: () => text }
}

async function exportText(db: string): Promise<string> {
  const out = capture()
  expect(await runExport(['--db', db], { stdout: out.stream })).toBe(0)
  return out.text()
}

/** Each echo path leaves its trace where it should (so a scrubbed channel is not just an empty one). */
function expectTrace(path: EchoPath, output: string): void {
  if (path === 'streamed-text') expect(output).toContain('[redacted]')
}

describe.each(CASES)('key canary: $provider, $path', ({ provider, path }) => {
  it('keel chat (a real process, plain output): stdout, stderr, database + WAL, export', async () => {
    const canary: Canary = newCanary(path)
    server.reset()
    server.respond = echoingResponder(provider, path)
    const db = join(dir, `cli-${provider}-${path}.db`)
    const run = await keelProcess(
      ['chat', '--provider', provider, '--db', db, 'What is my key?'],
      canaryEnv(server, provider, canary.key),
    )
    expectEchoHappened(server, path, canary)
    expect(run.stderr).toMatch(/\[keel\] (completed|failed|interrupted)/)
    expectNoCanary('keel chat stdout', run.stdout, canary)
    expectNoCanary('keel chat stderr', run.stderr, canary)
    expectTrace(path, run.stdout)
    expectNoCanaryOnDisk(db, canary)
    const exported = await exportText(db)
    expectNoCanary('keel export', exported, canary)
    expectTrace(path, exported)
  })

  it('keel chat --json (in process): every run event, stderr, database + WAL, export', async () => {
    const canary = newCanary(path)
    server.reset()
    server.respond = echoingResponder(provider, path)
    const db = join(dir, `json-${provider}-${path}.db`)
    const stdout = capture()
    const stderr = capture()
    const code = await runChat(['--provider', provider, '--db', db, '--json', 'What is my key?'], {
      stdin: process.stdin,
      stdout: stdout.stream,
      stderr: stderr.stream,
      env: { ...canaryEnv(server, provider, canary.key), KEEL_IDLE_TIMEOUT_MS: '5000' },
      onInterrupt: () => {},
    })
    expect(code).toBeTypeOf('number')
    expectEchoHappened(server, path, canary)
    const events = stdout
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string })
    expect(events.at(-1)?.type).toBe('run-end')
    if (path !== 'streamed-text') expect(events.some((event) => event.type === 'diagnostics')).toBe(true)
    expectNoCanary('keel chat --json events', stdout.text(), canary)
    expectNoCanary('keel chat --json stderr', stderr.text(), canary)
    expectTrace(path, stdout.text())
    expectNoCanaryOnDisk(db, canary)
    expectNoCanary('keel export', await exportText(db), canary)
  })

  it('the app service: run events, every command result, database + WAL (store still open), export', async () => {
    const canary = newCanary(path)
    // A key fetch refuses can only come from the environment (keys.set refuses it); the others are saved in the vault.
    const fromEnvironment = path === 'fetch-invalid-header'
    const world = await startAppWorld({
      env: fromEnvironment ? { ...canaryEnv(server, provider, canary.key) } : { KEEL_DEFAULT_PROVIDER: provider },
    })
    try {
      world.server.respond = echoingResponder(provider, path)
      const client = world.client('canary')
      if (!fromEnvironment) await client.value('keys.set', { provider, key: canary.key })
      await client.value('turns.start', { text: 'What is my key?', provider })
      await world.service.whenIdle()
      expectEchoHappened(world.server, path, canary)
      expect(client.events().at(-1)?.type).toBe('run-end')
      for (const conversation of await client.value('conversations.list', {}))
        await client.value('conversations.open', { conversationId: conversation.id })
      await client.value('settings.get', {})
      await client.call('providers.test', { provider })
      const everything = client.sent.join('\n')
      expectNoCanary('run events and command results', everything, canary)
      expectTrace(path, everything)
      expectNoCanaryOnDisk(world.dbPath, canary)
      expectNoCanary('export', await exportText(world.dbPath), canary)
    } finally {
      await world.close()
    }
  })
})
