// Signing in to a remote MCP server from Settings, end to end (browser mode): a real OAuth
// authorization server + MCP endpoint on loopback (test/support/mcp/oauth-mcp-server.mjs) is
// imported and allowed; it asks for a sign-in; "Sign in" hands the window the authorization page,
// which the test follows like the user's browser (GET, then the redirect to Keel's loopback
// receiver); the status then says who it is signed in with, and "Sign out" forgets it. No token
// reaches the page.
import { expect, isElectron, test } from './fixtures'
import { followLikeABrowser, openMcp, removeServer, serverGroup } from './mcp-settings'
import { openApp } from './sim'
import { type OAuthMcpServer, startOAuthMcpServer } from '../support/mcp/oauth-mcp-server.mjs'

let oauthServer: OAuthMcpServer

test.beforeEach(async () => {
  test.skip(isElectron(), 'one shared browser-mode core; the desktop app opens the system browser (app tests)')
  oauthServer = await startOAuthMcpServer()
})

test.afterEach(async ({ browser }) => {
  if (isElectron()) return
  await removeServer(browser, test.info().project.name, 'remote')
  await oauthServer.close()
})

test('sign in to a remote server: the page the window opens, the status, sign out', async ({ page }) => {
  // The page's window.open is recorded instead of opening a tab: the test is the browser.
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
  await mcp.getByRole('button', { name: 'Import configuration' }).click()
  const importer = mcp.getByRole('group', { name: 'Import configuration' })
  await importer
    .getByLabel('Configuration (JSON)')
    .fill(JSON.stringify({ mcpServers: { remote: { type: 'http', url: oauthServer.url } } }))
  await importer.getByRole('button', { name: 'Import', exact: true }).click()
  await mcp
    .getByRole('group', { name: 'Allow Keel to connect to remote?' })
    .getByRole('button', { name: 'Allow and start' })
    .click()
  const item = serverGroup(page, 'remote')
  const signIn = item.getByTestId('mcp-sign-in')
  await expect(signIn).toHaveAttribute('data-state', 'needs-sign-in', { timeout: 20_000 })
  await expect(signIn).toContainText('this server needs you to sign in')

  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(signIn).toHaveAttribute('data-state', 'signing-in')
  const opened = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened)
  expect(opened).toHaveLength(1)
  expect(opened[0]!.startsWith(oauthServer.issuer)).toBe(true)
  await expect(signIn.getByRole('link', { name: 'Open the sign-in page' })).toHaveAttribute('href', opened[0]!)

  await followLikeABrowser(opened[0]!)
  await expect(signIn).toHaveAttribute('data-state', 'signed-in', { timeout: 20_000 })
  await expect(signIn).toContainText(`signed in at ${oauthServer.issuer}`)
  await expect(item.getByTestId('mcp-status')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 })
  const html = await page.content()
  for (const token of oauthServer.issuedTokens) expect(html).not.toContain(token)

  await signIn.getByRole('button', { name: 'Sign out' }).click()
  await expect(signIn).toHaveAttribute('data-state', /needs-sign-in|signed-out/)
  await expect(signIn.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
})
