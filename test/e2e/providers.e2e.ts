import { expect, test, type Page } from './fixtures'
import { NO_PROVIDER_ENV, startOwnBrowserMode, type OwnServer } from './own-server'
import { expectNoViolations } from './a11y-audit'
import { enqueue, resetSim, send, simRequests, simUrl } from './sim'

test.skip(
  ({ keelMode }) => keelMode !== 'browser',
  'browser mode only: this spec starts its own server on an empty database',
)

let web: OwnServer | undefined

test.beforeAll(async () => {
  web = await startOwnBrowserMode('providers', NO_PROVIDER_ENV)
})

test.afterAll(async () => {
  await web?.close()
})

test.beforeEach(async () => {
  await resetSim()
})

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/providers-${name}.png`, fullPage: true })

test('first run: setup instead of sending, Ollama preset, models from the server, Test connection before Save, Save, chat', async ({
  page,
}) => {
  await page.goto(web!.url)
  const card = page.getByRole('region', { name: 'Connect an AI provider to start' })
  await expect(card).toBeVisible()
  await expect(card).toContainText('Ollama and LM Studio run on your computer and need no key')

  // Enter does not send what cannot succeed: the card says so, and no provider hears anything.
  await send(page, 'Hello! What can you do?')
  await expect(card.getByRole('alert')).toHaveText('Set up a provider first: nothing was sent.')
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello! What can you do?')
  expect(await simRequests()).toEqual([])
  await expectNoViolations(page, 'first run')
  await shot(page, 'first-run')

  await card.getByRole('button', { name: /^Ollama/ }).click()
  const form = page.getByRole('form', { name: 'New provider: Ollama' })
  const baseUrl = form.getByRole('textbox', { name: 'Base URL' })
  await expect(baseUrl).toHaveValue('http://127.0.0.1:11434/v1')
  await baseUrl.fill(`${simUrl()}/openai-chat/v1`)
  // The server's models load by themselves; the first one fills the empty model field.
  await expect(form.getByText('2 models from the server.')).toBeVisible()
  const model = form.getByRole('combobox', { name: 'Model' })
  await expect(model).toHaveValue('sim-model')

  await form.getByRole('button', { name: 'Test connection' }).click()
  const status = form.getByTestId('provider-form-status')
  await expect(status).toContainText('Reachable')
  await expect(status).toContainText('No key needed')
  await expect(status).toContainText('Model “sim-model” is available')
  await expect(status).toBeInViewport()
  // Checked through the models endpoint: nothing was generated.
  expect(await simRequests()).toEqual([])
  await expectNoViolations(page, 'provider form, tested')
  await shot(page, 'form-tested')

  // A model the server does not have is said as such.
  await model.fill('llama3.2')
  await form.getByRole('button', { name: 'Test connection' }).click()
  await expect(status).toContainText('The server does not have the model “llama3.2”.')
  await model.fill('sim-model')

  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Ollama is ready. Ask anything.' })).toBeVisible()
  await expect(card).toBeHidden()
  await shot(page, 'saved')

  await enqueue({ type: 'turn', text: 'Hello from the local model.' })
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(page.getByText('Hello from the local model.')).toBeVisible()
  const requests = (await simRequests()) as { provider: string; model: string; headers: Record<string, string> }[]
  expect(requests.map((r) => [r.provider, r.model])).toEqual([['openai-chat', 'sim-model']])
  expect(requests[0]!.headers.authorization).toBeUndefined()
  // Each answer names the entry that wrote it; the follow-up goes to the same entry, with the history
  // (it used to be re-pinned to the built-in "OpenAI (Chat Completions)" entry and refused).
  await expect(page.getByTestId('answer-model')).toHaveText(['sim-model · Ollama'])
  await enqueue({ type: 'turn', text: 'Still the local model.' })
  await send(page, 'And a follow-up?')
  await expect(page.getByText('Still the local model.')).toBeVisible()
  const both = (await simRequests()) as { provider: string; rawBody: string }[]
  expect(both.map((r) => r.provider)).toEqual(['openai-chat', 'openai-chat'])
  expect(both[1]!.rawBody).toContain('Hello from the local model.')
  await expect(page.getByTestId('answer-model')).toHaveText(['sim-model · Ollama', 'sim-model · Ollama'])

  // Settings names it as people do, as the default; editing it and saving says "Saved." by the button.
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const item = page.getByTestId('provider-ollama')
  await expect(item).toContainText('Ollama')
  await expect(item).toContainText('Default')
  await expect(item).toContainText('Ready')
  await expect(page.getByRole('combobox', { name: 'Default provider' }).locator('option:checked')).toHaveText('Ollama')
  await item.getByRole('button', { name: 'Edit Ollama' }).click()
  const edit = page.getByRole('form', { name: 'Edit Ollama' })
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit.getByTestId('provider-form-status')).toHaveText('Saved.')
  await expect(edit.getByTestId('provider-form-status')).toBeInViewport()
  await expectNoViolations(page, 'settings, provider form')
  await shot(page, 'settings')
})

test('a typed key is used by Test connection before Save, and never shown back', async ({ page }) => {
  await page.goto(web!.url)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const providers = page.getByRole('region', { name: 'Providers' })
  await providers.getByRole('button', { name: 'Add provider' }).click()
  await providers.getByTestId('preset-custom').click()
  const form = page.getByRole('form', { name: 'New provider: Other OpenAI-compatible server' })
  await form.getByRole('textbox', { name: 'Name' }).fill('Lab server')
  await form.getByRole('textbox', { name: 'Base URL' }).fill(`${simUrl()}/openai-chat/v1`)
  await form.getByRole('textbox', { name: 'API key' }).fill('sk-lab-typed-0123456789')
  await form.getByRole('combobox', { name: 'Model' }).fill('sim-model-large')
  await form.getByRole('button', { name: 'Test connection' }).click()
  const status = form.getByTestId('provider-form-status')
  await expect(status).toContainText('Key accepted')
  await expect(status).toContainText('Model “sim-model-large” is available')
  await expect(page.locator('body')).not.toContainText('sk-lab-typed-0123456789')
})
