// The composer's `@` and `/` with a real server (the reference "everything" server, a child process
// of browser mode's core): a resource attached with `@` reaches the (simulated) provider's request;
// a `/` prompt with an argument puts the server's text into the composer, where it is seen before
// anything is sent; the server's suggestions fill a prompt's arguments.
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expectNoViolations } from './a11y-audit'
import { expect, isElectron, test, type Page } from './fixtures'
import { mcpRegion, openMcp, removeServer, serverGroup } from './mcp-settings'
import { enqueue, openApp, resetSim, simRequests } from './sim'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const EVERYTHING = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js')
const CONFIG = JSON.stringify({
  mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
})

test.describe.configure({ mode: 'serial' })

test.beforeEach(async () => {
  test.skip(isElectron(), 'one server added to browser mode’s shared core is enough for these')
  await resetSim()
})

test.afterAll(async ({ browser }) => {
  await removeServer(browser, test.info().project.name, 'everything')
})

const box = (page: Page) => page.getByRole('textbox', { name: 'Message' })

async function addEverything(page: Page): Promise<void> {
  await openApp(page)
  await openMcp(page)
  const mcp = mcpRegion(page)
  await expect(mcp.getByText('Loading MCP servers')).toHaveCount(0)
  if ((await serverGroup(page, 'everything').count()) === 0) {
    await mcp.getByRole('button', { name: 'Import configuration' }).click()
    const importer = mcp.getByRole('group', { name: 'Import configuration' })
    await importer.getByLabel('Configuration (JSON)').fill(CONFIG)
    await importer.getByRole('button', { name: 'Import', exact: true }).click()
    await mcp
      .getByRole('group', { name: 'Allow everything to run on this computer?' })
      .getByRole('button', { name: 'Allow and start' })
      .click()
  }
  await expect(serverGroup(page, 'everything').getByTestId('mcp-status')).toHaveAttribute('data-state', 'ready')
  await page.getByRole('button', { name: 'Close settings' }).click()
}

/** Every text the provider was sent, as one string. */
async function sentText(): Promise<string> {
  return JSON.stringify(await simRequests())
}

test('@ attaches a resource (chip with the server, removable) and it reaches the provider', async ({ page }) => {
  await addEverything(page)
  await box(page).click()
  await box(page).pressSequentially('Read this @instru')
  const list = page.getByRole('listbox', { name: 'Resources from MCP servers' })
  const option = list.getByRole('option', { name: /instructions\.md/ })
  await expect(option).toBeVisible()
  await expect(option).toContainText('everything')
  await expect(option).toHaveAttribute('aria-selected', 'true')
  // The textarea names the active option; focus never left it.
  const optionId = await option.getAttribute('id')
  await expect(box(page)).toHaveAttribute('aria-activedescendant', optionId!)
  await expect(box(page)).toBeFocused()
  await expectNoViolations(page, 'composer @ menu open')

  // Escape closes the menu and leaves the text as typed.
  await box(page).press('Escape')
  await expect(list).toHaveCount(0)
  await expect(box(page)).toHaveValue('Read this @instru')
  // Typing on after a space, then a new @, opens it again; arrows move; Enter chooses.
  await box(page).pressSequentially(' and @')
  await expect(list.getByRole('option').first()).toBeVisible()
  await box(page).pressSequentially('ARCHITECTURE')
  await expect(list.getByRole('option')).toHaveCount(1)
  await box(page).press('Backspace')
  await box(page).fill('')
  await box(page).pressSequentially('Read this @instructions')
  await expect(list.getByRole('option')).toHaveCount(1)
  await box(page).press('Enter')
  await expect(list).toHaveCount(0)
  await expect(box(page)).toHaveValue('Read this ')

  const chips = page.getByRole('list', { name: 'Files to send' })
  const chip = chips.getByTestId('attachment-chip')
  await expect(chip).toHaveCount(1)
  await expect(chip).toContainText('everything')
  await expect(chip).toContainText('instructions.md')
  // Removable before sending; attached again with the keyboard.
  await chip.getByRole('button', { name: 'Remove instructions.md' }).click()
  await expect(chip).toHaveCount(0)
  await box(page).pressSequentially('@instructions.md')
  await box(page).press('ArrowDown')
  await box(page).press('Enter')
  await expect(chip).toHaveCount(1)
  expect(await simRequests()).toEqual([])

  await enqueue({ type: 'turn', text: 'Read it.' })
  await box(page).press('Enter')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Read it.')
  const sent = await sentText()
  expect(sent).toContain('Read this')
  expect(sent).toContain('Everything Server')
  expect(sent).toContain('Server Instructions')
})

test('/ runs a prompt with an argument: its text is put in the composer and only sent when the user sends', async ({
  page,
}) => {
  await addEverything(page)
  await box(page).click()
  await box(page).pressSequentially('/args')
  const list = page.getByRole('listbox', { name: 'Prompts from MCP servers' })
  await expect(list.getByRole('option', { name: /Arguments Prompt/ })).toBeVisible()
  await box(page).press('Enter')

  const form = page.getByRole('group', { name: 'Arguments of Arguments Prompt (everything)' })
  await expect(form).toBeVisible()
  await expect(form.getByText('(required)')).toHaveCount(1)
  const insert = form.getByRole('button', { name: 'Insert' })
  await expect(insert).toBeDisabled()
  await form.getByRole('textbox', { name: /city/ }).fill('Lisbon')
  // Enter in the form uses the prompt: it does not send the message.
  await form.getByRole('textbox', { name: /city/ }).press('Enter')
  await expect(form).toHaveCount(0)
  await expect(box(page)).toHaveValue("What's weather in Lisbon?")
  await expect(page.getByTestId('composer-mcp-status')).toContainText('The prompt’s text is in your message')
  expect(await simRequests()).toEqual([])

  // The user may change it before sending.
  await box(page).press('End')
  await box(page).pressSequentially(' In Celsius.')
  await enqueue({ type: 'turn', text: 'Sunny.' })
  await box(page).press('Enter')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Sunny.')
  expect(await sentText()).toContain("What's weather in Lisbon? In Celsius.")
})

test('a prompt’s arguments offer the server’s suggestions, the second narrowed by the first', async ({ page }) => {
  await addEverything(page)
  await box(page).click()
  await box(page).pressSequentially('/team')
  await expect(page.getByRole('option', { name: /Team Management/ })).toBeVisible()
  await box(page).press('Enter')
  const form = page.getByRole('group', { name: 'Arguments of Team Management (everything)' })
  await expect(form).toBeVisible()
  await form.getByRole('textbox', { name: /department/ }).pressSequentially('S')
  const departments = form.getByRole('list', { name: 'Suggestions for department' })
  await expect(departments.getByRole('button')).toHaveText(['Sales', 'Support'])
  await departments.getByRole('button', { name: 'Sales' }).click()
  await expect(form.getByRole('textbox', { name: /department/ })).toHaveValue('Sales')
  await form.getByRole('textbox', { name: /name/ }).focus()
  const names = form.getByRole('list', { name: 'Suggestions for name' })
  await expect(names.getByRole('button')).toHaveText(['David', 'Eve', 'Frank'])
  await names.getByRole('button', { name: 'Eve' }).click()
  await expectNoViolations(page, 'composer prompt argument form')
  await form.getByRole('button', { name: 'Insert' }).click()
  await expect(box(page)).toHaveValue('Please promote Eve to the head of the Sales team.')
  expect(await simRequests()).toEqual([])
})

test('a resource template is filled in a form and attached', async ({ page }) => {
  await addEverything(page)
  await box(page).click()
  await box(page).pressSequentially('@Dynamic Text')
  // A space ends the trigger: the filter is one word.
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await box(page).fill('')
  await box(page).pressSequentially('@dynamic')
  const option = page.getByRole('option', { name: /Dynamic Text Resource/ })
  await expect(option).toContainText('template')
  await option.click()
  const form = page.getByRole('group', { name: 'Fill in Dynamic Text Resource (everything)' })
  await form.getByRole('textbox', { name: /resourceId/ }).fill('7')
  await form.getByRole('button', { name: 'Attach' }).click()
  const chip = page.getByRole('list', { name: 'Files to send' }).getByTestId('attachment-chip')
  await expect(chip).toContainText('everything')
  await expect(chip).toContainText('7')
})
