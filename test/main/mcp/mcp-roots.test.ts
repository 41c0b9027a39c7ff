// Roots: the folders the user allowed a server. Their stored form (the mcpServers setting in a real
// SQLite file), the core's check of a new list, and the wire: the reference `everything` server asks
// for them (roots/list) and is told when they change (notifications/roots/list_changed).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { McpConnection } from '../../../src/main/mcp/mcp-connection'
import { checkMcpRoots, mcpRootsForWire } from '../../../src/main/mcp/mcp-roots'
import { readSettings } from '../../../src/main/settings/read-settings'
import type { McpServerConfig } from '../../../src/shared/mcp'
import { mcpRootProblem } from '../../../src/shared/mcp-roots'
import { mcpRootsSchema } from '../../../src/shared/mcp-server-schema'
import { useTempStores } from '../db/store-fixtures'
import { referenceServer, stdioSpec, tempDir, TEST_OPTIONS } from '../../support/mcp/mcp-test-servers'

const { open, tempDir: storeDir } = useTempStores()

const server: McpServerConfig = {
  id: 'files',
  name: 'files',
  transport: 'stdio',
  command: 'node',
  args: ['server.js'],
}

describe('the stored roots', () => {
  it('are none by default; a list round-trips through the store, and an older list without them still reads', () => {
    const { store, reopen } = open()
    expect(store.settings.set('mcpServers', [server])).toEqual({ ok: true })
    expect(readSettings(store).values.mcpServers).toEqual([server])
    const withRoots = { ...server, roots: ['/home/u/work', '/srv/data'] }
    expect(store.settings.set('mcpServers', [withRoots])).toEqual({ ok: true })
    expect(readSettings(reopen()).values.mcpServers).toEqual([withRoots])
  })

  it.each([
    ['a relative folder', ['work']],
    ['a duplicate', ['/home/u/work', '/home/u/work/']],
    ['a NUL', ['/home/u\u0000/x']],
    ['an empty one', ['']],
  ])('refuse %s', (_why, roots) => {
    const { store } = open()
    expect(store.settings.set('mcpServers', [{ ...server, roots }])).toMatchObject({
      ok: false,
      error: { kind: 'invalid-setting' },
    })
    expect(mcpRootsSchema.safeParse(roots).success).toBe(false)
  })

  it('know POSIX and Windows absolute paths', () => {
    expect(mcpRootProblem('/')).toBeUndefined()
    expect(mcpRootProblem('C:\\work')).toBeUndefined()
    expect(mcpRootProblem('\\\\server\\share')).toBeUndefined()
    expect(mcpRootProblem('~/work')).toBe('not-absolute')
    expect(mcpRootProblem('./work')).toBe('not-absolute')
  })
})

describe('checking a new list', () => {
  it('accepts existing folders, normalized; refuses missing new ones and duplicates; keeps a vanished old one', () => {
    const base = storeDir()
    const a = join(base, 'a')
    mkdirSync(a)
    expect(checkMcpRoots([`${a}/./`])).toEqual({ ok: true, roots: [a] })
    expect(checkMcpRoots([a, `${a}/`])).toMatchObject({ ok: false, message: expect.stringContaining('twice') })
    const gone = join(base, 'gone')
    expect(checkMcpRoots([gone])).toMatchObject({ ok: false, message: expect.stringContaining('no folder') })
    expect(checkMcpRoots([a, gone], [gone])).toEqual({ ok: true, roots: [a, gone] })
    expect(checkMcpRoots(['relative'])).toMatchObject({ ok: false })
    writeFileSync(join(base, 'file'), '')
    expect(checkMcpRoots([join(base, 'file')])).toMatchObject({
      ok: false,
      message: expect.stringContaining('no folder'),
    })
  })

  it('sends each folder as a file:// URI named after its last part', () => {
    expect(mcpRootsForWire(['/home/u/my work'])).toEqual([
      { uri: pathToFileURL('/home/u/my work').href, name: 'my work' },
    ])
    expect(mcpRootsForWire(['/home/u/my work'])[0]?.uri).toBe('file:///home/u/my%20work')
  })
})

describe('the everything server', () => {
  const connections: McpConnection[] = []
  const dirs: Array<{ remove: () => void }> = []
  afterEach(async () => {
    await Promise.all(connections.splice(0).map((connection) => connection.close()))
    for (const dir of dirs.splice(0)) dir.remove()
  })
  const call = () => ({ signal: new AbortController().signal })
  const rootsText = async (connection: McpConnection) => {
    const outcome = await connection.callTool('get-roots-list', {}, call())
    if (outcome.kind !== 'result') throw new Error(`call failed: ${JSON.stringify(outcome)}`)
    return outcome.result.content.map((part) => String(part.text ?? '')).join('\n')
  }

  it('asks for the roots the user allowed and hears when they change, on the same process', async () => {
    const dir = tempDir()
    dirs.push(dir)
    const first = join(dir.path, 'first')
    const second = join(dir.path, 'second folder')
    mkdirSync(first)
    mkdirSync(second)
    const connection = new McpConnection(stdioSpec([referenceServer('everything')], { roots: [first] }), TEST_OPTIONS)
    connections.push(connection)
    await connection.start()
    expect(connection.status()).toMatchObject({ state: 'ready' })
    // It registers its roots tool only for a client that declared roots.
    expect((await connection.listTools()).map((tool) => tool.name)).toContain('get-roots-list')
    const before = await rootsText(connection)
    expect(before).toContain(pathToFileURL(first).href)
    expect(before).not.toContain(pathToFileURL(second).href)

    connection.setRoots([first, second])
    await expect
      .poll(() => rootsText(connection), { timeout: 20_000, interval: 100 })
      .toContain(pathToFileURL(second).href)
    expect(connection.status()).toMatchObject({ state: 'ready' })
  }, 60_000)

  it('is not told Keel has roots when the user allowed none', async () => {
    const connection = new McpConnection(stdioSpec([referenceServer('everything')]), TEST_OPTIONS)
    connections.push(connection)
    await connection.start()
    expect((await connection.listTools()).map((tool) => tool.name)).not.toContain('get-roots-list')
    // Nothing to tell, and nothing breaks.
    connection.setRoots(['/tmp'])
    expect(connection.status()).toMatchObject({ state: 'ready' })
  }, 60_000)

  it('sends its instructions in initialize; Keel keeps them while it is ready', async () => {
    const connection = new McpConnection(stdioSpec([referenceServer('everything')]), TEST_OPTIONS)
    connections.push(connection)
    expect(connection.instructions()).toBeUndefined()
    await connection.start()
    expect(connection.instructions()).toEqual(expect.stringMatching(/\S/))
    await connection.close()
    expect(connection.instructions()).toBeUndefined()
  }, 60_000)
})
