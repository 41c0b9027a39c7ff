// `keel mcp list` with hostile or broken servers (test/support/mcp/hostile-server.mjs): a real
// process, a real store file, real server processes. What one server does never takes the run down.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { McpServerView } from '../../src/shared/mcp'
import { HOSTILE_SERVER, MISBEHAVING_SERVER } from '../support/mcp/mcp-test-servers'
import { runKeel } from '../support/run-process'
import { startSimulatedProvider } from '../support/simulated-provider'

/** SHELL unset: no login shell is read (tests must not depend on the developer's rc files). */
const keel = (args: string[]) => runKeel(args, { env: { SHELL: '' } })

describe('keel mcp list with hostile servers', () => {
  let dir: string
  let db: string
  let config: string
  const writeConfig = (servers: Record<string, unknown>) =>
    writeFileSync(config, JSON.stringify({ mcpServers: servers }))
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keel-cli-hostile-'))
    db = join(dir, 'keel.db')
    config = join(dir, 'mcp.json')
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('a tool nested past SQLite’s JSON depth limit is refused with the reason; its sibling and the other server are listed', async () => {
    writeConfig({
      deep: { command: process.execPath, args: [HOSTILE_SERVER, 'deep-only'] },
      odd: { command: process.execPath, args: [MISBEHAVING_SERVER] },
    })
    const ran = await keel(['mcp', 'list', '--json', '--db', db, '--mcp-config', config])
    expect(ran.code, ran.stderr).toBe(0)
    const views = JSON.parse(ran.stdout) as McpServerView[]
    const deep = views.find((view) => view.config.id === 'deep')!
    expect(deep.status.state).toBe('ready')
    expect(deep.tools.find((tool) => tool.name === 'fine')).toMatchObject({
      pin: 'accepted',
      providerName: 'mcp__deep__fine',
    })
    expect(deep.tools.find((tool) => tool.name === 'deep')!.refused).toMatch(/nested deeper than 100 levels/)
    expect(views.find((view) => view.config.id === 'odd')).toMatchObject({
      status: { state: 'ready' },
      offered: { tools: 13 },
    })
    // A second run reads the pins back: still no crash, same verdicts.
    const again = await keel(['mcp', 'list', '--db', db, '--mcp-config', config])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(
      /deep {2}asks first {2}not offered: Tool 'deep' of deep is not offered: its definition is nested deeper than 100 levels/,
    )
    expect(again.stdout).toContain('mcp__deep__fine  asks first  accepted')
  })

  it('a server that never answers initialize fails at its configured timeout, with the reason; the other server is listed', async () => {
    writeConfig({
      silent: { command: process.execPath, args: [HOSTILE_SERVER, 'silent'], timeout: 1000 },
      odd: { command: process.execPath, args: [MISBEHAVING_SERVER] },
    })
    const ran = await keel(['mcp', 'list', '--db', db, '--mcp-config', config])
    expect(ran.stdout).toContain('silent [silent, from the config file]: failed: Did not answer initialize within 1 s')
    expect(ran.stdout).toMatch(/odd \[odd, from the config file\]: ready/)
    expect(ran.code).toBe(1)
  })

  it('keel chat: the turn does not wait past the start deadline of a server that never answers, and says why it is not used', async () => {
    const provider = await startSimulatedProvider()
    try {
      writeConfig({ silent: { command: process.execPath, args: [HOSTILE_SERVER, 'silent'], timeout: 1000 } })
      provider.enqueue({ type: 'turn', text: 'Hello without tools.' })
      const ran = await runKeel(['chat', '--provider', 'anthropic', '--db', db, '--mcp-config', config, 'hi'], {
        env: { SHELL: '', KEEL_ANTHROPIC_BASE_URL: provider.baseUrlFor('anthropic'), ANTHROPIC_API_KEY: 'k' },
      })
      expect(ran.code, ran.stderr).toBe(0)
      expect(ran.stdout).toContain('Hello without tools.')
      expect(ran.stderr).toContain('MCP server silent is not used: failed: Did not answer initialize within 1 s')
      expect(JSON.stringify(provider.requests[0]!.body)).not.toContain('mcp__silent')
    } finally {
      await provider.close()
    }
  })

  it('a stdio server without a cwd runs in a folder of Keel’s own (next to the store), not Keel’s working folder; an explicit cwd wins', async () => {
    const keelCwd = join(dir, 'where-keel-runs')
    const mine = join(dir, 'my-folder')
    mkdirSync(keelCwd)
    mkdirSync(mine)
    writeConfig({
      writer: { command: process.execPath, args: [HOSTILE_SERVER, 'writes-cwd'] },
      placed: { command: process.execPath, args: [HOSTILE_SERVER, 'writes-cwd'], cwd: mine },
    })
    const ran = await runKeel(['mcp', 'list', '--json', '--db', db, '--mcp-config', config], {
      env: { SHELL: '' },
      cwd: keelCwd,
    })
    expect(ran.code, ran.stderr).toBe(0)
    expect(existsSync(join(keelCwd, 'database.db'))).toBe(false)
    expect(existsSync(join(dir, 'mcp-servers', 'writer', 'database.db'))).toBe(true)
    expect(existsSync(join(mine, 'database.db'))).toBe(true)
    expect(existsSync(join(dir, 'mcp-servers', 'placed'))).toBe(false)
    const views = JSON.parse(ran.stdout) as McpServerView[]
    expect(views.find((view) => view.config.id === 'writer')!.cwd).toBe(join(dir, 'mcp-servers', 'writer'))
  })
})
