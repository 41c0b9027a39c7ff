// MCP resources and prompts through the whole core: the reference `everything` server (stdio) and
// a hand-written one, imported and agreed to like any server; read into files for the composer,
// sent with `turns.start` to the simulated provider; a server's own token never comes out.
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_OPTIONS, referenceServer } from '../../support/mcp/mcp-test-servers'
import { isRunEnd, startAppWorld, type AppWorld, type TestClient } from './app-helpers'

const RESOURCES_SERVER = resolve(__dirname, '../../support/mcp/resources-server.mjs')
const TOKEN = 'tok-resources-0123456789'

let world: AppWorld
let client: TestClient

beforeAll(async () => {
  world = await startAppWorld({ mcp: { connection: TEST_OPTIONS } })
  client = world.client('window')
  const config = JSON.stringify({
    mcpServers: {
      everything: { command: process.execPath, args: [referenceServer('everything'), 'stdio'] },
      notes: { command: process.execPath, args: [RESOURCES_SERVER], env: { MCP_TEST_TOKEN: TOKEN } },
    },
  })
  await client.value('mcp.import', { text: config })
  for (const view of await client.value('mcp.list', {}))
    await client.value('mcp.consent', { serverId: view.config.id, fingerprint: view.fingerprint })
  const deadline = Date.now() + 30_000
  while (!(await client.value('mcp.list', {})).every((view) => view.status.state === 'ready')) {
    if (Date.now() > deadline)
      throw new Error(
        `servers not ready: ${JSON.stringify((await client.value('mcp.list', {})).map((view) => view.status))}`,
      )
    await new Promise((done) => setTimeout(done, 25))
  }
}, 60_000)

afterAll(async () => {
  await world?.close()
})

describe('mcp.resources, mcp.readResource, mcp.prompts, mcp.getPrompt', () => {
  it('lists, reads into files, gets a prompt as text, and the message reaches the provider with them', async () => {
    const listed = await client.value('mcp.resources', { serverId: 'everything' })
    expect(listed.subscribe).toBe(true)
    const doc = listed.resources.items.find((resource) => resource.name === 'instructions.md')!
    expect(listed.templates.items.map((template) => template.arguments)).toEqual([['resourceId'], ['resourceId']])

    const read = await client.value('mcp.readResource', { serverId: 'everything', uri: doc.uri, name: doc.name })
    expect(read.attachments).toMatchObject([{ name: 'instructions.md', mimeType: 'text/markdown' }])
    expect(read.omitted).toEqual([])
    // A template filled in; its blob is UTF-8 text labelled text/plain: a text file.
    const made = await client.value('mcp.readResource', {
      serverId: 'everything',
      uriTemplate: 'demo://resource/dynamic/blob/{resourceId}',
      arguments: { resourceId: '3' },
    })
    expect(made).toMatchObject({
      uri: 'demo://resource/dynamic/blob/3',
      attachments: [{ name: '3', mimeType: 'text/plain' }],
    })

    const prompts = await client.value('mcp.prompts', { serverId: 'everything' })
    expect(prompts.prompts.items.find((prompt) => prompt.name === 'args-prompt')?.arguments).toHaveLength(2)
    const prompt = await client.value('mcp.getPrompt', {
      serverId: 'everything',
      name: 'args-prompt',
      arguments: { city: 'Lisbon' },
    })
    expect(prompt).toMatchObject({ text: "What's weather in Lisbon?", attachments: [], omitted: [] })

    world.server.enqueue({ type: 'turn', text: 'Sunny.' })
    const { runId } = await client.value('turns.start', {
      text: prompt.text,
      attachments: [...read.attachments, ...made.attachments],
    })
    while (!client.events(runId).some(isRunEnd)) await new Promise((done) => setTimeout(done, 10))
    await world.service.whenIdle()
    const sent = JSON.stringify(world.server.requests.at(-1)!.body)
    expect(sent).toContain("What's weather in Lisbon?")
    expect(sent).toContain('File: instructions.md')
    expect(sent).toContain('Resource 3: This is a base64 blob')
  })

  it('a binary resource is named, not sent; an image is an image', async () => {
    const pdf = await client.value('mcp.readResource', { serverId: 'notes', uri: 'test://notes/report.pdf' })
    expect(pdf).toMatchObject({ attachments: [], omitted: [{ name: 'report.pdf', reason: 'binary' }] })
    const png = await client.value('mcp.readResource', { serverId: 'notes', uri: 'test://notes/pixel.png' })
    expect(png.attachments).toMatchObject([{ name: 'pixel.png', mimeType: 'image/png' }])
  })

  it("the server's own token is scrubbed from what it sends", async () => {
    const read = await client.value('mcp.readResource', { serverId: 'notes', uri: 'test://env/token' })
    const text = Buffer.from(read.attachments[0]!.dataBase64, 'base64').toString()
    expect(text).toBe('token is [redacted]')
  })

  it('failures are errors as data: missing argument, unsupported, unknown server', async () => {
    const missing = await client.call('mcp.getPrompt', { serverId: 'everything', name: 'args-prompt' })
    expect(missing).toMatchObject({
      ok: false,
      error: { kind: 'validation', message: expect.stringContaining('city') },
    })
    const template = await client.call('mcp.readResource', {
      serverId: 'everything',
      uriTemplate: 'demo://resource/dynamic/blob/{resourceId}',
    })
    expect(template).toMatchObject({ ok: false, error: { kind: 'validation' } })
    const gone = await client.call('mcp.readResource', {
      serverId: 'everything',
      uri: 'demo://resource/dynamic/text/0',
    })
    expect(gone).toMatchObject({ ok: false, error: { kind: 'provider', message: expect.stringContaining('Unknown') } })
    expect(await client.call('mcp.prompts', { serverId: 'nobody' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    })
  })

  it('mcp.complete: the server suggestions, or a validation error where it offers none', async () => {
    const suggested = await client.value('mcp.complete', {
      serverId: 'everything',
      ref: { type: 'prompt', name: 'completable-prompt' },
      argument: { name: 'name', value: 'A' },
      context: { department: 'Engineering' },
    })
    expect(suggested).toEqual({ values: ['Alice'], total: 1, hasMore: false })
    const refused = await client.call('mcp.complete', {
      serverId: 'notes',
      ref: { type: 'prompt', name: 'summarise' },
      argument: { name: 'topic', value: '' },
    })
    expect(refused).toMatchObject({ ok: false, error: { kind: 'validation' } })
  })
})
