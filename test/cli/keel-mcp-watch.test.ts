// `keel mcp resources <server> --watch <uri>` as a user runs it: a real process, a real store file,
// a 2026-07-28 server over loopback HTTP whose resource changes on demand: one JSON line per
// update, until Ctrl-C, after which the server watches it no more.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startModernResourcesServer, type ModernResourcesServer } from '../support/mcp/modern-resources-server.mjs'
import { runKeel } from '../support/run-process'

let dir: string
let server: ModernResourcesServer
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'keel-cli-mcp-watch-'))
  server = await startModernResourcesServer()
})
afterEach(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('keel mcp resources --watch', () => {
  it('prints one JSON line per update until Ctrl-C, then lets go', async () => {
    const config = join(dir, 'mcp.json')
    writeFileSync(config, JSON.stringify({ mcpServers: { notes: { type: 'http', url: server.url } } }))
    // Two changes once it watches; Ctrl-C once both are printed.
    const changing = (async () => {
      while (server.watching().length === 0) await new Promise((done) => setTimeout(done, 20))
      server.change('notes://today', 'second')
      server.change('notes://today', 'third')
    })()
    const ran = await runKeel(
      [
        'mcp',
        'resources',
        'notes',
        '--watch',
        'notes://today',
        '--json',
        '--db',
        join(dir, 'keel.db'),
        '--mcp-config',
        config,
      ],
      {
        env: { SHELL: '' },
        onStdout: (text, kill) => {
          if (text.trim().split('\n').length >= 2) kill()
        },
      },
    )
    await changing
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stderr).toContain('watching notes://today on notes (Ctrl-C to stop)')
    const lines = ran.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines).toHaveLength(2)
    for (const line of lines)
      expect(line).toMatchObject({ type: 'resource-updated', serverId: 'notes', uri: 'notes://today' })
    expect(server.watching()).toEqual([])
  })

  it('--watch belongs to resources only', async () => {
    const ran = await runKeel(['mcp', 'prompts', 'notes', '--watch', 'x://y', '--db', join(dir, 'keel.db')], {
      env: { SHELL: '' },
    })
    expect(ran.code).not.toBe(0)
    expect(ran.stderr).toContain('--watch is for resources')
  })
})
