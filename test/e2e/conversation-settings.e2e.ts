// Conversation settings in the window: a model picked in the composer is the one the request uses,
// the conversation's system prompt and temperature reach the provider after the date preamble,
// the conversation exports as Markdown and JSON downloads and a JSON export imports back.
import { readFileSync } from 'node:fs'
import { expect, test } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { enqueue, openApp, resetSim, screenshot, send, simRequests } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

type SimRequest = { model?: string; body: { system?: string; temperature?: number; max_tokens?: number } }

test('the Model picker and the conversation settings reach the request; export and import', async ({ page }) => {
  await openApp(page)
  // A model the server does not list, typed in the composer.
  const picker = page.getByRole('combobox', { name: 'Model' })
  await expect(picker).toBeVisible()
  await picker.selectOption({ label: 'Other model…' })
  await page.getByRole('textbox', { name: 'Model name' }).fill('claude-e2e-pick')
  await page.getByRole('button', { name: 'Use', exact: true }).click()
  await expect(picker.locator('option:checked')).toHaveText(/claude-e2e-pick/)

  // The conversation's own prompt and temperature, before its first message.
  await page.getByRole('button', { name: 'Conversation', exact: true }).click()
  await page.getByRole('button', { name: 'Conversation settings' }).click()
  const panel = page.getByRole('region', { name: 'Conversation settings' })
  await panel.getByLabel('System prompt').fill('Answer like a pirate.')
  await panel.getByLabel('Temperature').fill('3')
  await expect(panel.getByText('Enter a number from 0 to 2, or leave it empty for the default.')).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled()
  await panel.getByLabel('Temperature').fill('0.4')
  await panel.getByLabel('Max output tokens').fill('512')
  await screenshot(page, 'convset-panel')
  await expectNoViolations(page, 'conversation settings open')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByRole('status')).toHaveText(
    'Saved. It is kept with the conversation when you send the first message.',
  )
  await panel.getByRole('button', { name: 'Close' }).click()

  await enqueue({ type: 'turn', text: 'Arr, ahoy.' })
  await send(page, 'Hello there')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Arr, ahoy.')
  const [request] = (await simRequests()) as SimRequest[]
  expect(request!.model).toBe('claude-e2e-pick')
  expect(request!.body.system).toMatch(/^Today is .*\n\nAnswer like a pirate\.$/s)
  expect(request!.body.temperature).toBe(0.4)
  expect(request!.body.max_tokens).toBe(512)
  await expect(picker.locator('option:checked')).toHaveText(/claude-e2e-pick/)
  await screenshot(page, 'convset-model-picked')

  // Export: Markdown and JSON downloads.
  await page.getByRole('button', { name: 'Conversation', exact: true }).click()
  await expectNoViolations(page, 'conversation menu open')
  const [markdown] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as Markdown' }).click(),
  ])
  expect(markdown.suggestedFilename()).toBe('hello-there.md')
  const markdownText = readFileSync((await markdown.path())!, 'utf8')
  expect(markdownText).toContain('## You\n\nHello there')
  expect(markdownText).toContain('## Assistant · claude-e2e-pick')
  await page.getByRole('button', { name: 'Conversation', exact: true }).click()
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as JSON' }).click(),
  ])
  expect(json.suggestedFilename()).toBe('hello-there.json')
  const jsonPath = (await json.path())!
  const exported = JSON.parse(readFileSync(jsonPath, 'utf8'))
  expect(exported.conversation.settings).toMatchObject({
    model: 'claude-e2e-pick',
    system: 'Answer like a pirate.',
    temperature: 0.4,
  })

  // Import: the same file again adds nothing; a broken file says where it failed.
  const fileInput = page.getByLabel('Conversation file (JSON)')
  await fileInput.setInputFiles(jsonPath)
  await expect(page.getByText('Already here: nothing new was imported.')).toBeVisible()
  await fileInput.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        ...exported,
        conversation: { ...exported.conversation, messages: [{ role: 'robot', text: 'x' }] },
      }),
    ),
  })
  await expect(page.getByRole('alert')).toContainText(
    'Nothing was imported. The file failed at conversation.messages.0.role',
  )
  await screenshot(page, 'convset-import-failed')
  // Deleted, then imported: it is back, with its settings.
  const title = page.getByRole('heading', { level: 1 })
  await expect(title).toHaveText('Hello there')
  // Delete it from its menu in the sidebar (asked inline), then import the file.
  const item = page.getByRole('navigation').getByTestId('conversation-item').filter({ hasText: 'Hello there' })
  await item.getByRole('button', { name: 'Conversation actions' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('navigation').getByRole('group').getByRole('button', { name: 'Delete' }).click()
  await expect(
    page.getByRole('navigation').getByTestId('conversation-item').filter({ hasText: 'Hello there' }),
  ).toHaveCount(0)
  await expect(title).not.toHaveText('Hello there')
  await page.getByLabel('Conversation file (JSON)').setInputFiles(jsonPath)
  await expect(page.getByText(/Imported “Hello there” \(2 messages\)\./)).toBeVisible()
  await expect(page.getByTestId('message-assistant').last()).toContainText('Arr, ahoy.')
  await expect(page.getByRole('combobox', { name: 'Model' }).locator('option:checked')).toHaveText(/claude-e2e-pick/)
  await screenshot(page, 'convset-imported')
})
