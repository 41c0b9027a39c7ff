// A client the user registered by hand with a remote server's authorization server, entered in the
// server's settings form and used to sign in, end to end (browser mode): the test OAuth server
// (test/support/mcp/oauth-mcp-server.mjs) knows that client and refuses dynamic registration, so
// only it can sign in. Its secret goes to the core once, with the save, and never comes back: not
// in the page, not in any frame the WebSocket brings.
import { expect, isElectron, test } from './fixtures'
import { followLikeABrowser, openMcp, removeServer, serverGroup } from './mcp-settings'
import { openApp } from './sim'
import { type OAuthMcpServer, startOAuthMcpServer } from '../support/mcp/oauth-mcp-server.mjs'

const CLIENT = { client_id: 'keel-e2e-by-hand', client_secret: 'client-secret-canary-e2e-7d41c9' }

let oauthServer: OAuthMcpServer

test.beforeEach(async () => {
  test.skip(isElectron(), 'one shared browser-mode core; the desktop app opens the system browser (app tests)')
  oauthServer = await startOAuthMcpServer({ preRegistered: CLIENT, refuseRegistration: true })
})

test.afterEach(async ({ browser }) => {
  if (isElectron()) return
  await removeServer(browser, test.info().project.name, 'by-hand')
  await oauthServer.close()
})

test('a hand-registered client entered in the form signs in; its secret never comes back', async ({ page }) => {
  const received: string[] = []
  const sent: string[] = []
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => received.push(String(frame.payload)))
    socket.on('framesent', (frame) => sent.push(String(frame.payload)))
  })
  await page.addInitScript(() => {
    const opened: string[] = []
    ;(window as unknown as { __opened: string[] }).__opened = opened
    window.open = (url?: string | URL) => {
      opened.push(String(url))
      return null
    }
  })
  await openApp(page)
  const mcp = await openMcp(page)
  await mcp.getByRole('button', { name: 'Add server' }).click()
  const form = mcp.getByRole('form', { name: 'Add server' })
  await form.getByLabel('Name').fill('by-hand')
  await form.getByLabel('Connection').selectOption('http')
  await form.getByLabel('URL').fill(oauthServer.url)
  const client = form.getByTestId('mcp-oauth-client')
  await client.getByLabel('Client ID').fill(CLIENT.client_id)
  await client.getByLabel('Client secret').fill(CLIENT.client_secret)
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form).toHaveCount(0)

  await mcp
    .getByRole('group', { name: 'Allow Keel to connect to by-hand?' })
    .getByRole('button', { name: 'Allow and start' })
    .click()
  const item = serverGroup(page, 'by-hand')
  const signIn = item.getByTestId('mcp-sign-in')
  await expect(signIn).toHaveAttribute('data-state', 'needs-sign-in', { timeout: 20_000 })
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(signIn).toHaveAttribute('data-state', 'signing-in')
  const opened = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened)
  expect(opened).toHaveLength(1)
  // The authorization request names the hand-registered client: nothing was registered.
  expect(new URL(opened[0]!).searchParams.get('client_id')).toBe(CLIENT.client_id)
  await followLikeABrowser(opened[0]!)
  await expect(signIn).toHaveAttribute('data-state', 'signed-in', { timeout: 20_000 })
  await expect(item.getByTestId('mcp-status')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 })
  expect(oauthServer.registrations).toEqual([])

  // Editing shows the client ID and that a secret is set, never the secret.
  await item.getByRole('button', { name: 'Edit' }).click()
  const edit = item.getByRole('form', { name: 'Edit by-hand' })
  await expect(edit.getByLabel('Client ID')).toHaveValue(CLIENT.client_id)
  await expect(edit.getByLabel('Client secret')).toHaveValue('')
  await expect(edit.getByTestId('mcp-oauth-secret-state')).toHaveText('set')
  await edit.getByRole('button', { name: 'Cancel' }).click()

  expect(await page.content()).not.toContain(CLIENT.client_secret)
  expect(received.length).toBeGreaterThan(0)
  expect(received.filter((payload) => payload.includes(CLIENT.client_secret))).toEqual([])
  // It went to the core once: in the save request, and in no other frame.
  const carrying = sent.filter((payload) => payload.includes(CLIENT.client_secret))
  expect(carrying).toHaveLength(1)
  expect(carrying[0]).toContain('mcp.save')
  for (const token of oauthServer.issuedTokens) {
    expect(await page.content()).not.toContain(token)
    expect(received.filter((payload) => payload.includes(token))).toEqual([])
  }
})
