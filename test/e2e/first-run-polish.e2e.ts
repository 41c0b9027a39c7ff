import { expect, test } from './fixtures'
import { NO_PROVIDER_ENV, startOwnBrowserMode, type OwnServer } from './own-server'
import { resetSim, simUrl } from './sim'

test.skip(
  ({ keelMode }) => keelMode !== 'browser',
  'browser mode only: this spec starts its own server on an empty database',
)
test.use({ locale: 'pt-BR', viewport: { width: 480, height: 800 } })

let web: OwnServer | undefined

test.beforeAll(async () => {
  web = await startOwnBrowserMode('first run', NO_PROVIDER_ENV)
})

test.afterAll(async () => {
  await web?.close()
})

test.beforeEach(async () => {
  await resetSim()
})

test('first run in pt-BR at 480 px: no model offered, the card at its heading, errors in Portuguese, focus to the composer after Save', async ({
  page,
}) => {
  await page.goto(web!.url)
  const card = page.getByRole('region', { name: 'Conecte um provedor de IA para começar' })
  await expect(card).toBeVisible()
  // The card opens at its heading (the list used to open at its end, past it).
  await expect(card.getByRole('heading', { name: 'Conecte um provedor de IA para começar' })).toBeInViewport({
    ratio: 1,
  })

  // Nothing is set up: the picker offers no model (it used to show "OpenAI · gpt-5-mini").
  const picker = page.getByRole('combobox', { name: 'Modelo' })
  await expect(picker).toBeDisabled()
  expect(await picker.locator('option').allTextContents()).not.toContainEqual(expect.stringContaining('gpt-5-mini'))

  await card.getByRole('button', { name: /^Ollama/ }).click()
  // "Ir para o fim" has nothing to jump to, and must not sit on the card.
  await expect(page.getByRole('button', { name: 'Ir para o fim' })).toHaveCount(0)

  // A server that refuses the connection: said in Portuguese, no English OS text, no doubled punctuation.
  const form = page.getByRole('form', { name: /Ollama/ })
  const baseUrl = form.getByRole('textbox', { name: 'URL base' })
  await baseUrl.fill('http://127.0.0.1:9/v1')
  const note = form.getByText(/Não foi possível carregar os modelos/)
  await expect(note).toBeVisible()
  const said = await note.innerText()
  expect(said).toContain('127.0.0.1:9')
  expect(said).not.toMatch(/Could not|ECONNREFUSED/)
  expect(said).not.toMatch(/[.!?][)”"]?[.!?]/)

  // A server that answers: its models load ("1 modelo" / "2 modelos"), Save, and the composer has focus.
  await baseUrl.fill(`${simUrl()}/openai-chat/v1`)
  await expect(form.getByText('2 modelos do servidor.')).toBeVisible()
  await form.getByRole('button', { name: 'Salvar' }).click()
  await expect(card).toBeHidden()
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeFocused()
  // Now the picker offers the provider just set up.
  await expect(picker).toBeEnabled()
  await expect(picker.locator('option:checked')).toContainText('sim-model')
})
