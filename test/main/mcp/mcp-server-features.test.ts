// Resources and prompts through real servers: the reference `everything` server over stdio and
// Streamable HTTP on 127.0.0.1, and a hand-written one for pages, malformed entries and cursors
// that never end.
import { resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { McpConnection } from '../../../src/main/mcp/mcp-connection'
import type { McpLaunchSpec } from '../../../src/main/mcp/mcp-connection-port'
import {
  expandTemplate,
  getPrompt,
  listPrompts,
  listResources,
  listResourceTemplates,
  readResource,
  subscribeResource,
  type McpRequester,
} from '../../../src/main/mcp/mcp-server-features'
import { MCP_MAX_LIST_PAGES } from '../../../src/shared/mcp-server-features'
import {
  eventually,
  MISBEHAVING_SERVER,
  referenceServer,
  startEverythingHttp,
  stdioSpec,
  TEST_OPTIONS,
} from '../../support/mcp/mcp-test-servers'

const RESOURCES_SERVER = resolve(__dirname, '../../support/mcp/resources-server.mjs')

const open: McpConnection[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()))
})

async function started(spec: McpLaunchSpec): Promise<{ connection: McpConnection; requester: McpRequester }> {
  const connection = new McpConnection(spec, TEST_OPTIONS)
  open.push(connection)
  expect(connection.requester()).toBeUndefined()
  await connection.start()
  expect(connection.status().state).toBe('ready')
  const requester = connection.requester()
  if (!requester) throw new Error('not ready')
  return { connection, requester }
}

async function ready(spec: McpLaunchSpec): Promise<McpRequester> {
  return (await started(spec)).requester
}

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error))
  return result.value
}

/** What every transport of server-everything must do the same way. */
async function exerciseEverything({ connection, requester }: { connection: McpConnection; requester: McpRequester }) {
  const resources = value(await listResources(requester))
  expect(resources.dropped).toBe(0)
  const doc = resources.items.find((resource) => resource.uri.endsWith('/instructions.md'))
  expect(doc).toMatchObject({ name: 'instructions.md', mimeType: 'text/markdown' })

  const read = value(await readResource(requester, doc!.uri))
  expect(read.items).toHaveLength(1)
  expect(read.items[0]).toMatchObject({ uri: doc!.uri, mimeType: 'text/markdown', text: expect.any(String) })

  const templates = value(await listResourceTemplates(requester))
  const blobTemplate = templates.items.find((template) => template.uriTemplate.includes('/blob/'))
  expect(blobTemplate).toMatchObject({ name: 'Dynamic Blob Resource', arguments: ['resourceId'] })
  expect(expandTemplate(blobTemplate!.uriTemplate, {})).toMatchObject({
    ok: false,
    error: { code: 'mcp-invalid-arguments', missing: ['resourceId'] },
  })
  const uri = value(expandTemplate(blobTemplate!.uriTemplate, { resourceId: '3' }))
  expect(uri).toBe('demo://resource/dynamic/blob/3')
  const blob = value(await readResource(requester, uri)).items[0]
  expect(blob && 'blob' in blob && Buffer.from(blob.blob, 'base64').toString()).toMatch(/^Resource 3: /)

  // A resource the server does not have: its error, as data.
  expect(await readResource(requester, 'demo://resource/dynamic/text/0')).toMatchObject({
    ok: false,
    error: { code: 'mcp-server-error', message: expect.stringContaining('Unknown resource') },
  })

  const prompts = value(await listPrompts(requester))
  expect(prompts.items.map((prompt) => prompt.name)).toEqual(
    expect.arrayContaining(['simple-prompt', 'args-prompt', 'resource-prompt']),
  )
  expect(prompts.items.find((prompt) => prompt.name === 'args-prompt')?.arguments).toEqual([
    { name: 'city', description: 'Name of the city', required: true },
    // The server's optional argument loses its description on the way (its zod `.optional()`).
    { name: 'state', required: false },
  ])
  expect(value(await getPrompt(requester, 'args-prompt', { city: 'Lisbon' })).messages).toEqual({
    items: [{ role: 'user', content: { type: 'text', text: "What's weather in Lisbon?" } }],
    dropped: 0,
  })
  // Refused before anything is sent: a required argument missing, or one the prompt does not take.
  expect(await getPrompt(requester, 'args-prompt', {})).toMatchObject({
    ok: false,
    error: { code: 'mcp-invalid-arguments', missing: ['city'] },
  })
  expect(await getPrompt(requester, 'args-prompt', { city: 'Porto', ctiy: 'x' })).toMatchObject({
    ok: false,
    error: { code: 'mcp-invalid-arguments' },
  })
  const embedded = value(await getPrompt(requester, 'resource-prompt', { resourceType: 'Text', resourceId: '2' }))
  expect(embedded.messages.items[1]).toMatchObject({
    role: 'user',
    content: { type: 'resource', resource: { uri: 'demo://resource/dynamic/text/2', text: expect.any(String) } },
  })

  // Subscribed, it says when the resource changes (its simulated updates start with a tool).
  expect(requester.capabilities.resources?.subscribe).toBe(true)
  const updated: string[] = []
  connection.onResourceUpdated((uri) => updated.push(uri))
  expect(await subscribeResource(requester, doc!.uri, true)).toEqual({ ok: true, value: true })
  const toggle = () => connection.callTool('toggle-subscriber-updates', {}, { signal: new AbortController().signal })
  expect(await toggle()).toMatchObject({ kind: 'result' })
  await eventually(() => updated.includes(doc!.uri))
  expect(await toggle()).toMatchObject({ kind: 'result' })
  expect(await subscribeResource(requester, doc!.uri, false)).toEqual({ ok: true, value: true })
}

describe('resources and prompts of server-everything', () => {
  let http: Awaited<ReturnType<typeof startEverythingHttp>>
  beforeAll(async () => {
    http = await startEverythingHttp('streamableHttp')
  })
  afterAll(async () => {
    await http?.stop()
  })

  it('over stdio', async () => {
    await exerciseEverything(await started(stdioSpec([referenceServer('everything'), 'stdio'])))
  })

  it('over Streamable HTTP', async () => {
    await exerciseEverything(
      await started({ ...stdioSpec([]), command: undefined, args: undefined, transport: 'http', url: http.url }),
    )
  })
})

describe('resources and prompts of servers that get them wrong', () => {
  it('follows every page, drops a malformed entry, keeps server text as it was sent', async () => {
    const { connection, requester } = await started(stdioSpec([RESOURCES_SERVER]))
    // It declares no tools: there are none to list (and it is not asked).
    expect(await connection.listTools()).toEqual([])
    const listed = value(await listResources(requester))
    expect(listed.items.map((resource) => resource.name)).toEqual([
      'readme.md',
      'pixel.png',
      'report.pdf',
      'Read note\u202Etxt.exe\u202C',
      'utf8-blob.txt',
      'big.txt',
    ])
    expect(listed.dropped).toBe(1)
    // A content item that is not one (text: 42) is dropped; the good one kept.
    expect(value(await readResource(requester, 'test://notes/hidden'))).toEqual({
      items: [{ uri: 'test://notes/hidden', text: 'hidden' }],
      dropped: 1,
    })
    const templates = value(await listResourceTemplates(requester))
    expect(templates.items.map((template) => template.arguments)).toEqual([['name'], ['q', 'limit']])
    expect(value(expandTemplate('test://search{?q,limit}', { q: 'a b', limit: '2' }))).toBe(
      'test://search?q=a%20b&limit=2',
    )
    const prompts = value(await listPrompts(requester))
    expect(prompts).toMatchObject({ items: [{ name: 'summarise' }], dropped: 1 })
    const got = value(await getPrompt(requester, 'summarise', { topic: 'cats' }))
    expect(got.messages.dropped).toBe(1)
    expect(got.messages.items.map((message) => message.role)).toEqual(['user', 'assistant', 'user'])
  })

  it('a cursor that never ends is cut off after the page cap; a repeated one at once', async () => {
    const endless = await ready(stdioSpec([RESOURCES_SERVER], { env: { MCP_TEST_ENDLESS_CURSOR: '1' } }))
    expect(await listResources(endless)).toMatchObject({
      ok: false,
      error: { code: 'mcp-too-large', message: expect.stringContaining(`more than ${MCP_MAX_LIST_PAGES} pages`) },
    })
    const repeated = await ready(stdioSpec([RESOURCES_SERVER], { env: { MCP_TEST_REPEAT_CURSOR: '1' } }))
    expect(await listResources(repeated)).toMatchObject({
      ok: false,
      error: { code: 'mcp-server-error', message: expect.stringContaining('repeated') },
    })
  })

  it('a feature the server does not declare is refused before anything is sent', async () => {
    const toolsOnly = await ready(stdioSpec([MISBEHAVING_SERVER]))
    for (const result of [
      await listResources(toolsOnly),
      await listResourceTemplates(toolsOnly),
      await readResource(toolsOnly, 'x://y'),
    ])
      expect(result).toMatchObject({ ok: false, error: { code: 'mcp-unsupported', feature: 'resources' } })
    expect(await listPrompts(toolsOnly)).toMatchObject({
      ok: false,
      error: { code: 'mcp-unsupported', feature: 'prompts' },
    })
    const noSubscribe = await ready(stdioSpec([RESOURCES_SERVER], { env: { MCP_TEST_NO_PROMPTS: '1' } }))
    expect(await getPrompt(noSubscribe, 'summarise', {})).toMatchObject({
      ok: false,
      error: { code: 'mcp-unsupported', feature: 'prompts' },
    })
    expect(await subscribeResource(noSubscribe, 'test://notes/readme.md', true)).toMatchObject({
      ok: false,
      error: { code: 'mcp-unsupported', feature: 'subscribe' },
    })
  })
})
