// Browser mode's access token in a real browser (Debian's Chromium). The printed URL carries the
// token in its fragment; the page keeps it in this tab's sessionStorage (exact origin, port
// included), drops it from the address bar, and offers it on the WebSocket handshake only. No cookie
// exists, so nothing about Keel reaches another service on 127.0.0.1 (cookies ignore ports).
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from './fixtures'
import { startBrowserMode, stop } from './global-setup'
import { appUrl, enqueue, resetSim, screenshot, send, simRequests, simUrl } from './sim'

test.skip(({ keelMode }) => keelMode !== 'browser', 'browser mode only: the desktop app has no URL, port or token')

test.beforeEach(async () => {
  await resetSim()
})

function tokenOf(url: string): string {
  const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token')
  if (!token) throw new Error(`no #token= in ${url}`)
  return token
}

const originOf = (url: string) => new URL(url).origin

/** Another local web server (think: a dev server on 127.0.0.1:3000) that records every request it gets. */
async function startOtherLocalServer(): Promise<{
  origin: string
  requests: { url: string; headers: IncomingHttpHeaders; body: string }[]
  close(): Promise<void>
}> {
  const requests: { url: string; headers: IncomingHttpHeaders; body: string }[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      requests.push({ url: request.url ?? '', headers: request.headers, body })
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      response.end('<!doctype html><title>Some local dev server</title><h1>Hello from another local server</h1>')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  return {
    origin: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

interface Probe {
  cookie: string
  storage: string
  cors: string
  noCors: string
  sockets: string[]
}

/** What a page of another origin can get from Keel: run inside that page, then sent to its own server. */
function probeKeel(page: Page, keelOrigin: string): Promise<Probe> {
  return page.evaluate(async (keel) => {
    const result: Probe = {
      cookie: document.cookie,
      storage: JSON.stringify({ ...sessionStorage }),
      cors: '',
      noCors: '',
      sockets: [],
    }
    try {
      const response = await fetch(`${keel}/`, { credentials: 'include' })
      result.cors = `read ${response.status}: ${(await response.text()).slice(0, 40)}`
    } catch {
      result.cors = 'blocked'
    }
    try {
      const response = await fetch(`${keel}/`, { credentials: 'include', mode: 'no-cors' })
      result.noCors = `${response.type} ${response.status} ${await response.text()}`.trim()
    } catch {
      result.noCors = 'blocked'
    }
    const wsUrl = `${keel.replace(/^http:/, 'ws:')}/ws`
    for (const protocols of [[], ['keel'], ['keel', 'keel.token.guessed']]) {
      result.sockets.push(
        await new Promise<string>((resolve) => {
          const ws = new WebSocket(wsUrl, protocols)
          ws.onopen = () => {
            ws.onmessage = (event) => {
              resolve(`opened, answered ${String(event.data).slice(0, 80)}`)
              ws.close()
            }
            ws.send(JSON.stringify({ id: 1, command: 'turns.start', payload: { text: 'hostile' } }))
          }
          ws.onclose = () => resolve('refused')
        }),
      )
    }
    // Whatever the page found goes home (and the browser attaches 127.0.0.1's cookies to this request).
    await fetch('/collect', { method: 'POST', credentials: 'include', body: JSON.stringify(result) })
    return result
  }, keelOrigin)
}

async function historyUrls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { entries } = await cdp.send('Page.getNavigationHistory')
    return entries.map((entry) => entry.url)
  } finally {
    await cdp.detach()
  }
}

async function expectAppReady(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'New conversation' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
}

test('another local server and its page get nothing from Keel, and no command runs', async ({ page, context }) => {
  const keel = originOf(appUrl())
  const token = tokenOf(appUrl())
  // The user has Keel open in this browser…
  await page.goto(appUrl())
  await expectAppReady(page)
  const other = await startOtherLocalServer()
  try {
    // …then opens another local site, in a second tab and in Keel's own tab.
    const tab = await context.newPage()
    await tab.goto(`${other.origin}/`)
    const fromOtherTab = await probeKeel(tab, keel)
    await page.goto(`${other.origin}/`)
    const fromKeelTab = await probeKeel(page, keel)

    for (const probe of [fromOtherTab, fromKeelTab]) {
      expect(probe.cookie).toBe('')
      expect(probe.storage).toBe('{}')
      expect(probe.cors).toBe('blocked')
      expect(probe.noCors).toBe('blocked') // Cross-Origin-Resource-Policy: same-origin
      expect(probe.sockets).toEqual(['refused', 'refused', 'refused'])
    }
    // The other server never saw the token, nor any cookie, in any request (page loads and reports).
    expect(other.requests.filter((r) => r.url === '/collect')).toHaveLength(2)
    for (const request of other.requests) {
      expect(request.headers.cookie, request.url).toBeUndefined()
      expect(JSON.stringify(request), request.url).not.toContain(token)
    }
    expect(await context.cookies()).toEqual([])
    expect(await simRequests()).toEqual([])

    // Back in Keel's tab (its token is still in this tab's storage for Keel's origin): nothing ran.
    await page.goto(`${keel}/`)
    await expectAppReady(page)
    await expect(page.getByRole('navigation').getByRole('button', { name: 'hostile' })).toHaveCount(0)
  } finally {
    await other.close()
  }
})

test('the token leaves the address bar and the history at once; a reload still works', async ({ page, context }) => {
  const keel = originOf(appUrl())
  const token = tokenOf(appUrl())
  await page.goto(appUrl())
  await expectAppReady(page)
  await expect(page).toHaveURL(`${keel}/`)
  const entries = await historyUrls(page)
  expect(entries).toContain(`${keel}/`)
  expect(entries.filter((url) => url.includes(token) || url.includes('token='))).toEqual([])

  await page.reload()
  await expectAppReady(page)
  await expect(page).toHaveURL(`${keel}/`)
  await enqueue({ type: 'turn', text: 'Still connected after the reload.' })
  await send(page, 'Are you there after a reload?')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Still connected after the reload.')
  expect((await historyUrls(page)).filter((url) => url.includes(token) || url.includes('token='))).toEqual([])
  expect(await context.cookies()).toEqual([])
})

test('without the token, or with a wrong one, the page says what to do; the right URL then works in the same tab', async ({
  page,
}) => {
  const keel = originOf(appUrl())
  await page.goto(`${keel}/`)
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('needs its access token')
  await expect(alert).toContainText('#token=')
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
  await screenshot(page, 'access-no-token')

  // Same document, new fragment (what pasting a URL into this tab does): the page takes it and reloads.
  await page.goto(`${keel}/#token=not-the-token`)
  await expect(alert).toContainText('did not accept')
  await expect(page).toHaveURL(`${keel}/`)
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
  await screenshot(page, 'access-refused')

  await page.goto(appUrl())
  await expectAppReady(page)
  await expect(page).toHaveURL(`${keel}/`)
  expect(await simRequests()).toEqual([])
})

test('two Keel servers on two ports work side by side in two tabs of one browser', async ({ page, context }) => {
  const dir = mkdtempSync(join(tmpdir(), 'keel-e2e-second-'))
  const second = await startBrowserMode(join(dir, 'keel.db'), simUrl())
  try {
    expect(originOf(second.url)).not.toBe(originOf(appUrl()))
    const tab = await context.newPage()
    await page.goto(appUrl())
    await tab.goto(second.url)
    await expectAppReady(page)
    await expectAppReady(tab)

    await enqueue({ type: 'turn', text: 'Answer from the first Keel.' })
    await send(page, 'Alpha from the first tab')
    await expect(page.getByTestId('message-assistant').last()).toContainText('Answer from the first Keel.')
    await enqueue({ type: 'turn', text: 'Answer from the second Keel.' })
    await send(tab, 'Bravo from the second tab')
    await expect(tab.getByTestId('message-assistant').last()).toContainText('Answer from the second Keel.')

    // Each tab kept its own token: both reload (the second one first) and each sees its own data only.
    await tab.reload()
    await page.reload()
    for (const [view, mine, theirs, url] of [
      [page, 'Alpha from the first tab', 'Bravo from the second tab', appUrl()],
      [tab, 'Bravo from the second tab', 'Alpha from the first tab', second.url],
    ] as const) {
      await expectAppReady(view)
      await expect(view).toHaveURL(`${originOf(url)}/`)
      const list = view.getByRole('navigation')
      await expect(list.getByRole('button', { name: mine })).toBeVisible()
      await expect(list.getByRole('button', { name: theirs })).toHaveCount(0)
    }
    await enqueue({ type: 'turn', text: 'The first Keel still answers.' })
    await send(page, 'Alpha again')
    await expect(page.getByTestId('message-assistant').last()).toContainText('The first Keel still answers.')
    expect(await context.cookies()).toEqual([])
  } finally {
    await stop(second.child)
    rmSync(dir, { recursive: true, force: true })
  }
})
