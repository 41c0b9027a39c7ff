// MCP servers' env values and headers in the key vault, and in the redaction set: a server that
// echoes its own token (in an error or a result) never gets it into a run event, a command result or
// the database.
import { existsSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMemoryKeyVault } from '../../../src/main/secrets/key-vault'
import { ProviderKeys } from '../../../src/main/secrets/provider-keys'
import { McpSecrets, mcpSecretId, parseMcpSecretId } from '../../../src/main/mcp/mcp-secrets'
import type { ToolSource } from '../../../src/main/tools/tool'
import { zodToolSchema } from '../../../src/main/tools/zod-tool-schema'
import type { McpServerConfig } from '../../../src/shared/mcp'
import { isRunEnd, startAppWorld, type AppWorld } from '../app/app-helpers'

describe('McpSecrets', () => {
  it('keeps each value under mcp:<server>:<where>:<key>; lists keys, never values; removes a whole server', async () => {
    const vault = createMemoryKeyVault()
    await vault.set('anthropic', 'sk-ant-provider-key-0001')
    const secrets = new McpSecrets(vault)
    expect(
      await secrets.setAll('files', { env: { TOKEN: 'tok-1234567890', 'A:B': 'colon-key' }, headers: {} }),
    ).toEqual({ ok: true })
    expect(await secrets.set('remote', 'headers', 'Authorization', 'Bearer abcdefgh')).toEqual({ ok: true })
    expect(vault.get(mcpSecretId('files', 'env', 'TOKEN'))).toBe('tok-1234567890')
    expect(vault.ids().sort()).toEqual([
      'anthropic',
      'mcp:files:env:A:B',
      'mcp:files:env:TOKEN',
      'mcp:remote:headers:Authorization',
    ])
    expect(parseMcpSecretId('mcp:files:env:A:B')).toEqual({ serverId: 'files', where: 'env', key: 'A:B' })
    expect(parseMcpSecretId('anthropic')).toBeUndefined()
    expect(secrets.list('files')).toEqual([
      { where: 'env', key: 'A:B' },
      { where: 'env', key: 'TOKEN' },
    ])
    expect(await secrets.removeServer('files')).toEqual({ ok: true })
    expect(secrets.list('files')).toEqual([])
    expect(vault.ids().sort()).toEqual(['anthropic', 'mcp:remote:headers:Authorization'])
  })

  it('resolve: the values a server runs with, and what is missing (placeholders, never entered); withVaultState and pruneTo follow the vault', async () => {
    const secrets = new McpSecrets(createMemoryKeyVault())
    const config: McpServerConfig = {
      id: 'gh',
      name: 'gh',
      transport: 'stdio',
      command: 'gh-mcp',
      env: {
        GITHUB_TOKEN: { secret: true, set: false, placeholder: '${env:GITHUB_TOKEN}' },
        LOG: { secret: true, set: true },
        GONE: { secret: true, set: true },
      },
    }
    await secrets.set('gh', 'env', 'LOG', 'debug')
    await secrets.set('gh', 'env', 'STALE', 'old-value')
    expect(secrets.resolve(config)).toEqual({
      values: { env: { LOG: 'debug' }, headers: {} },
      missing: [
        { where: 'env', key: 'GITHUB_TOKEN', placeholder: '${env:GITHUB_TOKEN}' },
        { where: 'env', key: 'GONE' },
      ],
    })
    expect(secrets.withVaultState(config).env).toEqual({
      GITHUB_TOKEN: { secret: true, set: false, placeholder: '${env:GITHUB_TOKEN}' },
      LOG: { secret: true, set: true },
      GONE: { secret: true, set: false },
    })
    expect(await secrets.pruneTo(config)).toEqual({ ok: true })
    expect(secrets.list('gh')).toEqual([{ where: 'env', key: 'LOG' }])
  })
})

describe('the redaction set', () => {
  it('ProviderKeys.all holds every MCP secret in the vault and the session secrets of --mcp-config servers (short values are not scrubbed)', async () => {
    const vault = createMemoryKeyVault()
    const keys = new ProviderKeys({ OPENAI_API_KEY: 'sk-env-openai-key-1' }, vault)
    await new McpSecrets(vault).setAll('s', {
      env: { TOKEN: 'mcp-token-abcdefgh', DEBUG: '1' },
      headers: { 'X-Key': 'header-secret-xyz' },
    })
    keys.addSessionSecrets(['file-secret-12345', 'short'])
    expect(keys.all().sort()).toEqual([
      'file-secret-12345',
      'header-secret-xyz',
      'mcp-token-abcdefgh',
      'sk-env-openai-key-1',
    ])
  })

  let world: AppWorld | undefined
  afterEach(async () => {
    await world?.close()
    world = undefined
  })

  it('a server echoing its token in a tool error or result: redacted from run events, command results and the database', async () => {
    const TOKEN = 'ghp_McpServerToken0123456789abcdef'
    const vault = createMemoryKeyVault()
    await new McpSecrets(vault).set('github', 'env', 'GITHUB_TOKEN', TOKEN)
    const echoing: ToolSource = {
      id: 'mcp:github',
      list: () => [
        {
          name: 'mcp__github__whoami',
          title: 'Who am I',
          description: 'Says who the token belongs to.',
          effect: 'none',
          source: 'mcp:github',
          schema: zodToolSchema('mcp__github__whoami', z.strictObject({})),
          call: async () => ({
            ok: false,
            failure: { kind: 'external', message: `401 Bad credentials for token ${TOKEN}`, retryable: false },
          }),
        },
        {
          name: 'mcp__github__debug',
          title: 'Debug',
          description: 'Shows the server environment.',
          effect: 'none',
          source: 'mcp:github',
          schema: zodToolSchema('mcp__github__debug', z.strictObject({})),
          call: async () => ({ ok: true, output: { env: { GITHUB_TOKEN: TOKEN }, note: `using ${TOKEN}` } }),
        },
      ],
    }
    world = await startAppWorld({ vault, toolSources: [echoing] })
    world.server.enqueue(
      {
        type: 'turn',
        toolCalls: [
          { name: 'mcp__github__whoami', arguments: {} },
          { name: 'mcp__github__debug', arguments: {} },
        ],
      },
      { type: 'turn', text: 'Done.' },
    )
    const client = world.client('a')
    await client.value('turns.start', { text: 'who am I on GitHub?' })
    const end = await client.waitFor(isRunEnd)
    expect(end).toMatchObject({ status: 'completed' })
    const { conversationId } = end as { conversationId: string }
    await world.service.whenIdle()
    await client.value('conversations.open', { conversationId })

    // The tools really ran and their output really reached the events (so a clean channel is not an empty one).
    const sent = client.sent.join('\n')
    expect(sent).toContain('401 Bad credentials for token [redacted]')
    expect(sent).toContain('using [redacted]')
    expect(sent).not.toContain(TOKEN)
    world.store.db.pragma('wal_checkpoint(TRUNCATE)')
    const onDisk = [world.dbPath, `${world.dbPath}-wal`].filter(existsSync).map((file) => readFileSync(file))
    expect(onDisk.some((bytes) => bytes.includes('401 Bad credentials for token [redacted]'))).toBe(true)
    expect(onDisk.some((bytes) => bytes.includes(TOKEN))).toBe(false)
  })
})
