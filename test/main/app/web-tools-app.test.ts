// The local web tools through the app service, a real store and the simulated provider: off until
// the user turns them on; each page read is asked for with its URL; "always" covers one site;
// a search service's key goes to the vault and only its ending comes back.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RunEvent } from '../../../src/shared/run-events'
import { isRunEnd, startAppWorld, type AppWorld } from './app-helpers'

let pages: Server
let pageBase: string
const served: string[] = []
beforeAll(async () => {
  pages = createServer((request, response) => {
    served.push(request.url ?? '')
    if (request.url?.startsWith('/search')) {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ web: { results: [{ url: 'https://r.example/', title: 'R', description: 'r' }] } }))
      return
    }
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(`<title>Page ${request.url}</title><article><p>${'Body text of the page. '.repeat(30)}</p></article>`)
  })
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
  pageBase = `127.0.0.1:${(pages.address() as AddressInfo).port}`
})
afterAll(async () => {
  pages.closeAllConnections()
  await new Promise((resolve) => pages.close(resolve))
})

let world: AppWorld
afterEach(async () => {
  await world?.close()
  served.length = 0
})

const loopback = (address: string) => address === '127.0.0.1'

/** The first event of `runId` that matches (the helper's waitFor looks at every run). */
async function waitInRun(
  client: ReturnType<AppWorld['client']>,
  runId: string,
  predicate: (event: RunEvent) => boolean,
): Promise<RunEvent> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const event = client.events(runId).find(predicate)
    if (event) return event
    if (Date.now() > deadline) throw new Error(`timed out waiting in run ${runId}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

async function toolNames(): Promise<string[]> {
  return (await world.client('t').value('tools.list', {})).map((tool) => tool.name)
}

describe('web tools in the app', () => {
  it('are off by default and offered once turned on; search only with a usable service', async () => {
    world = await startAppWorld({ webTools: { addressPolicy: loopback, searchBaseUrl: `http://${pageBase}/` } })
    const a = world.client('a')
    expect(await toolNames()).not.toContain('read_web_page')
    const view = await a.value('settings.update', { webTools: { readPages: true } })
    expect(view.webTools).toEqual({
      readPages: true,
      search: 'off',
      searxngUrl: null,
      keys: { brave: { set: false }, tavily: { set: false } },
    })
    expect(await toolNames()).toContain('read_web_page')
    await a.value('settings.update', { webTools: { search: 'brave' } })
    // Brave without a key: no search tool (it could only fail).
    expect(await toolNames()).not.toContain('web_search')
    const keyed = await a.value('webSearch.setKey', { service: 'brave', key: 'brave-secret-key-0123456789' })
    expect(keyed.webTools.keys.brave).toEqual({ set: true, endsWith: '6789' })
    expect(JSON.stringify(keyed)).not.toContain('brave-secret-key')
    expect(await toolNames()).toContain('web_search')
    const cleared = await a.value('webSearch.clearKey', { service: 'brave' })
    expect(cleared.webTools.keys.brave).toEqual({ set: false })
    expect(await toolNames()).not.toContain('web_search')
  })

  it('asks before each page with its URL; "always" covers that site only', async () => {
    world = await startAppWorld({ webTools: { addressPolicy: loopback } })
    const a = world.client('a')
    await a.value('settings.update', { webTools: { readPages: true } })

    async function readPage(url: string, answer: 'always' | 'approve' | undefined) {
      world.server.enqueue(
        { type: 'turn', toolCalls: [{ name: 'read_web_page', arguments: { url } }] },
        { type: 'turn', text: 'Read it.' },
      )
      const { runId } = await a.value('turns.start', { text: `read ${url}` })
      if (answer) {
        const request = await waitInRun(a, runId, (e) => e.type === 'approval-request')
        await a.value('approvals.answer', {
          approvalId: (request as { approvalId: string }).approvalId,
          decision: answer,
        })
      }
      await waitInRun(a, runId, isRunEnd)
      await world.service.whenIdle()
      return a.events(runId)
    }

    const first = await readPage(`http://${pageBase}/one`, 'always')
    const request = first.find((e) => e.type === 'approval-request') as Extract<RunEvent, { type: 'approval-request' }>
    expect(request).toMatchObject({ name: 'read_web_page', arguments: { url: `http://${pageBase}/one` } })
    expect(request.alwaysFor).toBe('127.0.0.1')
    expect((await a.value('settings.get', {})).toolPermissions).toEqual({ 'read_web_page@127.0.0.1': 'always-allow' })
    // The same site again: no question.
    const second = await readPage(`http://${pageBase}/two`, undefined)
    expect(second.some((e) => e.type === 'approval-request')).toBe(false)
    expect(served).toEqual(['/one', '/two'])
    // Another site (here: the same server by another name) is asked about.
    const port = pageBase.split(':')[1]
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'read_web_page', arguments: { url: `http://localhost:${port}/three` } }] },
      { type: 'turn', text: 'x' },
    )
    const { runId } = await a.value('turns.start', { text: 'read three' })
    const asked = await waitInRun(a, runId, (e) => e.type === 'approval-request')
    expect(asked).toMatchObject({ alwaysFor: 'localhost' })
    await a.value('approvals.answer', { approvalId: (asked as { approvalId: string }).approvalId, decision: 'deny' })
    await waitInRun(a, runId, isRunEnd)
    expect(served).toEqual(['/one', '/two'])
    // The model got the page's text, fenced as the page's words.
    const withPage = world.server.requests.filter((request) => request.rawBody.includes('Body text of the page.'))
    expect(withPage.length).toBeGreaterThan(0)
    expect(withPage.every((request) => request.rawBody.includes('not instructions'))).toBe(true)
  })

  it('lets the user take a site grant back in settings; unknown grants are still refused', async () => {
    world = await startAppWorld({ webTools: { addressPolicy: loopback } })
    const a = world.client('a')
    await a.value('settings.update', { webTools: { readPages: true } })
    const view = await a.value('settings.update', { toolPermissions: { 'read_web_page@example.com': 'always-allow' } })
    expect(view.toolPermissions).toEqual({ 'read_web_page@example.com': 'always-allow' })
    const back = await a.value('settings.update', { toolPermissions: { 'read_web_page@example.com': 'ask' } })
    expect(back.toolPermissions).toEqual({ 'read_web_page@example.com': 'ask' })
    for (const key of ['read_web_page@', 'web_fetch@example.com', 'nope'])
      expect((await a.call('settings.update', { toolPermissions: { [key]: 'always-allow' } })).ok, key).toBe(false)
  })
})
