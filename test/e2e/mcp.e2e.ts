// MCP end to end through the real core (issue 11's browser-mode E2E): paste a Claude Desktop
// config, allow the server (the consent view), approve a write, watch progress, Stop a long call
// (the card says the outcome is unknown), accept a changed definition. Skeleton with the window's
// role names: each test is `fixme` until the core answers the MCP commands (today `mcp.list` is []
// and the rest are stubs). The window alone, against the contract, is covered by mcp-window.e2e.ts.
import { expect, test } from './fixtures'
import { enqueue, openApp, resetSim, send } from './sim'

const CORE_PENDING = 'the MCP core is not in yet (mcp.* commands are stubs): enable when it lands'

/** A config as Claude Desktop writes it, for a reference server the E2E setup can start offline (path to be settled with the core). */
const CONFIG = JSON.stringify({ mcpServers: { everything: { command: 'node', args: ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'] } }, preferences: {} })

test.beforeEach(async () => {
  await resetSim()
})

async function openMcp(page: import('./fixtures').Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  return page.getByRole('region', { name: 'MCP servers' })
}

test('paste a config, allow the server, see it ready with its tools', async ({ page }) => {
  test.fixme(true, CORE_PENDING)
  await openApp(page)
  const mcp = await openMcp(page)
  await mcp.getByRole('button', { name: 'Import configuration' }).click()
  const importer = mcp.getByRole('group', { name: 'Import configuration' })
  await importer.getByLabel('Configuration (JSON)').fill(CONFIG)
  await importer.getByRole('button', { name: 'Import' }).click()
  await expect(importer.getByTestId('mcp-import-report')).toContainText('Added: everything.')
  const consent = mcp.getByRole('group', { name: 'Allow everything to run on this computer?' })
  await expect(consent.getByTestId('mcp-command-line')).toContainText('server-everything')
  await consent.getByRole('button', { name: 'Allow and start' }).click()
  const server = mcp.getByRole('group', { name: 'everything', exact: true })
  await expect(server.getByTestId('mcp-status')).toContainText('ready')
  await server.locator('summary', { hasText: 'Tools (' }).click()
  await expect(server.getByTestId('mcp-tool').first()).toContainText('mcp__everything__')
})

test('approve a write, watch its progress, Stop it: the outcome is unknown and listed to check', async ({ page }) => {
  test.fixme(true, CORE_PENDING)
  // The everything server's long-running tool reports progress; the model calls it once.
  await enqueue({ type: 'turn', text: 'Running it.', toolCalls: [{ name: 'mcp__everything__trigger-long-running-operation', arguments: { duration: 30, steps: 30 } }] })
  await openApp(page)
  await send(page, 'Run the long operation')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await expect(card).toContainText('From everything')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(card.getByRole('progressbar', { name: 'Progress' })).toBeVisible()
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  const stored = page.getByTestId('message-assistant').last().getByTestId('tool-card')
  await expect(stored).toHaveAttribute('data-state', 'unknown')
  await expect(stored).toContainText('everything was asked to cancel, but it may have finished.')
  await expect(page.getByTestId('unknown-actions').locator('summary')).toHaveText('Actions to check (1)')
})

test('a changed definition is withheld until accepted from its diff', async ({ page }) => {
  test.fixme(true, CORE_PENDING)
  // Needs a server whose tool definition changes (the misbehaving test server of issue 11).
  await openApp(page)
  const mcp = await openMcp(page)
  const review = mcp.getByRole('group', { name: /^Tools to review/ })
  await expect(review.locator('ins').first()).toBeVisible()
  await review.getByRole('button', { name: 'Accept changes' }).click()
  await expect(mcp.getByTestId('mcp-review')).toHaveCount(0)
})
