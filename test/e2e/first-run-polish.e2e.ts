// First run in pt-BR at 480×800, as the audit met it: a fresh database and no
// key anywhere. The Model picker offers nothing before a provider exists; the setup card opens at
// its heading and nothing covers it; an unreachable server is said in Portuguese without doubled
// punctuation; after Save the composer has focus. Its own browser-mode server (the suite's has a key).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { expect, test } from './fixtures'
import { startProcess, stop } from './global-setup'
import { resetSim, simUrl } from './sim'

test.skip(
  ({ keelMode }) => keelMode !== 'browser',
  'browser mode only: this spec starts its own server on an empty database',
)
test.use({ locale: 'pt-BR', viewport: { width: 480, height: 800 } })

let web: { child: ChildProcess; url: string } | undefined
let dir = ''

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'keel-e2e-first-run-'))
  const started = await startProcess(
    resolve('node_modules', '.bin', 'tsx'),
    ['src/main/web/start-web.ts', '--port', '0', '--db', join(dir, 'keel.db'), '--no-build'],
    {
      OPENAI_API_KEY: '',
      ANTHROPIC_API_KEY: '',
      GEMINI_API_KEY: '',
      OPENROUTER_API_KEY: '',
      KEEL_DEFAULT_PROVIDER: '',
      KEEL_ANTHROPIC_BASE_URL: '',
    },
    /Keel is running at (http:\/\/\S+)/,
    'start-web (first run)',
  )
  web = { child: started.child, url: started.match[1]! }
})

test.afterAll(async () => {
  if (web) await stop(web.child)
  rmSync(dir, { recursive: true, force: true })
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
