// The registry client against a real HTTP server on loopback serving the tests' own pages in the
// official registry's format, and the mapping of entries to servers Keel runs or connects to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mcpRegistryUrl, registryProblemText, searchMcpRegistry } from '../../../src/main/mcp/mcp-registry-client'
import type { McpRegistryOption, McpRegistryServerView } from '../../../src/shared/mcp-registry'
import { MCP_REGISTRY_DEFAULT_URL, MCP_REGISTRY_DESCRIPTION_MAX } from '../../../src/shared/mcp-registry'
import { fillMcpRegistryDraft } from '../../../src/shared/mcp-registry-fill'
import { startRegistryFixture, type RegistryFixture } from '../../support/mcp/registry-fixture-server'

let registry: RegistryFixture
beforeAll(async () => {
  registry = await startRegistryFixture()
})
afterAll(() => registry.close())

async function firstPage() {
  registry.mode = 'pages'
  const page = await searchMcpRegistry(registry.url, {})
  if (page.state !== 'found') throw new Error(`no page: ${JSON.stringify(page)}`)
  return page
}
const named = (servers: McpRegistryServerView[], name: string) => {
  const server = servers.find((s) => s.name === name)
  if (!server) throw new Error(`no ${name}`)
  return server
}
const usable = (option: McpRegistryOption | undefined) => {
  if (!option?.usable) throw new Error(`not usable: ${JSON.stringify(option)}`)
  return option
}

describe('mcp registry client', () => {
  it('asks v0.1/servers for the latest versions, with search, limit and cursor', async () => {
    registry.mode = 'pages'
    registry.requests.length = 0
    await searchMcpRegistry(registry.url, { search: ' weather ', limit: 5, cursor: 'abc' })
    expect(registry.requests).toEqual(['/v0.1/servers?search=weather&cursor=abc&limit=5&version=latest'])
  })

  it('reads every good entry, skips and counts the bad ones, and pages on with the cursor', async () => {
    const page = await firstPage()
    expect(page.servers.map((s) => s.name)).toEqual([
      'io.github.keel-tests/weather',
      'io.github.keel-tests/notes',
      'com.example/remote-tickets',
      'io.github.hostile/script',
      'io.github.keel-tests/nothing-to-run',
      'io.github.keel-tests/long-description',
    ])
    // No name, no version, not an object.
    expect(page.skipped).toBe(3)
    expect(page.nextCursor).toBe('cursor-page-2')
    const next = await searchMcpRegistry(registry.url, { cursor: page.nextCursor })
    expect(next).toMatchObject({ state: 'found', skipped: 0, servers: [{ name: 'io.github.keel-tests/calendar' }] })
    expect(next.state === 'found' && next.nextCursor).toBe(undefined)
  })

  it('searches by a substring of the name', async () => {
    const page = await searchMcpRegistry(registry.url, { search: 'tickets' })
    expect(page.state === 'found' && page.servers.map((s) => s.name)).toEqual(['com.example/remote-tickets'])
  })

  it('keeps hostile text as text, clips long descriptions and drops links that are not http(s)', async () => {
    const page = await firstPage()
    const hostile = named(page.servers, 'io.github.hostile/script')
    expect(hostile.title).toContain('<script>')
    expect(hostile.websiteUrl).toBeUndefined()
    expect(hostile.repositoryUrl).toBeUndefined()
    expect(hostile.status).toBe('deprecated')
    expect(usable(hostile.options[0]).draft.url).toBe('https://hostile.example.test/mcp')
    const long = named(page.servers, 'io.github.keel-tests/long-description')
    expect(long.description.length).toBe(MCP_REGISTRY_DESCRIPTION_MAX)
    const weather = named(page.servers, 'io.github.keel-tests/weather')
    expect(weather).toMatchObject({
      websiteUrl: 'https://weather.example.test/docs',
      repositoryUrl: 'https://github.com/keel-tests/weather',
      status: 'active',
      publishedAt: '2026-09-01T10:00:00Z',
    })
    // A remote at a javascript: URL is shown, and cannot be added.
    const tickets = named(page.servers, 'com.example/remote-tickets')
    expect(tickets.options[1]).toMatchObject({ usable: false, reason: { code: 'url-not-http' } })
  })

  it.each([
    ['http-500', { code: 'http-status', status: 500 }],
    ['not-json', { code: 'not-json' }],
    ['not-registry', { code: 'not-registry' }],
  ] as const)('says why a page could not be read: %s', async (mode, problem) => {
    registry.mode = mode
    expect(await searchMcpRegistry(registry.url, {})).toEqual({ state: 'failed', registryUrl: registry.url, problem })
  })

  it('stops reading past the size cap', async () => {
    registry.mode = 'too-large'
    const page = await searchMcpRegistry(registry.url, {}, { maxBytes: 1024 * 1024 })
    expect(page).toMatchObject({ state: 'failed', problem: { code: 'too-large', maxBytes: 1024 * 1024 } })
  })

  it('gives up on a registry that does not answer, and on one that is not there', async () => {
    registry.mode = 'silent'
    expect(await searchMcpRegistry(registry.url, {}, { timeoutMs: 300 })).toMatchObject({
      problem: { code: 'timeout', seconds: 1 },
    })
    expect(await searchMcpRegistry('http://127.0.0.1:9', {})).toMatchObject({ problem: { code: 'unreachable' } })
    expect(registryProblemText({ code: 'http-status', status: 503 })).toBe('The MCP registry answered with HTTP 503.')
  })

  it('asks the environment’s registry, else the setting’s, else the official one (http(s) only)', () => {
    expect(mcpRegistryUrl({ KEEL_MCP_REGISTRY_URL: 'http://127.0.0.1:5/' }, 'https://corp.test')).toBe(
      'http://127.0.0.1:5',
    )
    expect(mcpRegistryUrl({}, 'https://corp.test/registry/')).toBe('https://corp.test/registry')
    expect(mcpRegistryUrl({ KEEL_MCP_REGISTRY_URL: 'file:///etc' }, null)).toBe(MCP_REGISTRY_DEFAULT_URL)
  })
})

describe('mcp registry entries as Keel servers', () => {
  it('runs an npm package with npx at its version, with its arguments and the values it needs', async () => {
    const option = usable(named((await firstPage()).servers, 'io.github.keel-tests/weather').options[0])
    expect(option.draft).toMatchObject({ name: 'io.github.keel-tests/weather', transport: 'stdio', command: 'npx' })
    const filled = fillMcpRegistryDraft(option.draft, {})
    expect(filled).toEqual({
      ok: true,
      request: {
        name: 'io.github.keel-tests/weather',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@keel-tests/weather-mcp@1.4.2', '--units=metric'],
        // The secret waits for the consent screen (null: missing); a default is a value; an optional one without is left out.
        env: { WEATHER_API_KEY: null, WEATHER_LANG: 'en' },
      },
    })
    expect(option.draft.values.find((v) => v.key === 'WEATHER_API_KEY')).toMatchObject({ secret: true })
  })

  it('runs a pypi package with uvx and an oci image with docker; others are shown with the reason', async () => {
    const notes = named((await firstPage()).servers, 'io.github.keel-tests/notes')
    const pypi = usable(notes.options[0])
    expect(pypi.draft.inputs).toEqual([
      { name: 'notes_dir', description: 'Folder of notes', default: '', required: true, where: 'argument' },
    ])
    expect(fillMcpRegistryDraft(pypi.draft, {})).toEqual({
      ok: false,
      problem: { code: 'input-required', input: 'notes_dir' },
    })
    expect(fillMcpRegistryDraft(pypi.draft, { notes_dir: '/home/me/notes dir' })).toMatchObject({
      request: { command: 'uvx', args: ['keel-notes-mcp==0.3.0', '/home/me/notes dir'], env: {} },
    })
    expect(fillMcpRegistryDraft(usable(notes.options[1]).draft, {})).toMatchObject({
      request: {
        command: 'docker',
        args: ['run', '-i', '--rm', '-e', 'NOTES_TOKEN', 'ghcr.io/keel-tests/notes:0.3.0'],
        env: { NOTES_TOKEN: null },
      },
    })
    expect(notes.options.slice(2)).toMatchObject([
      { usable: false, reason: { code: 'registry-type', registryType: 'nuget' } },
      { usable: false, reason: { code: 'package-transport', transport: 'streamable-http' } },
    ])
    // The package with no identifier was dropped on its own; the entry stayed.
    expect(notes.options).toHaveLength(4)
  })

  it('connects to a remote, with its URL variables filled by the user and its secret header asked', async () => {
    const tickets = named((await firstPage()).servers, 'com.example/remote-tickets')
    const remote = usable(tickets.options[0])
    expect(remote.draft.inputs).toMatchObject([{ name: 'tenant', description: "Your team's name", where: 'url' }])
    expect(fillMcpRegistryDraft(remote.draft, { tenant: 'acme' })).toEqual({
      ok: true,
      request: {
        name: 'com.example/remote-tickets',
        transport: 'http',
        url: 'https://acme.tickets.example.test/mcp',
        headers: { Authorization: null },
      },
    })
    // A value cannot change the URL's shape.
    expect(fillMcpRegistryDraft(remote.draft, { tenant: 'evil.test/x?' })).toMatchObject({ ok: false })
    expect(fillMcpRegistryDraft(remote.draft, {})).toMatchObject({ ok: false, problem: { code: 'input-required' } })
  })

  it('shows an entry with no way to run it, which cannot be added', async () => {
    const none = named((await firstPage()).servers, 'io.github.keel-tests/nothing-to-run')
    expect(none.options).toEqual([{ usable: false, label: none.name, transport: '', reason: { code: 'no-way' } }])
  })
})
