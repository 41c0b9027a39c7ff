// An MCP tool's card reads the same live as after a reload:
// with a server added during the session (the reference "everything" server, a real child process),
// the finished card is titled "Get Sum Tool", not its wire name `mcp__everything__get-sum`; its result
// shows in its one line, and its fold is labelled.
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from './fixtures'
import { mcpRegion, openMcp, removeServer, serverGroup } from './mcp-settings'
import { enqueue, openApp, resetSim, send } from './sim'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const EVERYTHING = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js')
const CONFIG = JSON.stringify({
  mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
})

test.describe.configure({ mode: 'serial' })

test.beforeEach(async () => {
  await resetSim()
})

const everything = (page: Page) => serverGroup(page, 'everything')

test.afterAll(async ({ browser }) => {
  await removeServer(browser, test.info().project.name, 'everything')
})

test('a server added in this session: its finished card has the tool title, its result and a labelled fold, as after a reload', async ({
  page,
}) => {
  await openApp(page)
  await openMcp(page)
  const mcp = mcpRegion(page)
  await mcp.getByRole('button', { name: 'Import configuration' }).click()
  const importer = mcp.getByRole('group', { name: 'Import configuration' })
  await importer.getByLabel('Configuration (JSON)').fill(CONFIG)
  await importer.getByRole('button', { name: 'Import', exact: true }).click()
  await mcp
    .getByRole('group', { name: 'Allow everything to run on this computer?' })
    .getByRole('button', { name: 'Allow and start' })
    .click()
  await expect(everything(page).getByTestId('mcp-status')).toHaveAttribute('data-state', 'ready')
  await page.getByRole('button', { name: 'Close settings' }).click()

  await enqueue(
    { type: 'turn', text: 'Adding.', toolCalls: [{ name: 'mcp__everything__get-sum', arguments: { a: 2, b: 40 } }] },
    { type: 'turn', text: 'It is 42.' },
  )
  await send(page, 'What is 2 + 40?')
  const asking = page.getByTestId('tool-card')
  await expect(asking).toHaveAttribute('data-state', 'awaiting-approval')
  await expect(asking.locator('.tool-name')).toHaveText('Get Sum Tool')
  await asking.getByRole('button', { name: 'Approve' }).click()

  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('It is 42.')
  const expectFinishedCard = async () => {
    const card = page.getByTestId('message-assistant').last().getByTestId('tool-card')
    await expect(card).toHaveAttribute('data-state', 'done')
    await expect(card.locator('.tool-name')).toHaveText('Get Sum Tool')
    // Folded, the card still says what the tool answered, and where the rest is.
    await expect(card.getByTestId('tool-card-line')).toHaveText('The sum of 2 and 40 is 42.')
    const fold = card.locator('summary').first()
    await expect(fold.getByText('Details', { exact: true })).toBeVisible()
    await fold.click()
    await expect(card.locator('pre').first()).toContainText('"a": 2')
  }
  await expectFinishedCard()
  await page.reload()
  await expect(page.getByTestId('message-assistant').last()).toContainText('It is 42.')
  await expectFinishedCard()
})
