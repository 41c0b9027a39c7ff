import { expect, isElectron, test } from './fixtures'
import { enqueue, openApp, resetSim, screenshot, send, simUrl } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

test('settings save a key without ever showing it back', async ({ page }) => {
  test.skip(
    Boolean(process.env.OPENAI_API_KEY),
    'OPENAI_API_KEY is set in the environment, which takes precedence over a saved key',
  )
  const secret = 'sk-e2e-0123456789abcdef-WXYZ'
  const received: string[] = []
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => received.push(String(frame.payload))))

  await openApp(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  // The desktop app on a machine without a keyring asks for the explicit opt-in first.
  const optIn = page.getByLabel('Store keys and MCP server values without encryption on this computer')
  if (await optIn.isVisible()) await optIn.check()
  const providers = page.getByRole('region', { name: 'Providers' })
  await providers.getByRole('button', { name: 'Add provider' }).click()
  await providers.getByTestId('preset-openrouter').click()
  const form = providers.getByRole('form', { name: 'New provider: OpenRouter' })
  await form.getByRole('textbox', { name: 'Base URL' }).fill(`${simUrl()}/openai-chat/v1`)
  await form.getByRole('textbox', { name: 'API key' }).fill(secret)
  await form.getByRole('button', { name: 'Save' }).click()
  // Saved: the list names it, and its form (open after the first save) says the key is set.
  const item = providers.getByTestId('provider-openrouter')
  await expect(item).toContainText('OpenRouter')
  const edit = item.getByRole('form', { name: 'Edit OpenRouter' })
  const status = edit.getByTestId('provider-key-status')
  await expect(status).toContainText('set, ends in …WXYZ')
  await expect(edit.getByRole('textbox', { name: 'API key' })).toHaveValue('') // write-only: the field is empty
  expect(await page.content()).not.toContain(secret)
  await screenshot(page, 'settings-key-saved')

  // Still set after a reload (browser mode keeps it for the session), and still never shown.
  await page.reload()
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await page.getByRole('button', { name: 'Edit OpenRouter' }).click()
  await expect(page.getByRole('form', { name: 'Edit OpenRouter' }).getByTestId('provider-key-status')).toContainText(
    '…WXYZ',
  )
  expect(await page.content()).not.toContain(secret)
  // Browser mode: nothing the socket carried held the key (the desktop app has no socket).
  if (!isElectron()) expect(received.length).toBeGreaterThan(0)
  expect(received.filter((payload) => payload.includes(secret))).toEqual([])

  const reopened = page.getByRole('form', { name: 'Edit OpenRouter' })
  await reopened.getByRole('button', { name: 'Clear key' }).click()
  await expect(reopened.getByTestId('provider-key-status')).toContainText('not set')
  // Leave the shared app as it was: no OpenRouter provider.
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Remove OpenRouter' }).click()
  await expect(page.getByTestId('provider-openrouter')).toHaveCount(0)
})

test('a price entered in settings shows the cost of each answer and of the conversation', async ({ page }) => {
  await openApp(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await page.getByRole('button', { name: 'Edit Anthropic' }).click()
  const section = page.getByRole('form', { name: 'Edit Anthropic' })
  await section.getByText('Prices (optional)').click()
  // Half a price is refused with a message, and nothing is saved.
  await section.getByLabel('Input', { exact: true }).fill('3')
  await section.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(section.getByRole('status')).toHaveText('Enter both the input and the output price, or neither.')
  await section.getByLabel('Output', { exact: true }).fill('15')
  await section.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(section.getByRole('status')).toHaveText('Saved.')
  await page.getByRole('button', { name: 'Close settings' }).click()

  await enqueue({ type: 'turn', text: 'Priced answer.', usage: { inputTokens: 1000, outputTokens: 200 } })
  await send(page, 'How much?')
  const answer = page.getByTestId('message-assistant').last()
  // 1000 × $3/M + 200 × $15/M = $0.006
  await expect(answer.locator('.usage')).toHaveText('1000 in · 200 out · $0.006')
  await expect(page.locator('.chat-header .usage')).toHaveText('Conversation: 1000 in · 200 out · $0.006')
  await screenshot(page, 'cost-shown')

  // Forgetting the price (all fields empty) removes the cost; the tokens stay.
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await page.getByRole('button', { name: 'Edit Anthropic' }).click()
  await section.getByText('Prices (optional)').click()
  await section.getByLabel('Input', { exact: true }).fill('')
  await section.getByLabel('Output', { exact: true }).fill('')
  await section.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByRole('button', { name: 'Close settings' }).click()
  // The open conversation shows it at once, and after a reload.
  await expect(page.getByTestId('message-assistant').last().locator('.usage')).toHaveText('1000 in · 200 out')
  await page.reload()
  await page.getByRole('navigation').getByRole('button', { name: 'How much?' }).first().click()
  await expect(page.getByTestId('message-assistant').last().locator('.usage')).toHaveText('1000 in · 200 out')
  await expect(page.locator('.chat-header .usage')).toHaveText('Conversation: 1000 in · 200 out')
})
