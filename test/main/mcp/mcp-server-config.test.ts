// The stored server list (the `mcpServers` setting) and the consent fingerprint.
import { readFileSync, existsSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readSettings } from '../../../src/main/settings/read-settings'
import { parseMcpConfigJson } from '../../../src/main/mcp/mcp-config-import'
import { hasMcpConsent, mcpFingerprint, mcpServerListSchema } from '../../../src/main/mcp/mcp-server-config'
import type { McpServerConfig } from '../../../src/shared/mcp'
import { useTempStores } from '../db/store-fixtures'

const { open } = useTempStores()

const stdio: McpServerConfig = {
  id: 'files',
  name: 'files',
  transport: 'stdio',
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
  cwd: '/home/u',
  env: { TOKEN: { secret: true, set: true } },
}
const http: McpServerConfig = {
  id: 'remote',
  name: 'remote',
  transport: 'http',
  url: 'https://mcp.example.com/mcp',
  headers: { Authorization: { secret: true, set: true } },
}

describe('the mcpServers setting', () => {
  it('is [] by default and stores a valid list', () => {
    const { store } = open()
    expect(store.settings.get('mcpServers')).toEqual({ ok: true, value: [], isDefault: true })
    expect(store.settings.set('mcpServers', [stdio, http])).toEqual({ ok: true })
    expect(readSettings(store).values.mcpServers).toEqual([stdio, http])
  })

  it.each([
    [
      'a plain env value (every value belongs in the vault)',
      [{ ...stdio, env: { TOKEN: { value: 'sk-plain-text-value' } } }],
    ],
    ['a plain header value', [{ ...http, headers: { Authorization: { value: 'Bearer sk-plain' } } }]],
    [
      'a value disguised as a placeholder',
      [{ ...stdio, env: { TOKEN: { secret: true, set: false, placeholder: 'sk-plain-text-value' } } }],
    ],
    [
      'a value beside a placeholder',
      [{ ...stdio, env: { TOKEN: { secret: true, set: false, placeholder: 'Bearer ${env:X}' } } }],
    ],
    ['two servers with one id', [stdio, { ...http, id: 'files' }]],
    ['two servers with one name', [stdio, { ...http, name: 'files' }]],
    ['a stdio server without a command', [{ ...stdio, command: undefined }]],
    ['an http server without a url', [{ ...http, url: undefined }]],
    ['an http server with env', [{ ...http, env: { A: { secret: true, set: true } } }]],
    ['a bad id', [{ ...stdio, id: 'Files!' }]],
    ['a timeout in seconds', [{ ...stdio, timeoutMs: 60 }]],
    ['a plain env value beside a newer Keel’s key', [{ ...stdio, colour: 'blue', env: { T: { value: 'sk' } } }]],
  ])('refuses %s (nothing written)', (_name, value) => {
    const { store } = open()
    expect(store.settings.set('mcpServers', value)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-setting', key: 'mcpServers' },
    })
    expect(store.settings.get('mcpServers')).toMatchObject({ ok: true, isDefault: true })
  })

  it('a newer Keel’s keys are read, not refused, and kept as they are (forward compatibility)', () => {
    const { store } = open()
    const newer = [{ ...stdio, colour: 'blue', sandbox: { network: false } }, http]
    store.db
      .prepare(`INSERT INTO settings (key, value_json, updated_at) VALUES ('mcpServers', ?, 0)`)
      .run(JSON.stringify(newer))
    const settings = readSettings(store)
    expect(settings.corrupt).toEqual([])
    expect(settings.values.mcpServers).toEqual(newer)
    expect(store.settings.set('mcpServers', settings.values.mcpServers)).toEqual({ ok: true })
    expect(readSettings(store).values.mcpServers).toEqual(newer)
  })

  it('a corrupt stored list falls back to [] and is reported, like any setting; the others are unaffected', () => {
    const { store } = open()
    store.settings.set('mcpServers', [stdio])
    store.settings.set('language', 'es')
    const damaged = JSON.stringify([{ ...stdio, env: { TOKEN: { value: 'leaked' } } }])
    store.db.prepare(`UPDATE settings SET value_json = ? WHERE key = 'mcpServers'`).run(damaged)
    const settings = readSettings(store)
    expect(settings.values.mcpServers).toEqual([])
    expect(settings.corrupt).toEqual(['mcpServers'])
    expect(settings.values.language).toBe('es')
    // The stored text stays for diagnosis until a valid write replaces it.
    expect(store.settings.get('mcpServers')).toMatchObject({
      ok: false,
      error: { kind: 'corrupt-setting', storedText: damaged },
    })
    expect(store.settings.set('mcpServers', [http])).toEqual({ ok: true })
    expect(readSettings(store).corrupt).toEqual([])
  })
})

describe('the consent fingerprint', () => {
  const base = mcpFingerprint(stdio)

  it('is SHA-256 hex, stable, and independent of key order', () => {
    expect(base).toMatch(/^[0-9a-f]{64}$/)
    expect(mcpFingerprint({ ...stdio })).toBe(base)
    const reordered = {
      env: stdio.env,
      cwd: stdio.cwd,
      args: stdio.args,
      command: stdio.command,
      transport: stdio.transport,
      name: stdio.name,
      id: stdio.id,
    } as McpServerConfig
    expect(mcpFingerprint(reordered)).toBe(base)
  })

  it.each([
    ['the command', { command: 'node' }],
    ['an argument', { args: ['-y', '@modelcontextprotocol/server-filesystem', '/'] }],
    ['how arguments split (a b vs a,b)', { args: ['-y @modelcontextprotocol/server-filesystem', '/tmp'] }],
    ['the working folder', { cwd: '/' }],
    ['no working folder', { cwd: undefined }],
    ['an env key added', { env: { TOKEN: { secret: true, set: true }, OTHER: { secret: true, set: false } } }],
    ['an env key renamed', { env: { TOKEN2: { secret: true, set: true } } }],
    ['the transport', { transport: 'sse', url: 'https://x.example' }],
  ] as const)('changes with %s', (_name, change) => {
    expect(mcpFingerprint({ ...stdio, ...change } as McpServerConfig)).not.toBe(base)
  })

  it('changes with the url and header keys of an http server', () => {
    const remote = mcpFingerprint(http)
    expect(mcpFingerprint({ ...http, url: 'https://mcp.example.com/other' })).not.toBe(remote)
    expect(mcpFingerprint({ ...http, headers: { 'X-Key': { secret: true, set: true } } })).not.toBe(remote)
    expect(mcpFingerprint({ ...http, headers: { Authorization: { secret: true, set: false } } })).toBe(remote)
  })

  it('follows the resolved command line when given (a different npx on PATH is a different program)', () => {
    const resolved = mcpFingerprint(stdio, ['/usr/local/bin/npx', ...stdio.args!])
    expect(resolved).not.toBe(base)
    expect(mcpFingerprint(stdio, ['/opt/homebrew/bin/npx', ...stdio.args!])).not.toBe(resolved)
  })

  it.each([
    ['the timeout', { timeoutMs: 120_000 }],
    ['trusting read-only hints', { trustReadOnlyHints: true }],
    ['disabling it', { disabled: true }],
    ['a tool toggle', { disabledTools: ['write_file'] }],
    ['the name', { name: 'my files' }],
    ['an env value being set or not', { env: { TOKEN: { secret: true, set: false } } }],
    ['unknown imported keys', { extra: { autoApprove: ['read_file'] } }],
    ['the consent itself', { consentedFingerprint: 'a'.repeat(64) }],
  ] as const)('does not change with %s', (_name, change) => {
    expect(mcpFingerprint({ ...stdio, ...change } as McpServerConfig)).toBe(base)
  })

  it('hasMcpConsent: only the current fingerprint counts', () => {
    expect(hasMcpConsent(stdio)).toBe(false)
    const consented = { ...stdio, consentedFingerprint: base }
    expect(hasMcpConsent(consented)).toBe(true)
    expect(hasMcpConsent({ ...consented, timeoutMs: 5000 })).toBe(true)
    expect(hasMcpConsent({ ...consented, args: ['-y', 'something-else'] })).toBe(false)
  })
})

describe('no secret value ever reaches the stored settings', () => {
  const envName = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,12}$/)
  const headerName = fc.stringMatching(/^X-[A-Za-z][A-Za-z0-9-]{0,12}$/)
  // Secrets start with `sv-` and use lower case, so none is a substring of a key or of Keel's own JSON.
  const secret = fc.stringMatching(/^sv-[a-z0-9]{8,40}$/)
  const placeholder = fc.constantFrom('${env:TOKEN}', '${input:token}', '${HOME}', 'Bearer ${env:X}')
  const value = fc.oneof({ weight: 4, arbitrary: secret }, { weight: 1, arbitrary: placeholder })
  const server = fc.oneof(
    fc.record({
      command: fc.constantFrom('npx', 'node', '/usr/bin/python3'),
      args: fc.array(fc.constantFrom('-y', 'server.js', '--verbose'), { maxLength: 3 }),
      env: fc.dictionary(envName, value, { maxKeys: 5 }),
    }),
    fc.record({
      url: fc.constantFrom('https://a.example/mcp', 'http://127.0.0.1:3000/mcp'),
      headers: fc.dictionary(headerName, value, { maxKeys: 5 }),
    }),
  )
  const config = fc.record({
    key: fc.constantFrom('mcpServers', 'servers'),
    servers: fc.dictionary(fc.stringMatching(/^[a-z]( ?[a-z0-9]){0,8}$/), server, { minKeys: 1, maxKeys: 4 }),
  })

  it('import → setting → database file: every value went to secrets, none is in SQLite', () => {
    const { store, path } = open()
    fc.assert(
      fc.property(config, ({ key, servers }) => {
        const result = parseMcpConfigJson(JSON.stringify({ [key]: servers }))
        if (!result.ok) throw new Error(result.error.message)
        const secrets = Object.values(servers)
          .flatMap((entry) => Object.values('env' in entry ? entry.env : entry.headers))
          .filter((v) => v.startsWith('sv-'))
        // Not vacuous: every secret given is handed over for the vault.
        const handedOver = result.servers.flatMap((s) => [
          ...Object.values(s.secrets.env),
          ...Object.values(s.secrets.headers),
        ])
        expect(new Set(handedOver)).toEqual(new Set(secrets))
        expect(
          store.settings.set(
            'mcpServers',
            result.servers.map((s) => s.config),
          ),
        ).toEqual({ ok: true })
        const storedJson = (
          store.db.prepare(`SELECT value_json FROM settings WHERE key = 'mcpServers'`).get() as { value_json: string }
        ).value_json
        for (const s of secrets) expect(storedJson).not.toContain(s)
        expect(mcpServerListSchema.safeParse(JSON.parse(storedJson)).success).toBe(true)
      }),
      { numRuns: 60 },
    )
    store.db.pragma('wal_checkpoint(TRUNCATE)')
    const onDisk = [path, `${path}-wal`]
      .filter(existsSync)
      .map((file) => readFileSync(file).toString('latin1'))
      .join('')
    expect(onDisk).toContain('"secret":true')
    expect(onDisk).not.toMatch(/sv-[a-z0-9]{8}/)
  })
})
