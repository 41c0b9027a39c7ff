// Linux without an OS keyring: MCP values, like keys, are kept only with the user's opt-in to
// plain-text storage — without it an import keeps nothing and says why; with it they are kept.
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryKeyVault, type KeyVault } from '../../../src/main/secrets/key-vault'
import { startAppWorld, type AppWorld } from './app-helpers'

/** A vault like the safe-storage one on a machine without a keyring: refuses unless the user opted in. */
function noKeyringVault(): KeyVault {
  const memory = createMemoryKeyVault()
  return {
    ...memory,
    storage: 'plain-text-opt-in',
    async set(id, value, options) {
      if (!options?.allowPlainTextStorage)
        return {
          ok: false,
          reason: 'plain-text-not-allowed',
          message: 'This system has no OS keyring; confirm plain-text storage to save it.',
        }
      return memory.set(id, value, options)
    },
  }
}

const CONFIG = JSON.stringify({
  mcpServers: { notes: { command: 'notes-server', env: { NOTES_TOKEN: 'tok-0123456789abcdef' } } },
})

describe('MCP values where there is no OS keyring', () => {
  let world: AppWorld
  afterEach(async () => {
    await world.close()
  })

  it('an import without the opt-in keeps nothing and says why; with it the server and its value are kept', async () => {
    world = await startAppWorld({ vault: noKeyringVault() })
    const client = world.client('window')
    const refused = await client.value('mcp.import', { text: CONFIG })
    expect(refused.added).toEqual([])
    expect(refused.skipped).toEqual([{ name: 'notes', reason: expect.stringContaining('no OS keyring') }])
    expect(await client.value('mcp.list', {})).toEqual([])

    const kept = await client.value('mcp.import', { text: CONFIG, allowPlainTextStorage: true })
    expect(kept.added).toEqual(['notes'])
    const [view] = await client.value('mcp.list', {})
    expect(view).toMatchObject({
      envKeys: ['NOTES_TOKEN'],
      missingValues: [],
      config: { env: { NOTES_TOKEN: { secret: true, set: true } } },
    })
    // Setting one value later follows the same rule.
    const secret = await client.call('mcp.secret', {
      serverId: 'notes',
      where: 'env',
      key: 'NOTES_TOKEN',
      value: 'tok-new-0123456789',
    })
    expect(secret.ok ? undefined : secret.error.detail).toEqual({ code: 'plain-text-key-refused' })
    expect(
      (
        await client.call('mcp.secret', {
          serverId: 'notes',
          where: 'env',
          key: 'NOTES_TOKEN',
          value: 'tok-new-0123456789',
          allowPlainTextStorage: true,
        })
      ).ok,
    ).toBe(true)
  })
})
