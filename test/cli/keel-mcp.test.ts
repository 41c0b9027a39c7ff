// `keel mcp` and `keel chat --mcp-config` as a user runs them: a real process, a real store file,
// real MCP server processes, real HTTP to the simulated provider.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { McpServerView } from '../../src/shared/mcp'
import { MISBEHAVING_SERVER } from '../support/mcp/mcp-test-servers'
import { runKeel } from '../support/run-process'
import { startSimulatedProvider, type SimulatedProvider } from '../support/simulated-provider'

/** SHELL unset: no login shell is read (tests must not depend on the developer's rc files). */
const keel = (args: string[], env: Record<string, string> = {}) => runKeel(args, { env: { SHELL: '', ...env } })

describe('keel mcp / keel chat --mcp-config', () => {
  let dir: string
  let db: string
  let config: string
  let countFile: string
  const writeConfig = (env: Record<string, string> = {}) =>
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          odd: {
            command: process.execPath,
            args: [MISBEHAVING_SERVER],
            env: { MCP_TEST_COUNT_FILE: countFile, ...env },
          },
        },
        globalShortcut: 'Ctrl+Space',
      }),
    )
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keel-cli-mcp-'))
    db = join(dir, 'keel.db')
    config = join(dir, 'claude_desktop_config.json')
    countFile = join(dir, 'count.txt')
    writeConfig()
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('list --json: the servers of the file, ready, with every tool, its provider name, effect and pin; no env value', async () => {
    const ran = await keel(['mcp', 'list', '--json', '--db', db, '--mcp-config', config])
    expect(ran.code, ran.stderr).toBe(0)
    const views = JSON.parse(ran.stdout) as McpServerView[]
    expect(views).toHaveLength(1)
    expect(views[0]).toMatchObject({
      origin: 'file',
      status: { state: 'ready' },
      envKeys: ['MCP_TEST_COUNT_FILE'],
      needsConsent: false,
    })
    expect(views[0]!.tools.find((tool) => tool.name === 'count')).toMatchObject({
      providerName: 'mcp__odd__count',
      effect: 'external',
      pin: 'accepted',
    })
    expect(ran.stdout).not.toContain(countFile)
  })

  it('KEEL_MCP_CONFIG works like the flag; a missing file is a usage error naming it', async () => {
    const ran = await keel(['mcp', 'list', '--db', db], { KEEL_MCP_CONFIG: config })
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stdout).toMatch(/odd \[odd, from the config file\]: ready/)
    expect(ran.stdout).toContain('mcp__odd__count  asks first  accepted')
    const missing = await keel(['mcp', 'list', '--db', db, '--mcp-config', join(dir, 'nope.json')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain(join(dir, 'nope.json'))
  })

  it('a tool whose definition changed between runs is withheld until `keel mcp accept`', async () => {
    expect((await keel(['mcp', 'list', '--db', db, '--mcp-config', config])).code).toBe(0)
    writeConfig({ MCP_TEST_START_MUTATED: '1' })
    const changed = await keel(['mcp', 'list', '--json', '--db', db, '--mcp-config', config])
    const mutable = (JSON.parse(changed.stdout) as McpServerView[])[0]!.tools.find((tool) => tool.name === 'mutable')!
    expect(mutable).toMatchObject({ pin: 'changed', acceptedDefinition: { description: 'The original definition' } })
    expect((JSON.parse(changed.stdout) as McpServerView[])[0]!.offered.tools).toBe(12)
    const accepted = await keel(['mcp', 'accept', 'odd', '--db', db, '--mcp-config', config])
    expect(accepted.code, accepted.stderr).toBe(0)
    expect(accepted.stdout).toContain('Changed tool: mutable')
    expect(accepted.stdout).toContain('+ description: "Changed after mutate was called"')
    const after = await keel(['mcp', 'list', '--json', '--db', db, '--mcp-config', config])
    expect((JSON.parse(after.stdout) as McpServerView[])[0]!.tools.every((tool) => tool.pin === 'accepted')).toBe(true)
  })

  describe('with a provider', () => {
    let server: SimulatedProvider
    beforeEach(async () => {
      server = await startSimulatedProvider()
    })
    afterEach(async () => {
      await server.close()
    })

    it('chat --mcp-config --yes: the model calls the server’s tool once; its result goes back; progress and the end are JSON events', async () => {
      server.enqueue(
        { type: 'turn', toolCalls: [{ name: 'mcp__odd__count', arguments: {} }] },
        { type: 'turn', text: 'Counted.' },
      )
      const ran = await keel(
        ['chat', '--provider', 'anthropic', '--db', db, '--mcp-config', config, '--yes', '--json', 'count please'],
        {
          KEEL_ANTHROPIC_BASE_URL: server.baseUrlFor('anthropic'),
          ANTHROPIC_API_KEY: 'k',
        },
      )
      expect(ran.code, ran.stderr).toBe(0)
      expect(readFileSync(countFile, 'utf8')).toBe('1')
      const events = ran.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; state?: string; name?: string })
      expect(
        events.some(
          (event) => event.type === 'tool-call' && event.name === 'mcp__odd__count' && event.state === 'done',
        ),
      ).toBe(true)
      expect(JSON.stringify(server.requests[1]!.body)).toContain('count 1')
    })

    it('chat in plain text: a long call’s progress is printed on stderr as it comes', async () => {
      server.enqueue(
        { type: 'turn', toolCalls: [{ name: 'mcp__odd__slow', arguments: { steps: 3, stepMs: 100 } }] },
        { type: 'turn', text: 'Done.' },
      )
      const ran = await keel(
        ['chat', '--provider', 'anthropic', '--db', db, '--mcp-config', config, '--yes', 'run the slow one'],
        {
          KEEL_ANTHROPIC_BASE_URL: server.baseUrlFor('anthropic'),
          ANTHROPIC_API_KEY: 'k',
        },
      )
      expect(ran.code, ran.stderr).toBe(0)
      expect(ran.stderr).toMatch(/: 1\/3 — step 1/)
      expect(ran.stdout).toContain('Done.')
    })

    it('chat without --yes and without a terminal: the write is denied and the server never runs it', async () => {
      server.enqueue(
        { type: 'turn', toolCalls: [{ name: 'mcp__odd__count', arguments: {} }] },
        { type: 'turn', text: 'OK.' },
      )
      const ran = await keel(['chat', '--provider', 'anthropic', '--db', db, '--mcp-config', config, 'count please'], {
        KEEL_ANTHROPIC_BASE_URL: server.baseUrlFor('anthropic'),
        ANTHROPIC_API_KEY: 'k',
      })
      expect(ran.code, ran.stderr).toBe(0)
      expect(ran.stderr).toContain('mcp__odd__count needs approval')
      expect(existsSync(countFile)).toBe(false)
    })
  })
})
