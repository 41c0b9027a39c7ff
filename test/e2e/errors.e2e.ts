// Errors that say what to do: each cause of a failed
// answer gets its own words and its own action, in a real browser against the simulated provider:
// the action opens the provider's entry in Settings, Retry shows only where retrying can help, the
// provider's raw words stay behind "Technical details", and after a reload the stored answer shows
// the same message and the same actions. Every error state passes axe in light and in dark. Then:
// the window's language switched mid-conversation re-words every notice (stored and live), and a
// refused tool call says why in the user's language.
import { createServer } from 'node:net'
import { expect, test, type Locator, type Page } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { enqueue, openApp, resetSim, screenshot, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

/** A loopback port nothing listens on (bound, then closed): a server that is not running. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return address.port
}

/** What one cause must show: its words, its settings action (the entry it opens), whether Retry shows. */
interface Expected {
  name: string
  question: string
  text: RegExp
  /** The settings action's name and the provider entry it must open; undefined: no settings action. */
  settings: { button: string; entry: (page: Page) => Locator } | undefined
  retry: boolean
  /** The provider's own words, shown only behind the disclosure. */
  diagnostics?: RegExp
  /** false: no dark-theme pass after the reload (see the unreachable case). */
  dark?: boolean
}

const anthropicEntry = (page: Page) => page.getByTestId('provider-anthropic')
const idle = (page: Page) => expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 45_000 })

/** The notice of the last answer (live, then stored: the same element). */
const lastNotice = (page: Page) => page.getByTestId('message-assistant').last().getByTestId('notice').last()

async function expectActions(page: Page, notice: Locator, expected: Expected): Promise<void> {
  // "Retry", or "Retry in N s" while a rate limit's wait runs.
  await expect(notice.getByRole('button', { name: /^Retry( in \d+ s)?$/ })).toHaveCount(expected.retry ? 1 : 0)
  if (expected.settings) await expect(notice.getByRole('button', { name: expected.settings.button })).toBeVisible()
  else await expect(notice.getByTestId('notice-settings')).toHaveCount(0)
  // The provider's raw words and the HTTP status are technical details: closed by default.
  const details = page.getByTestId('message-assistant').last().locator('details.diagnostics')
  if (expected.diagnostics) {
    await expect(details).not.toHaveAttribute('open', '')
    await expect(details.locator('summary')).toHaveText('Technical details')
    await expect(details.locator('ul')).toBeHidden()
  }
}

/** The action opens Settings at the provider's entry (scrolled to, focus inside it); closes Settings again. */
async function expectSettingsAction(page: Page, notice: Locator, expected: Expected): Promise<void> {
  if (!expected.settings) return
  await notice.getByRole('button', { name: expected.settings.button }).click()
  const entry = expected.settings.entry(page)
  await expect(entry).toBeInViewport()
  await expect(entry.locator(':focus')).toHaveCount(1)
  await page.getByRole('button', { name: 'Close settings' }).click()
  await expect(entry).toHaveCount(0)
}

/** Live: words, actions, the settings action, axe (light); after a reload: the same, axe (dark). */
async function checkCause(page: Page, expected: Expected): Promise<void> {
  const notice = lastNotice(page)
  await expect(notice.locator('p')).toHaveText(expected.text, { timeout: 45_000 })
  await idle(page)
  const liveText = (await notice.locator('p').textContent()) ?? ''
  await expectActions(page, notice, expected)
  if (expected.diagnostics) {
    const details = page.getByTestId('message-assistant').last().locator('details.diagnostics')
    await details.locator('summary').click()
    await expect(details).toContainText(expected.diagnostics)
    await details.locator('summary').click()
  }
  await expectNoViolations(page, `${expected.name}: live, light`)
  await screenshot(page, `errors-${expected.name}`)
  await expectSettingsAction(page, notice, expected)

  await page.reload()
  await page.getByRole('navigation').getByRole('button', { name: expected.question }).first().click()
  const stored = lastNotice(page)
  await expect(stored.locator('p')).toHaveText(liveText)
  await expectActions(page, stored, expected)
  await expectSettingsAction(page, stored, expected)
  if (expected.dark === false) return
  await page.emulateMedia({ colorScheme: 'dark' })
  try {
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expectNoViolations(page, `${expected.name}: stored, dark`)
    await screenshot(page, `errors-${expected.name}-stored-dark`)
  } finally {
    await page.emulateMedia({ colorScheme: 'light' })
  }
}

test('key rejected (401): says so, opens the Anthropic entry, no Retry', async ({ page }) => {
  await enqueue({ type: 'http-error', status: 401 })
  await openApp(page)
  const question = 'Errors: a rejected key'
  await send(page, question)
  await checkCause(page, {
    name: 'key-rejected',
    question,
    text: /^Anthropic rejected the API key\. Check the key in Settings\. Anthropic says: “invalid x-api-key”$/,
    settings: { button: 'Open Anthropic settings', entry: anthropicEntry },
    retry: false,
    diagnostics: /HTTP 401/,
  })
})

test('model not found (404): the server’s own sentence is shown, the entry opens, no Retry', async ({ page }) => {
  await enqueue({
    type: 'http-error',
    status: 404,
    body: {
      type: 'error',
      error: { type: 'not_found_error', message: 'model "claude-gone" not found, try pulling it first' },
    },
  })
  await openApp(page)
  const question = 'Errors: a model that is not there'
  await send(page, question)
  await checkCause(page, {
    name: 'model-not-found',
    question,
    text: /^Anthropic doesn’t have the model “[^”]+”\. Choose another model in Settings, or install it on the server\. Anthropic says: “model "claude-gone" not found, try pulling it first”$/,
    settings: { button: 'Open Anthropic settings', entry: anthropicEntry },
    retry: false,
    diagnostics: /HTTP 404/,
  })
})

test('rate limited (429): the wait is said, Retry counts it down', async ({ page }) => {
  // Three attempts (the last one asks for 30 s): the answer gives up and says how long to wait.
  await enqueue(
    { type: 'http-error', status: 429, headers: { 'retry-after': '1' } },
    { type: 'http-error', status: 429, headers: { 'retry-after': '1' } },
    { type: 'http-error', status: 429, headers: { 'retry-after': '30' } },
  )
  await openApp(page)
  const question = 'Errors: too many requests'
  await send(page, question)
  const notice = lastNotice(page)
  await expect(notice).toContainText(
    'Anthropic is limiting how many requests can be sent. Wait 30 s, then try again.',
    { timeout: 45_000 },
  )
  // Retry is there, held until the wait is over.
  await expect(notice.getByRole('button', { name: /^Retry in \d+ s$/ })).toBeDisabled()
  await checkCause(page, {
    name: 'rate-limited',
    question,
    text: /Wait 30 s, then try again\.$/,
    settings: undefined,
    retry: true,
    diagnostics: /HTTP 429/,
  })
  await expect(lastNotice(page).getByRole('button', { name: /^Retry in \d+ s$/ })).toBeDisabled()
})

test('context too long: says so, opens the entry (a model with a larger window), no Retry', async ({ page }) => {
  await enqueue({
    type: 'http-error',
    status: 400,
    body: {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 212345 tokens > 200000 maximum' },
    },
  })
  await openApp(page)
  const question = 'Errors: a conversation too long'
  await send(page, question)
  await checkCause(page, {
    name: 'context-too-long',
    question,
    text: /^This conversation is longer than the model can read at once\./,
    settings: { button: 'Open Anthropic settings', entry: anthropicEntry },
    retry: false,
    diagnostics: /prompt is too long/,
  })
})

test('server error (5xx): the provider had a problem; Retry, nothing to fix in Settings', async ({ page }) => {
  await enqueue(
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
  )
  await openApp(page)
  const question = 'Errors: the server fails'
  await send(page, question)
  await checkCause(page, {
    name: 'server-error',
    question,
    text: /^Anthropic had a problem on its side\. Try again in a moment\./,
    settings: undefined,
    retry: true,
    diagnostics: /HTTP 500/,
  })
})

test('the length limit: labelled as such (not a failure), with Continue', async ({ page }) => {
  await enqueue({ type: 'turn', text: 'Step one, step', finish: 'length' })
  await openApp(page)
  const question = 'Errors: an answer cut by the limit'
  await send(page, question)
  await checkCause(page, {
    name: 'length-limit',
    question,
    text: /^The answer reached the length limit\.$/,
    settings: undefined,
    retry: false,
  })
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer.getByTestId('interrupted')).toHaveText('Interrupted — the answer reached the length limit')
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
})

test('server not reachable: names the server and its host:port, opens its entry, Retry', async ({ page }) => {
  // Adding the provider, the connection retries, a reload and two themes: more than the default minute on a loaded machine.
  test.setTimeout(150_000)
  const port = await closedPort()
  await openApp(page)
  // A second provider, "Lab server", at an address where nothing runs.
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const providers = page.getByRole('region', { name: 'Providers' })
  await providers.getByRole('button', { name: 'Add provider' }).click()
  await providers.getByTestId('preset-custom').click()
  const form = page.getByRole('form', { name: 'New provider: Other OpenAI-compatible server' })
  await form.getByRole('textbox', { name: 'Name' }).fill('Lab server')
  await form.getByRole('textbox', { name: 'Base URL' }).fill(`http://127.0.0.1:${port}/v1`)
  await form.getByRole('combobox', { name: 'Model' }).fill('lab-model')
  await form.getByRole('button', { name: 'Save' }).click()
  const entry = page.locator('li.provider-item', { hasText: 'Lab server' })
  await expect(entry).toBeVisible()
  try {
    await page.getByRole('button', { name: 'Close settings' }).click()
    // This conversation uses it (the Model picker); the default stays Anthropic.
    await page.getByRole('combobox', { name: 'Model' }).selectOption({ label: 'Lab server · lab-model' })
    const question = 'Errors: a server that is not running'
    await send(page, question)
    await checkCause(page, {
      name: 'unreachable',
      question,
      text: new RegExp(`^Keel couldn't connect to Lab server\\. Is Lab server running at 127\\.0\\.0\\.1:${port}\\?$`),
      settings: {
        button: 'Open Lab server settings',
        entry: () => page.locator('li.provider-item', { hasText: 'Lab server' }),
      },
      retry: true,
    })
  } finally {
    // Leave the shared app as it was: the provider removed (its confirm accepted), Settings closed.
    page.once('dialog', (dialog) => void dialog.accept())
    await page
      .getByRole('button', { name: 'Settings', exact: true })
      .click({ timeout: 10_000 })
      .catch(() => {})
    await page
      .locator('li.provider-item', { hasText: 'Lab server' })
      .getByRole('button', { name: /^Remove/ })
      .click({ timeout: 10_000 })
    await expect(page.locator('li.provider-item', { hasText: 'Lab server' })).toHaveCount(0)
    await page
      .getByRole('button', { name: 'Close settings' })
      .click({ timeout: 10_000 })
      .catch(() => {})
  }
})

test('switching the language mid-conversation re-words every notice, the stored one and the live "Retrying"', async ({
  page,
}) => {
  await enqueue(
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
  )
  await openApp(page)
  await send(page, 'Errors: words in the language of the moment')
  const first = page.getByTestId('message-assistant').first().getByTestId('notice')
  await expect(first).toContainText('Anthropic had a problem on its side.', { timeout: 45_000 })
  await idle(page)

  // A second question: the provider asks for 30 s; the live answer says it is waiting.
  await enqueue({ type: 'http-error', status: 429, headers: { 'retry-after': '30' } })
  await send(page, 'And now?')
  const retrying = page.getByTestId('retrying')
  await expect(retrying).toContainText('Retrying in 30 s…')
  try {
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByLabel('Language').selectOption('pt-BR')
    await page.getByRole('button', { name: 'Fechar configurações' }).click()
    // The live line and the stored notice, both in Portuguese now.
    await expect(retrying).toContainText('Tentando novamente em 30 s…')
    await expect(first.locator('p')).toHaveText(
      'Anthropic teve um problema do lado dele. Tente novamente em instantes. Resposta de Anthropic: “Internal server error”',
    )
    await expect(first.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0) // Retry is on the last answer only
    await screenshot(page, 'errors-language-switched')
    await expectNoViolations(page, 'notices after switching to Português')
    await retrying.getByRole('button', { name: 'Cancelar' }).click()
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible()
    await expect(page.getByTestId('message-assistant').last()).not.toContainText(/Retrying|Interrupted/)
  } finally {
    await page
      .getByRole('button', { name: /^(Settings|Configurações)$/ })
      .click()
      .catch(() => {})
    await page
      .getByLabel(/^(Language|Idioma)$/)
      .selectOption('en')
      .catch(() => {})
    await page
      .getByRole('button', { name: /^(Close settings|Fechar configurações)$/ })
      .click()
      .catch(() => {})
  }
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
})

test('a refused tool call says why in the user language (unit "stone": which units weight takes)', async ({ page }) => {
  await enqueue(
    {
      type: 'turn',
      text: 'Recording it.',
      toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value: 11, unit: 'stone' } }],
    },
    { type: 'turn', text: 'Weight is recorded in kg or lb: which one?' },
  )
  await openApp(page)
  const question = 'Errors: I weigh 11 stone'
  await send(page, question)
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'invalid')
  await expect(card).toContainText('Why: Weight takes kg or lb.')
  await expect(page.getByTestId('message-assistant').last()).toContainText('which one?')
  await idle(page)
  await expectNoViolations(page, 'refused tool call')
  await screenshot(page, 'errors-invalid-arguments')

  await page.reload()
  await page.getByRole('navigation').getByRole('button', { name: question }).first().click()
  const stored = page.getByTestId('tool-card')
  await expect(stored).toContainText('Why: Weight takes kg or lb.')
  try {
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByLabel('Language').selectOption('pt-BR')
    await page.getByRole('button', { name: 'Fechar configurações' }).click()
    await expect(stored).toContainText('Motivo: Peso aceita kg ou lb.')
    await page.getByRole('button', { name: 'Configurações' }).click()
    await page.getByLabel('Idioma').selectOption('es')
    await page.getByRole('button', { name: 'Cerrar ajustes' }).click()
    await expect(stored).toContainText('Motivo: Peso admite kg o lb.')
    await screenshot(page, 'errors-invalid-arguments-es')
  } finally {
    await page
      .getByRole('button', { name: /^(Settings|Configurações|Ajustes)$/ })
      .click()
      .catch(() => {})
    await page
      .getByLabel(/^(Language|Idioma)$/)
      .selectOption('en')
      .catch(() => {})
    await page
      .getByRole('button', { name: /^(Close settings|Fechar configurações|Cerrar ajustes)$/ })
      .click()
      .catch(() => {})
  }
})
