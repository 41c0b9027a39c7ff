// Hidden characters in a server's text are shown, not obeyed: a real MCP server
// (the misbehaving test server with MCP_TEST_HIDDEN_CHARS) names a tool "Read note<U+202E>txt.exe<U+202C>",
// which the browser would draw as "Read noteexe.txt". Settings' tool list, the server's status, the
// approval card and the finished card show each such character as a visible token.
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from './fixtures'
import { mcpRegion, openMcp, removeServer, serverGroup } from './mcp-settings'
import { enqueue, openApp, resetSim, send } from './sim'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const SERVER = join(root, 'test', 'support', 'mcp', 'misbehaving-server.mjs')
const CONFIG = JSON.stringify({
  mcpServers: { tricky: { command: process.execPath, args: [SERVER], env: { MCP_TEST_HIDDEN_CHARS: '1' } } },
})
const SHOWN_TITLE = 'Read note[U+202E]txt.exe[U+202C]'

test.describe.configure({ mode: 'serial' })

test.beforeEach(async () => {
  await resetSim()
})

const tricky = (page: Page) => serverGroup(page, 'tricky')

test.afterAll(async ({ browser }) => {
  await removeServer(browser, test.info().project.name, 'tricky')
})

/** The element's text holds none of the hidden characters themselves. */
const holdsNoHidden = async (page: Page, selector: string) =>
  expect(
    await page.locator(selector).evaluateAll((nodes) => nodes.map((n) => n.textContent ?? '').join('')),
  ).not.toMatch(/[\u200B\u202C\u202E\u2066]/)

test('a tool title with a bidi override reads as written in Settings and on the approval card', async ({ page }) => {
  await openApp(page)
  await openMcp(page)
  const mcp = mcpRegion(page)
  await mcp.getByRole('button', { name: 'Import configuration' }).click()
  const importer = mcp.getByRole('group', { name: 'Import configuration' })
  await importer.getByLabel('Configuration (JSON)').fill(CONFIG)
  await importer.getByRole('button', { name: 'Import', exact: true }).click()
  await mcp
    .getByRole('group', { name: 'Allow tricky to run on this computer?' })
    .getByRole('button', { name: 'Allow and start' })
    .click()

  const server = tricky(page)
  await expect(server.getByTestId('mcp-status')).toHaveAttribute('data-state', 'ready')
  // The server's own name in its status carries a zero-width space.
  await expect(server.getByTestId('mcp-status')).toContainText('misbehaving[U+200B] 1.0.0')
  await server.locator('summary', { hasText: 'Tools (' }).click()
  const tool = server.getByTestId('mcp-tool').filter({ hasText: 'mcp__tricky__read_note' })
  await expect(tool.locator('strong')).toHaveText(SHOWN_TITLE)
  await expect(tool.getByTestId('invisible-char').first()).toBeVisible()
  await expect(tool).toContainText('Reads[U+200B] a note safely[U+2066]')
  await holdsNoHidden(page, '[data-testid="mcp-tool"], [data-testid="mcp-status"]')
  await page.getByRole('button', { name: 'Close settings' }).click()

  await enqueue(
    { type: 'turn', text: 'Reading it.', toolCalls: [{ name: 'mcp__tricky__read_note', arguments: {} }] },
    { type: 'turn', text: 'Read.' },
  )
  await send(page, 'Read my note')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await expect(card.locator('.tool-name')).toHaveText(SHOWN_TITLE)
  await expect(card.locator('.tool-name').getByTestId('invisible-char')).toHaveCount(2)
  await expect(card).toHaveAccessibleName(`${SHOWN_TITLE}: Awaiting approval`)
  await holdsNoHidden(page, '[data-testid="tool-card"]')

  await card.getByRole('button', { name: 'Approve' }).click()
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('Read.')
  const done = answer.getByTestId('tool-card')
  await expect(done).toHaveAttribute('data-state', 'done')
  await done.locator('summary').first().click()
  await expect(done).toContainText('note[U+202E]content')
  await holdsNoHidden(page, '[data-testid="tool-card"]')
})
