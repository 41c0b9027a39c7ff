// `mcp.registrySearch` through the real app service: the registry the setting names (an enterprise's
// own, here a loopback stand-in), and a server added from it waiting for consent like any other.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { CommandName } from '../../../src/shared/ipc/channels'
import type { McpRegistrySearchResponse } from '../../../src/shared/mcp-registry'
import type { McpServerView } from '../../../src/shared/mcp'
import { fillMcpRegistryDraft } from '../../../src/shared/mcp-registry-fill'
import { startRegistryFixture, type RegistryFixture } from '../../support/mcp/registry-fixture-server'
import { startAppWorld, type AppWorld } from './app-helpers'

let registry: RegistryFixture
let world: AppWorld
beforeAll(async () => {
  registry = await startRegistryFixture()
  // No registry from the environment: the setting decides.
  world = await startAppWorld({ env: { KEEL_MCP_REGISTRY_URL: '' } })
})
afterAll(async () => {
  await world.close()
  await registry.close()
})

const call = async <T>(command: CommandName, payload: unknown): Promise<T> => {
  const result = await world.service.handle(command, payload, { clientId: 'window' })
  if (!result.ok) throw new Error(result.error.message)
  return result.value as T
}

it('searches the registry the setting names, and the server added from it waits for consent', async () => {
  await call('settings.update', { mcpRegistryUrl: registry.url })
  const page = await call<McpRegistrySearchResponse>('mcp.registrySearch', { search: 'weather' })
  expect(page).toMatchObject({
    state: 'found',
    registryUrl: registry.url,
    servers: [{ name: 'io.github.keel-tests/weather' }],
  })
  const option = page.state === 'found' ? page.servers[0]?.options[0] : undefined
  if (!option?.usable) throw new Error('weather has a package Keel runs')
  const filled = fillMcpRegistryDraft(option.draft, {})
  if (!filled.ok) throw new Error('nothing to fill')
  const view = await call<McpServerView>('mcp.save', filled.request)
  expect(view.needsConsent).toBe(true)
  // The exact command (the consent screen resolves `npx` to the file that runs).
  expect(view.commandLine).toMatch(/(^|\/)npx -y @keel-tests\/weather-mcp@1\.4\.2 --units=metric$/)
  // The secret is asked on the consent screen; nothing ran.
  expect(view.missingValues).toMatchObject([{ where: 'env', key: 'WEATHER_API_KEY' }])
  expect(view.status.state).toBe('needs-consent')
})

it('is a read: it is answered with the pages the registry gives, and refuses what is not http(s)', async () => {
  const refused = await world.service.handle(
    'settings.update',
    { mcpRegistryUrl: 'file:///etc' },
    { clientId: 'window' },
  )
  expect(refused.ok).toBe(false)
  await call('settings.update', { mcpRegistryUrl: null })
  await call('settings.update', { mcpRegistryUrl: registry.url })
  const page = await call<McpRegistrySearchResponse>('mcp.registrySearch', { cursor: 'cursor-page-2' })
  expect(page.state === 'found' && page.servers.map((s) => s.name)).toEqual(['io.github.keel-tests/calendar'])
})
