import { expect, test } from './fixtures'
import { enqueue, openApp, releaseStream, resetSim, screenshot, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

test('a streamed answer appears progressively and renders as Markdown', async ({ page }) => {
  const chunks = [
    'Here is ',
    'a **bold** ',
    'answer',
    ' with code:\n\n',
    '```js\nconst x = 1\n```\n\n',
    '- one\n',
    '- two\n',
    'The end.',
  ]
  // Held after the first words until the streaming checks are done.
  await enqueue({ type: 'turn', text: chunks, faults: { holdAfterText: 'Here is ' } })
  await openApp(page)
  await send(page, 'Show me streaming')

  const live = page.getByTestId('live-answer')
  await expect(live).toContainText('Here is')
  // Partial text is on screen while the rest is still coming.
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()
  await expect(live).not.toContainText('The end.')
  await screenshot(page, 'streaming')
  // Mark the first block's DOM node: the stored answer must take over the live one's DOM, not rebuild it.
  await live
    .locator('p')
    .first()
    .evaluate((node) => ((node as HTMLElement & { keelMark?: boolean }).keelMark = true))

  await releaseStream()
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('The end.')
  expect(
    await answer
      .locator('p')
      .first()
      .evaluate((node) => (node as HTMLElement & { keelMark?: boolean }).keelMark === true),
  ).toBe(true)
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(answer.locator('strong')).toHaveText('bold')
  await expect(answer.locator('pre code')).toContainText('const x = 1')
  await expect(answer.locator('li')).toHaveCount(2)
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Show me streaming' })).toBeVisible()
  await screenshot(page, 'answer-markdown')
})

test('a tool call waits for approval, runs, and the final answer follows', async ({ page }) => {
  await enqueue(
    {
      type: 'turn',
      text: 'Let me record that.',
      toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value: 72.5, unit: 'kg' } }],
    },
    { type: 'turn', text: 'Recorded your weight: **72.5 kg**.' },
  )
  await openApp(page)
  await send(page, 'I weigh 72.5 kg')

  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await expect(card.getByTestId('tool-state')).toHaveText('Awaiting approval')
  await expect(card).toContainText('72.5')
  await screenshot(page, 'tool-awaiting-approval')
  await card.getByRole('button', { name: 'Approve' }).click()

  await expect(card).toHaveAttribute('data-state', 'done')
  await expect(card.getByTestId('tool-state')).toHaveText('Done')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Recorded your weight: 72.5 kg.')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await screenshot(page, 'tool-done')
})

test('Stop mid-stream keeps the answer, labelled Interrupted, after a reload', async ({ page }) => {
  await enqueue({ type: 'turn', text: ['Partial ', 'answer ', 'that never ', 'ends'], faults: { stallAfterEvents: 4 } })
  await openApp(page)
  await send(page, 'Please stall')

  const live = page.getByTestId('live-answer')
  await expect(live).toContainText('Partial')
  await page.getByRole('button', { name: 'Stop', exact: true }).click()

  const answer = page.getByTestId('message-assistant').last()
  await expect(answer.getByTestId('interrupted')).toContainText('Interrupted')
  await expect(answer).toContainText('Partial')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

  await page.reload()
  await page.getByRole('navigation').getByRole('button', { name: 'Please stall' }).first().click()
  const stored = page.getByTestId('message-assistant').last()
  await expect(stored).toContainText('Partial')
  await expect(stored.getByTestId('interrupted')).toContainText('Interrupted — stopped by you')
  await screenshot(page, 'interrupted-after-reload')
})

test('a provider failure says what happened, and Retry answers the same question in place', async ({ page }) => {
  await enqueue(
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
  )
  await openApp(page)
  await send(page, 'This will fail first')

  const notice = page.getByTestId('notice')
  // The classified cause (a 5xx), naming the provider.
  await expect(notice).toContainText('Anthropic had a problem on its side. Try again in a moment.')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  const details = page.locator('details.diagnostics').last()
  await details.locator('summary').click()
  await expect(details).toContainText('500')
  await screenshot(page, 'provider-failure')

  await enqueue({ type: 'turn', text: 'Second time lucky.' })
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByTestId('message-assistant').last()).toContainText('Second time lucky.')
  // Retry regenerates the failed answer: the question is not repeated (ux-audit defect 9).
  await expect(page.getByTestId('message-user')).toHaveCount(1)
})

test('switching the language to Português changes the UI', async ({ page }) => {
  await openApp(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const language = page.getByLabel('Language')
  try {
    await language.selectOption('pt-BR')
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Nova conversa' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
    await screenshot(page, 'settings-pt-br')
    // The choice is stored: a reload keeps it.
    await page.reload()
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible()
  } finally {
    await page
      .getByRole('button', { name: /^(Settings|Configurações)$/ })
      .click()
      .catch(() => {})
    await page
      .getByLabel(/^(Language|Idioma)$/)
      .selectOption('en')
      .catch(() => {})
  }
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
})

test('a message over the limit is not sent, and the composer says why (nothing typed is lost)', async ({ page }) => {
  await openApp(page)
  const box = page.getByRole('textbox', { name: 'Message' })
  const long = 'x'.repeat(100_001)
  await box.fill(long)
  await expect(page.getByRole('alert')).toHaveText(
    'This message is too long to send: 100001 characters, at most 100000.',
  )
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  await box.press('Enter')
  await expect(box).toHaveValue(long)
  await expect(page.getByTestId('message-user')).toHaveCount(0)
  await box.press('Backspace')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(box).toHaveAttribute('aria-invalid', 'false')
})
