import Database from 'better-sqlite3'
import { expect, test, type Page } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { appUrl, databasePath, enqueue, openApp, resetSim, screenshot, send } from './sim'

const _WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Settings' })).toBeVisible()
}

async function closeSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close settings' }).click()
}

test.beforeEach(async () => {
  await resetSim()
})

test('dark mode follows the OS, passes axe on the main states, and the setting overrides it', async ({ page }) => {
  // Five axe runs on a shared machine.
  test.setTimeout(240_000)
  await page.emulateMedia({ colorScheme: 'dark' })
  await openApp(page)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expectNoViolations(page, 'dark: empty chat')

  // A write waiting for approval, in dark.
  await enqueue(
    {
      type: 'turn',
      text: 'Let me record that.',
      toolCalls: [
        { name: 'record_measurement', arguments: { kind: 'weight', value: 72.57, unit: 'kg', date: '2026-11-10' } },
      ],
    },
    { type: 'turn', text: 'Recorded.' },
  )
  await send(page, 'I weighed 72.57 kg on 10 Nov')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  // Readable: the tool's title and one line, not the tool id and JSON.
  await expect(card.locator('.tool-name')).toHaveText('Record measurement')
  await expect(card.getByTestId('tool-arguments-line')).toHaveText('Weight 72.57 kg, Nov 10, 2026')
  await expect(card.getByTestId('tool-raw').locator('pre').first()).toBeHidden()
  await expectNoViolations(page, 'dark: approval card')
  await screenshot(page, 'appearance-dark-approval')
  await card.getByRole('button', { name: 'Approve' }).click()
  const done = page.getByTestId('message-assistant').last().getByTestId('tool-card')
  await expect(done).toHaveAttribute('data-state', 'done')
  // Finished: folded to one line; the raw JSON opens behind "Raw data".
  await expect(done.getByTestId('tool-card-line')).toHaveText('Recorded Weight 72.57 kg, Nov 10, 2026')
  await done.locator('summary.tool-card-head').click()
  await done.getByText('Raw data').click()
  await expect(done.getByTestId('tool-raw')).toContainText('"canonicalUnit": "kg"')
  await expectNoViolations(page, 'dark: finished card opened')
  await screenshot(page, 'appearance-dark-card-open')

  // The measurements view in dark; the top value label is whole (defect 6).
  await page.locator('header.chat-header').getByRole('button', { name: 'Measurements', exact: true }).click()
  const chart = page.getByTestId('measurement-chart')
  await expect(chart).toBeVisible()
  const svgBox = (await chart.boundingBox())!
  for (const label of await page.getByTestId('chart-value-label').all()) {
    const box = (await label.boundingBox())!
    expect(box.x, `label ${await label.textContent()} starts inside the chart`).toBeGreaterThanOrEqual(svgBox.x)
  }
  await expect(page.getByTestId('chart-value-label').first()).toHaveText('72.57')
  await expectNoViolations(page, 'dark: measurements view')
  await screenshot(page, 'appearance-dark-measurements')
  await page.locator('header.chat-header').getByRole('button', { name: /back/i }).click()

  // The setting wins over the OS: Light while the OS is dark; back to System.
  await openSettings(page)
  await expectNoViolations(page, 'dark: settings')
  await page.getByLabel('Theme').selectOption('light')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await screenshot(page, 'appearance-light-settings')
  await page.getByLabel('Theme').selectOption('dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.getByLabel('Theme').selectOption('system')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await closeSettings(page)
})

test('a delete approval names the row; Approve all answers every queued write', async ({ page }) => {
  await openApp(page)
  const db = new Database(databasePath())
  const id = Number(
    db
      .prepare(
        `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at) VALUES ('weight', 71.8, 71.8, 'kg', ?, 'day', ?)`,
      )
      .run(Date.UTC(2026, 10, 10), Date.UTC(2026, 10, 10)).lastInsertRowid,
  )
  db.close()
  await enqueue(
    { type: 'turn', text: 'Deleting it.', toolCalls: [{ name: 'delete_measurement', arguments: { id } }] },
    { type: 'turn', text: 'Kept.' },
  )
  await send(page, 'Delete my wrong weight from Nov 10')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await expect(card.getByTestId('tool-arguments-line')).toHaveText('Will delete: Weight 71.8 kg, Nov 10, 2026')
  await screenshot(page, 'appearance-delete-approval')
  await card.getByRole('button', { name: 'Deny' }).click()
  await expect(page.getByTestId('message-assistant').last()).toContainText('Kept.')

  await page.getByRole('button', { name: 'New conversation' }).click()
  await enqueue(
    {
      type: 'turn',
      toolCalls: [
        { name: 'record_measurement', arguments: { kind: 'waist', value: 80, unit: 'cm', date: '2026-11-01' } },
        { name: 'record_measurement', arguments: { kind: 'waist', value: 81, unit: 'cm', date: '2026-11-02' } },
        { name: 'record_measurement', arguments: { kind: 'waist', value: 82, unit: 'cm', date: '2026-11-03' } },
      ],
    },
    { type: 'turn', text: 'All three recorded.' },
  )
  await send(page, 'three waists')
  const cards = page.getByTestId('tool-card')
  await expect(cards.nth(0)).toHaveAttribute('data-state', 'awaiting-approval')
  await expect(cards.nth(1).getByTestId('tool-state')).toHaveText('Waiting for your approval')
  await screenshot(page, 'appearance-batch')
  await page.getByRole('button', { name: 'Approve all (3)' }).click()
  await expect(page.getByTestId('message-assistant').last()).toContainText('All three recorded.')
  const stored = page.getByTestId('message-assistant').last().getByTestId('tool-card')
  await expect(stored).toHaveCount(3)
  for (let i = 0; i < 3; i++) await expect(stored.nth(i)).toHaveAttribute('data-state', 'done')
})

test('Always allow shows in Settings at once', async ({ page }) => {
  await openApp(page)
  await openSettings(page)
  await page.getByLabel('Record measurement', { exact: true }).selectOption('ask')
  await closeSettings(page)
  await enqueue(
    { type: 'turn', toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value: 70, unit: 'kg' } }] },
    { type: 'turn', text: 'Done.' },
  )
  await send(page, '70 kg')
  await page.getByTestId('tool-card').getByRole('button', { name: 'Always allow this tool' }).click()
  await expect(page.getByTestId('message-assistant').last()).toContainText('Done.')
  await openSettings(page)
  await expect(page.getByLabel('Record measurement', { exact: true })).toHaveValue('always-allow')
  await page.getByLabel('Record measurement', { exact: true }).selectOption('ask')
  await closeSettings(page)
})

test('on first run the language follows the browser', async ({ page, browser }) => {
  test.skip(test.info().project.name === 'electron', 'browser locale: browser mode only')
  // Back to "never chosen" (other specs pick a language in the shared database).
  await openApp(page)
  await openSettings(page)
  await page.getByLabel('Language').selectOption('system')
  await closeSettings(page)
  const context = await browser.newContext({ locale: 'pt-BR' })
  const pt = await context.newPage()
  await pt.goto(appUrl())
  await expect(pt.getByRole('button', { name: 'Nova conversa' })).toBeVisible()
  await expect(pt.locator('html')).toHaveAttribute('lang', 'pt-BR')
  await screenshot(pt, 'appearance-pt-first-run')
  await context.close()
})
