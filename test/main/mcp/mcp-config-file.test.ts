// `--mcp-config FILE` / `KEEL_MCP_CONFIG`: the same format as an import, for this process only;
// every failure is typed and names the file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  MCP_CONFIG_FILE_MAX_BYTES,
  loadMcpConfigFile,
  mcpConfigFilePath,
  mcpFileSecretValues,
} from '../../../src/main/mcp/mcp-config-file'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'keel-mcp-config-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('which file', () => {
  it('--mcp-config wins over KEEL_MCP_CONFIG; neither (or blank) means none', () => {
    expect(mcpConfigFilePath('a.json', { KEEL_MCP_CONFIG: 'b.json' })).toBe('a.json')
    expect(mcpConfigFilePath(undefined, { KEEL_MCP_CONFIG: 'b.json' })).toBe('b.json')
    expect(mcpConfigFilePath('  ', { KEEL_MCP_CONFIG: ' ' })).toBeUndefined()
    expect(mcpConfigFilePath(undefined, {})).toBeUndefined()
  })
})

describe('loadMcpConfigFile', () => {
  it('reads servers (relative to cwd) with their values for this process; they are marked as from the file; saved names are kept', async () => {
    const dir = tempDir()
    writeFileSync(
      join(dir, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          memory: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-memory'],
            env: { MEMORY_FILE_PATH: '/tmp/memory.json', API_KEY: 'file-secret-abcdef' },
          },
          remote: {
            url: 'http://127.0.0.1:3001/mcp',
            headers: { Authorization: 'Bearer file-token-123456' },
            timeout: 5000,
          },
          notes: { command: 'notes-mcp' },
        },
      }),
    )
    const result = await loadMcpConfigFile('mcp.json', { cwd: dir, existing: [{ id: 'notes', name: 'notes' }] })
    if (!result.ok) throw new Error(result.error.message)
    const { file } = result
    expect(file.path).toBe(join(dir, 'mcp.json'))
    expect(file.servers.map((server) => [server.origin, server.config.id, server.config.transport])).toEqual([
      ['file', 'memory', 'stdio'],
      ['file', 'remote', 'http'],
    ])
    expect(file.report.skipped).toEqual([{ name: 'notes', reason: expect.stringMatching(/already exists/) }])
    expect(file.servers[1]!.config.timeoutMs).toBe(5000)
    expect(JSON.stringify(file.servers.map((server) => server.config))).not.toMatch(/file-secret|file-token/)
    expect(mcpFileSecretValues(file).sort()).toEqual([
      '/tmp/memory.json',
      'Bearer file-token-123456',
      'file-secret-abcdef',
    ])
  })

  it('typed errors that name the file: missing, a folder, too large, not JSON, no servers key', async () => {
    const dir = tempDir()
    const missing = await loadMcpConfigFile(join(dir, 'nope.json'))
    expect(missing).toEqual({
      ok: false,
      error: {
        kind: 'file-missing',
        path: join(dir, 'nope.json'),
        message: `The MCP config ${join(dir, 'nope.json')} does not exist.`,
      },
    })

    mkdirSync(join(dir, 'folder.json'))
    expect(await loadMcpConfigFile(join(dir, 'folder.json'))).toMatchObject({
      ok: false,
      error: { kind: 'file-unreadable', path: join(dir, 'folder.json') },
    })

    writeFileSync(join(dir, 'huge.json'), ' '.repeat(MCP_CONFIG_FILE_MAX_BYTES + 1))
    expect(await loadMcpConfigFile(join(dir, 'huge.json'))).toMatchObject({
      ok: false,
      error: { kind: 'file-too-large', path: join(dir, 'huge.json') },
    })

    writeFileSync(join(dir, 'bad.json'), '{\n  "mcpServers": {\n    "a": { "command": "x" },\n  }\n}')
    const bad = await loadMcpConfigFile(join(dir, 'bad.json'))
    expect(bad).toMatchObject({
      ok: false,
      error: { kind: 'not-json', path: join(dir, 'bad.json'), line: 4, column: 3 },
    })
    if (!bad.ok)
      expect(bad.error.message).toMatch(
        new RegExp(
          `^${join(dir, 'bad.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: The text is not JSON \\(line 4, column 3\\)`,
        ),
      )

    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ 'editor.fontSize': 14 }))
    expect(await loadMcpConfigFile(join(dir, 'settings.json'))).toMatchObject({
      ok: false,
      error: { kind: 'no-servers-key', path: join(dir, 'settings.json') },
    })
  })
})
