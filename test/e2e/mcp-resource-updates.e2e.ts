// A resource attached with `@` is watched while it is on the draft (browser mode, a real 2026-07-28
// server over loopback HTTP: test/support/mcp/modern-resources-server.mjs). When the server says it
// changed, its chip shows "updated", and what reaches the (simulated) provider is what the server
// gives at sending, never what was attached. Once sent, the server watches it no more.
import { expectNoViolations } from './a11y-audit'
import { expect, isElectron, test, type Page } from './fixtures'
import { mcpRegion, openMcp, removeServer, serverGroup } from './mcp-settings'
import { enqueue, openApp, resetSim, simRequests } from './sim'
import { type ModernResourcesServer, startModernResourcesServer } from '../support/mcp/modern-resources-server.mjs'

let server: ModernResourcesServer

test.beforeEach(async () => {
  test.skip(isElectron(), 'one server added to browser mode’s shared core is enough for this')
  await resetSim()
  server = await startModernResourcesServer()
})

test.afterEach(async ({ browser }) => {
  if (isElectron()) return
  await removeServer(browser, test.info().project.name, 'notes')
  await server.close()
})

const box = (page: Page) => page.getByRole('textbox', { name: 'Message' })

test('an attached resource that changes is marked updated and sent as it is now', async ({ page }) => {
  await openApp(page)
  const mcp = await openMcp(page)
  await expect(mcp.getByText('Loading MCP servers')).toHaveCount(0)
  await mcp.getByRole('button', { name: 'Import configuration' }).click()
  const importer = mcp.getByRole('group', { name: 'Import configuration' })
  await importer
    .getByLabel('Configuration (JSON)')
    .fill(JSON.stringify({ mcpServers: { notes: { type: 'http', url: server.url } } }))
  await importer.getByRole('button', { name: 'Import', exact: true }).click()
  await mcpRegion(page)
    .getByRole('group', { name: 'Allow Keel to connect to notes?' })
    .getByRole('button', { name: 'Allow and start' })
    .click()
  await expect(serverGroup(page, 'notes').getByTestId('mcp-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 20_000,
  })
  await page.getByRole('button', { name: 'Close settings' }).click()

  await box(page).click()
  await box(page).pressSequentially('Summarise @today')
  await expect(page.getByRole('option', { name: /today/ })).toBeVisible()
  await box(page).press('Enter')
  const chip = page.getByRole('list', { name: 'Files to send' }).getByTestId('attachment-chip')
  await expect(chip).toContainText('today')
  await expect(chip.getByTestId('attachment-updated')).toHaveCount(0)
  await expect.poll(() => server.watching()).toEqual([['notes://today']])

  server.change('notes://today', 'version 2 of today')
  await expect(chip.getByTestId('attachment-updated')).toHaveText('updated')
  await expectNoViolations(page, 'composer chip of an updated resource')

  await enqueue({ type: 'turn', text: 'Summarised.' })
  await box(page).press('Enter')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Summarised.')
  const sent = JSON.stringify(await simRequests())
  expect(sent).toContain('version 2 of today')
  expect(sent).not.toContain('version 1')
  // Sent: the server is asked to watch it no more.
  await expect.poll(() => server.watching()).toEqual([])
})
