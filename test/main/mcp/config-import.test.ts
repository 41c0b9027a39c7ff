// Import from the JSON users bring (Claude Desktop, Cursor, VS Code): only the servers key is read,
// unknown keys are kept, `${…}` placeholders are never imported, values go to `secrets` (the vault)
// and never into the config, and one bad entry never stops the others.
import { describe, expect, it } from 'vitest'
import { parseMcpConfigJson, type McpConfigParseResult } from '../../../src/main/mcp/mcp-config-import'
import { mcpServerListSchema } from '../../../src/main/mcp/mcp-server-config'

function imported(result: McpConfigParseResult) {
  if (!result.ok) throw new Error(`expected an import, got ${result.error.kind}: ${result.error.message}`)
  return result
}

const CLAUDE_DESKTOP = JSON.stringify({
  globalShortcut: 'Ctrl+Space',
  preferences: { quickEntryShortcut: 'off', mcpServers: { notAServer: { command: 'evil' } } },
  mcpServers: {
    filesystem: {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/username/Desktop'],
      env: { SOME_API_KEY: 'sk-some-secret-value-123' },
    },
    'My Notes!': {
      command: '/usr/local/bin/notes-mcp',
      cwd: '/Users/username',
      disabled: true,
      timeout: 120000,
      trustReadOnlyHints: true,
    },
  },
})

describe('Claude Desktop config', () => {
  it('reads only mcpServers: commands, args, cwd and Keel options kept; env values out to the vault; other top-level keys ignored', () => {
    const { servers, report } = imported(parseMcpConfigJson(CLAUDE_DESKTOP, []))
    expect(report).toEqual({ added: ['filesystem', 'My Notes!'], skipped: [], unresolved: [], readKey: 'mcpServers' })
    expect(servers.map((server) => server.config)).toEqual([
      {
        id: 'filesystem',
        name: 'filesystem',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/username/Desktop'],
        env: { SOME_API_KEY: { secret: true, set: true } },
      },
      {
        id: 'my_notes',
        name: 'My Notes!',
        transport: 'stdio',
        command: '/usr/local/bin/notes-mcp',
        cwd: '/Users/username',
        disabled: true,
        timeoutMs: 120000,
        trustReadOnlyHints: true,
      },
    ])
    expect(servers[0]!.secrets).toEqual({ env: { SOME_API_KEY: 'sk-some-secret-value-123' }, headers: {} })
    expect(JSON.stringify(servers.map((server) => server.config))).not.toContain('sk-some-secret')
    // What the importer gives is what the setting stores.
    expect(mcpServerListSchema.safeParse(servers.map((server) => server.config)).success).toBe(true)
  })

  it('a byte-order mark before the JSON (Windows editors) is not an error', () => {
    expect(imported(parseMcpConfigJson(`\uFEFF${CLAUDE_DESKTOP}`)).report.added).toHaveLength(2)
  })
})

describe('Cursor config (url + headers + ${env:…})', () => {
  const CURSOR = JSON.stringify({
    mcpServers: {
      remote: {
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer ${env:TOKEN}', 'X-Team': 'team-42-abcdefgh' },
      },
      legacy: { type: 'sse', url: 'http://127.0.0.1:3001/sse' },
      local: { command: 'node', args: ['server.js'], env: { API_KEY: '${env:API_KEY}', LOG: 'debug' } },
    },
  })

  it('a url makes an http server; headers and env keys are kept, placeholders are reported and never imported', () => {
    const { servers, report } = imported(parseMcpConfigJson(CURSOR))
    expect(report.added).toEqual(['remote', 'legacy', 'local'])
    expect(report.skipped).toEqual([])
    expect(report.unresolved).toEqual([
      { server: 'remote', where: 'headers', key: 'Authorization', placeholder: '${env:TOKEN}' },
      { server: 'local', where: 'env', key: 'API_KEY', placeholder: '${env:API_KEY}' },
    ])
    const [remote, legacy, local] = servers
    expect(remote!.config).toEqual({
      id: 'remote',
      name: 'remote',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: {
        Authorization: { secret: true, set: false, placeholder: '${env:TOKEN}' },
        'X-Team': { secret: true, set: true },
      },
    })
    // The literal "Bearer " around the placeholder is not kept anywhere: the user enters the whole value.
    expect(remote!.secrets).toEqual({ env: {}, headers: { 'X-Team': 'team-42-abcdefgh' } })
    expect(legacy!.config).toMatchObject({ transport: 'sse', url: 'http://127.0.0.1:3001/sse' })
    expect(local!.config.env).toEqual({
      API_KEY: { secret: true, set: false, placeholder: '${env:API_KEY}' },
      LOG: { secret: true, set: true },
    })
    expect(local!.secrets.env).toEqual({ LOG: 'debug' })
    expect(JSON.stringify(servers)).not.toMatch(/Bearer/)
  })

  it('an unterminated ${ in a value is not imported, and only "${" is kept of it (the rest may be part of a real value)', () => {
    const { servers, report } = imported(
      parseMcpConfigJson(
        JSON.stringify({ mcpServers: { s: { command: 'node', env: { PASSWORD: 'pa${ss-word-123' } } } }),
      ),
    )
    expect(servers[0]!.config.env).toEqual({ PASSWORD: { secret: true, set: false, placeholder: '${' } })
    expect(servers[0]!.secrets.env).toEqual({})
    expect(report.unresolved).toEqual([{ server: 's', where: 'env', key: 'PASSWORD', placeholder: '${' }])
    expect(JSON.stringify({ servers, report })).not.toContain('ss-word')
  })
})

describe('VS Code config (servers, type, inputs, ${input:…})', () => {
  const VSCODE = JSON.stringify({
    inputs: [{ type: 'promptString', id: 'github-token', description: 'GitHub token', password: true }],
    servers: {
      github: {
        type: 'http',
        url: 'https://api.githubcopilot.com/mcp/',
        headers: { Authorization: 'Bearer ${input:github-token}' },
      },
      memory: {
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-memory'],
        envFile: '${workspaceFolder}/.env',
        dev: { watch: 'src/**/*.ts' },
      },
      files: {
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '${workspaceFolder}'],
      },
      streamy: { type: 'streamableHttp', url: 'https://a.example/mcp' },
      streamy2: { type: 'streamable-http', url: 'https://b.example/mcp' },
    },
  })

  it('reads servers; type is normalized; unknown keys are kept in extra as they were', () => {
    const { servers, report } = imported(parseMcpConfigJson(VSCODE))
    expect(report.readKey).toBe('servers')
    expect(report.added).toEqual(['github', 'memory', 'streamy', 'streamy2'])
    const byName = Object.fromEntries(servers.map((server) => [server.config.name, server.config]))
    expect(byName.github).toMatchObject({
      transport: 'http',
      headers: { Authorization: { secret: true, set: false, placeholder: '${input:github-token}' } },
    })
    expect(byName.memory).toMatchObject({
      transport: 'stdio',
      extra: { envFile: '${workspaceFolder}/.env', dev: { watch: 'src/**/*.ts' } },
    })
    expect(byName.streamy!.transport).toBe('http')
    expect(byName.streamy2!.transport).toBe('http')
    // `inputs` is not read (only the servers key), and no server carries it.
    expect(JSON.stringify(servers)).not.toContain('promptString')
  })

  it('a placeholder in args skips that entry (reported as skipped and unresolved); the others import', () => {
    const { report } = imported(parseMcpConfigJson(VSCODE))
    expect(report.skipped).toEqual([
      {
        name: 'files',
        reason: expect.stringMatching(/args\[2\] has the unresolved placeholder \$\{workspaceFolder\}/),
      },
    ])
    expect(report.unresolved).toContainEqual({
      server: 'files',
      where: 'args',
      key: '2',
      placeholder: '${workspaceFolder}',
    })
    expect(report.unresolved).toContainEqual({
      server: 'github',
      where: 'headers',
      key: 'Authorization',
      placeholder: '${input:github-token}',
    })
  })

  it.each([
    ['command', { command: '${env:HOME}/bin/server' }, 'command'],
    ['cwd', { command: 'node', cwd: '${workspaceFolder}' }, 'cwd'],
    ['url', { url: 'https://${env:HOST}/mcp' }, 'url'],
    ['bare ${X}', { command: 'node', args: ['--token', '${TOKEN}'] }, 'args'],
    ['unterminated ${', { command: 'node', args: ['${oops'] }, 'args'],
  ])('a placeholder in %s is never imported', (_name, entry, where) => {
    const { servers, report } = imported(parseMcpConfigJson(JSON.stringify({ mcpServers: { s: entry } })))
    expect(servers).toEqual([])
    expect(report.skipped).toHaveLength(1)
    expect(report.unresolved).toMatchObject([{ server: 's', where }])
  })
})

describe('bad input', () => {
  it('text that is not JSON: a typed error with where, and no piece of the text in the message', () => {
    const text = '{\n  "mcpServers": {\n    "a": { "command": "x", "env": { "K": "sk-secret-in-bad-json" } },\n  }\n}'
    const result = parseMcpConfigJson(text)
    expect(result).toMatchObject({ ok: false, error: { kind: 'not-json', line: 4, column: 3 } })
    if (!result.ok) {
      expect(result.error.message).toMatch(/line 4, column 3/)
      expect(result.error.message).not.toContain('sk-secret')
    }
    const token = parseMcpConfigJson('{"mcpServers": {"a": {"command": "sk-secret-token-x" }}} }')
    expect(token).toMatchObject({ ok: false, error: { kind: 'not-json' } })
    if (!token.ok) expect(token.error.message).not.toContain('sk-secret')
    expect(parseMcpConfigJson('{"mcpServers": {')).toMatchObject({
      ok: false,
      error: { kind: 'not-json', position: 16 },
    })
  })

  it('JSON without mcpServers or servers, or not an object: typed errors that say what was expected', () => {
    expect(parseMcpConfigJson('{"preferences": {}}')).toMatchObject({
      ok: false,
      error: { kind: 'no-servers-key', message: expect.stringMatching(/"mcpServers".*"servers"/) },
    })
    expect(parseMcpConfigJson('[1, 2]')).toMatchObject({ ok: false, error: { kind: 'not-an-object' } })
    expect(parseMcpConfigJson('{"mcpServers": [{"command": "x"}]}')).toMatchObject({
      ok: false,
      error: { kind: 'servers-not-an-object', readKey: 'mcpServers' },
    })
  })

  it('entries with bad fields are skipped with a clear reason; the good ones still import', () => {
    const text = JSON.stringify({
      mcpServers: {
        good: { command: 'node', args: ['a.js'] },
        numberArg: { command: 'node', args: ['--port', 8080] },
        envNumber: { command: 'node', env: { PORT: 8080 } },
        badEnvName: { command: 'node', env: { 'A=B': 'x' } },
        badHeader: { url: 'https://x.example', headers: { 'Bad Header': 'x' } },
        seconds: { command: 'node', timeout: 60 },
        notBool: { command: 'node', disabled: 'yes' },
        ftp: { url: 'ftp://files.example/mcp' },
        notUrl: { url: 'not a url sk-secret-in-url' },
        neither: { args: ['x'] },
        both: { command: 'node', url: 'https://x.example' },
        stdioHeaders: { type: 'stdio', command: 'node', headers: { A: 'b' } },
        httpEnv: { type: 'http', url: 'https://x.example', env: { A: 'b' } },
        weird: { type: 'websocket', url: 'https://x.example' },
        notObject: 'npx server',
        emptyCommand: { command: '   ' },
        '  ': { command: 'node' },
      },
    })
    const { servers, report } = imported(parseMcpConfigJson(text))
    expect(servers.map((server) => server.config.name)).toEqual(['good'])
    const reasons = Object.fromEntries(report.skipped.map((skip) => [skip.name, skip.reason]))
    expect(reasons).toEqual({
      numberArg: '"args[1]" must be a string, not number 8080.',
      envNumber: '"env.PORT" must be a string, not number 8080.',
      badEnvName: '"A=B" is not a valid environment variable name.',
      badHeader: '"Bad Header" is not a valid header name.',
      seconds: '"timeout" must be a whole number of milliseconds from 1000 to 600000, not number 60.',
      notBool: '"disabled" must be true or false, not text.',
      ftp: '"url" must be http or https, not ftp.',
      notUrl: '"url" is not a valid URL.',
      neither: 'The entry has neither "command" (a local server) nor "url" (a remote one).',
      both: 'The entry has both "command" and "url"; add "type" ("stdio" or "http") to say which.',
      stdioHeaders: 'A stdio server has no "url" or "headers" (give "type": "http" for a remote server).',
      httpEnv: 'An http server has no "command", "args", "cwd" or "env" (give "type": "stdio" for a local one).',
      weird: '"type" "websocket" is not one Keel knows (stdio, http, streamable-http, streamableHttp, sse).',
      notObject: 'The entry is not an object.',
      emptyCommand: '"command" is empty.',
      '  ': 'The server has no name.',
    })
    expect(JSON.stringify(report)).not.toContain('sk-secret')
  })
})

describe('names and ids', () => {
  it('a name already saved is skipped with the reason; ids stay unique against saved ones and each other', () => {
    const text = JSON.stringify({
      mcpServers: {
        files: { command: 'a' },
        'My Files': { command: 'b' },
        'my_files!': { command: 'c' },
        notes: { command: 'd' },
      },
    })
    const { servers, report } = imported(
      parseMcpConfigJson(text, [
        { id: 'my_files', name: 'my files (old)' },
        { id: 'n', name: 'notes' },
      ]),
    )
    expect(report.skipped).toEqual([
      { name: 'notes', reason: 'A server named "notes" already exists; remove or rename it first to import this one.' },
    ])
    expect(servers.map((server) => [server.config.name, server.config.id])).toEqual([
      ['files', 'files'],
      ['My Files', 'my_files_2'],
      ['my_files!', 'my_files_3'],
    ])
  })

  it('a long name gets an id of at most 40 characters, still unique with a suffix', () => {
    const long = 'x'.repeat(60)
    const { servers } = imported(
      parseMcpConfigJson(JSON.stringify({ mcpServers: { [long]: { command: 'a' } } }), [
        { id: 'x'.repeat(40), name: 'other' },
      ]),
    )
    expect(servers[0]!.config.id).toBe(`${'x'.repeat(38)}_2`)
  })

  it('a key named __proto__ is refused, never turned into a prototype or silently dropped', () => {
    const text =
      '{"mcpServers": {"envProto": {"command": "node", "env": {"__proto__": "sk-proto-value-1"}}, "entryProto": {"command": "node", "__proto__": {"polluted": true}}, "ok": {"command": "node"}}}'
    const { servers, report } = imported(parseMcpConfigJson(text))
    expect(servers.map((server) => server.config.name)).toEqual(['ok'])
    expect(report.skipped).toEqual([
      { name: 'envProto', reason: '"__proto__" is not a valid environment variable name.' },
      { name: 'entryProto', reason: 'The entry has a key named "__proto__".' },
    ])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
