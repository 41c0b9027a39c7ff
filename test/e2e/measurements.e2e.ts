import Database from 'better-sqlite3'
import { expectNoViolations } from './a11y-audit'
import { expect, test, type Page } from './fixtures'
import { databasePath, enqueue, openApp, resetSim, screenshot, send, simRequests } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

/** Waits until the view has loaded (a table or the empty state), then deletes every row it lists. */
async function deleteAllListed(page: Page): Promise<void> {
  const view = page.getByTestId('measurements-view')
  await expect(view.getByRole('table').or(view.getByTestId('measurements-empty'))).toBeVisible()
  const rows = view.getByTestId('measurement-row')
  for (let count = await rows.count(); count > 0; count = await rows.count()) {
    const row = rows.first()
    await row.getByRole('button', { name: 'Delete' }).click()
    await row.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(rows).toHaveCount(count - 1)
  }
  await expect(view.getByTestId('measurements-empty')).toBeVisible()
}

test('a recorded weight shows in the measurements view; it can be edited and deleted', async ({ page }) => {
  await openApp(page)
  const header = page.locator('header.chat-header')

  // The e2e database is shared by every spec (chat.e2e.ts records a weight too): start from no weights.
  await header.getByRole('button', { name: 'Measurements', exact: true }).click()
  await expect(page.getByLabel('Kind')).toHaveValue('weight')
  await deleteAllListed(page)
  await header.getByRole('button', { name: 'Back to chat' }).click()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()

  await enqueue(
    {
      type: 'turn',
      text: 'Let me record that.',
      toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value: 72.5, unit: 'kg' } }],
    },
    { type: 'turn', text: 'Recorded your weight: **72.5 kg**.' },
  )
  await send(page, 'I weigh 72.5 kg today')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(card).toHaveAttribute('data-state', 'done')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Recorded your weight: 72.5 kg.')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

  // Keyboard: focus the header button and press Enter.
  const open = header.getByRole('button', { name: 'Measurements', exact: true })
  await open.focus()
  await open.press('Enter')
  const view = page.getByTestId('measurements-view')
  const rows = view.getByTestId('measurement-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first().getByTestId('measurement-value')).toHaveText('72.5')
  await expect(rows.first().getByTestId('measurement-unit')).toHaveText('kg')
  const chart = view.getByRole('img')
  await expect(chart).toHaveAttribute('aria-label', /^Weight chart: 1 measurement on .+, 72\.5 kg\.$/)
  await expect(chart.locator('circle')).toHaveCount(1)

  // An implausible value: the core refuses it and says why, next to the row.
  await rows.first().getByRole('button', { name: 'Edit' }).click()
  const value = rows.first().getByRole('textbox', { name: 'Value' })
  await expect(rows.first().getByRole('combobox', { name: 'Unit' }).locator('option')).toHaveText(['kg', 'lb'])
  await value.fill('9999')
  await rows.first().getByRole('button', { name: 'Save' }).click()
  // Worded by the window from the core's typed detail (the core's own English says "weight").
  await expect(rows.first().getByRole('alert')).toHaveText(
    '9999 kg is outside the plausible range for Weight (2–500 kg).',
  )
  await expect(rows).toHaveCount(1)

  // A correction: 72.5 → 73 kg (the edited row has a new id; the list reloads).
  await value.fill('73')
  await value.press('Enter')
  await expect(rows).toHaveCount(1)
  await expect(rows.first().getByTestId('measurement-value')).toHaveText('73')
  await expect(rows.first().getByTestId('measurement-unit')).toHaveText('kg')
  await expect(rows.first().getByRole('alert')).toHaveCount(0)
  await expect(chart).toHaveAttribute('aria-label', /^Weight chart: 1 measurement on .+, 73 kg\.$/)
  await screenshot(page, 'measurements')

  // Delete, with confirmation: Cancel keeps it, "Yes, delete" removes it.
  await rows.first().getByRole('button', { name: 'Delete' }).click()
  await rows.first().getByRole('button', { name: 'Cancel' }).click()
  await expect(rows).toHaveCount(1)
  await rows.first().getByRole('button', { name: 'Delete' }).click()
  await expect(rows.first()).toContainText('Delete this measurement?')
  await rows.first().getByRole('button', { name: 'Yes, delete' }).click()
  await expect(view.getByTestId('measurements-empty')).toHaveText(
    'No measurements of this kind yet. Tell Keel one in the chat and it will appear here.',
  )
  await expect(view.getByRole('img')).toHaveCount(0)
  await screenshot(page, 'measurements-empty')

  await header.getByRole('button', { name: 'Back to chat' }).click()
  await expect(page.getByTestId('message-assistant').last()).toContainText('Recorded your weight: 72.5 kg.')
})

test('Add measurement by keyboard only: listed and charted at once; an invalid value says why and stores nothing', async ({
  page,
}) => {
  await openApp(page)
  const open = page.locator('header.chat-header').getByRole('button', { name: 'Measurements', exact: true })
  await open.focus()
  await open.press('Enter')
  const view = page.getByTestId('measurements-view')
  const filter = page.getByLabel('Kind')
  await filter.selectOption('body-fat')
  await deleteAllListed(page)
  const rows = view.getByTestId('measurement-row')

  const form = view.getByRole('form', { name: 'Add measurement' })
  const kind = form.getByRole('combobox', { name: 'Measurement' })
  await filter.focus()
  await page.keyboard.press('Tab')
  await expect(kind).toBeFocused()
  // The form follows the kind shown; its units are that kind's only.
  await expect(kind).toHaveValue('body-fat')
  await expect(form.getByRole('combobox', { name: 'Unit' }).locator('option')).toHaveText(['%'])
  await expect(form.getByLabel('Date and time')).not.toHaveValue('')
  await page.keyboard.press('Tab')
  const value = form.getByRole('textbox', { name: 'Value' })
  await expect(value).toBeFocused()
  await page.keyboard.type('21,5')
  await page.keyboard.press('Enter')
  await expect(rows).toHaveCount(1)
  await expect(rows.first().getByTestId('measurement-value')).toHaveText('21.5')
  await expect(rows.first().getByTestId('measurement-unit')).toHaveText('%')
  await expect(view.getByRole('img').locator('circle')).toHaveCount(1)
  await expect(form.getByRole('status')).toHaveText(/^Added Body fat 21\.5 %, .+\.$/)
  await expect(value).toHaveValue('')

  // Out of range: the core refuses with the tool's own check, the window says why, nothing is stored.
  await expect(value).toBeFocused()
  await page.keyboard.type('95')
  await page.keyboard.press('Enter')
  await expect(form.getByRole('alert')).toHaveText('95 % is outside the plausible range for Body fat (2–70 %).')
  await expect(value).toHaveAttribute('aria-invalid', 'true')
  await expect(rows).toHaveCount(1)
  await expectNoViolations(page, 'add measurement refused')
  await screenshot(page, 'measurements-add-refused')
  // Not a number: said in the window, nothing sent.
  await value.fill('abc')
  await value.press('Enter')
  await expect(form.getByRole('alert')).toHaveText('Enter a number.')
  await page.reload()
  await page.locator('header.chat-header').getByRole('button', { name: 'Measurements', exact: true }).click()
  await page.getByLabel('Kind').selectOption('body-fat')
  await expect(rows).toHaveCount(1)
  await deleteAllListed(page)
})

test('a row whose stored date is not a real date is shown, not fatal: the view, the chart and the other rows stay', async ({
  page,
}) => {
  // Written straight into the database, as a store from before dates were checked may hold it.
  const db = new Database(databasePath())
  db.prepare(
    `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at)
     VALUES ('height', 180, 180, 'cm', ?, 'instant', ?), ('height', 181, 181, 'cm', ?, 'day', ?)`,
  ).run(Number.MAX_SAFE_INTEGER, Date.now(), Date.UTC(2026, 0, 15), Date.now())
  db.close()

  await openApp(page)
  await page.locator('header.chat-header').getByRole('button', { name: 'Measurements', exact: true }).click()
  await page.getByLabel('Kind').selectOption('height')
  const view = page.getByTestId('measurements-view')
  const rows = view.getByTestId('measurement-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText('Invalid date')
  await expect(rows.nth(1)).toContainText('Jan 15, 2026')
  // The chart draws the row with a real date only.
  await expect(view.getByRole('img').locator('circle')).toHaveCount(1)
  // Editing it says why it cannot be kept; deleting it works.
  await rows.first().getByRole('button', { name: 'Edit' }).click()
  await rows.first().getByRole('button', { name: 'Save' }).click()
  await expect(rows.first().getByRole('alert')).toContainText('The date must lie between')
  await rows.first().getByRole('button', { name: 'Cancel' }).click()
  await deleteAllListed(page)
})

test.describe('dates in the user time zone', () => {
  // Browser mode's core runs in Asia/Kolkata (global-setup's KEEL_TIME_ZONE); this window is in Los Angeles.
  test.use({ timezoneId: 'America/Los_Angeles' })

  test('the model is told the date in the user zone; a day it records shows as that day, an instant in the window zone', async ({
    page,
    keelMode,
  }) => {
    test.skip(keelMode === 'electron', 'the time zones are those of browser mode (global-setup)')
    await openApp(page)
    const header = page.locator('header.chat-header')
    await header.getByRole('button', { name: 'Measurements', exact: true }).click()
    await page.getByLabel('Kind').selectOption('waist')
    await deleteAllListed(page)
    await header.getByRole('button', { name: 'Back to chat' }).click()

    await enqueue(
      {
        type: 'turn',
        text: 'Recording both.',
        toolCalls: [
          { name: 'record_measurement', arguments: { kind: 'waist', value: 82, unit: 'cm', date: '2024-05-01' } },
          {
            name: 'record_measurement',
            arguments: { kind: 'waist', value: 81, unit: 'cm', date: '2024-05-02T07:30:00Z' },
          },
        ],
      },
      { type: 'turn', text: 'Recorded.' },
    )
    await send(page, 'My waist was 82 cm on 1 May 2024 and 81 cm at 07:30 UTC on 2 May')
    const cards = page.getByTestId('tool-card')
    for (let i = 0; i < 2; i++) {
      await expect(cards.nth(i)).toHaveAttribute('data-state', 'awaiting-approval')
      await cards.nth(i).getByRole('button', { name: 'Approve' }).click()
      await expect(cards.nth(i)).toHaveAttribute('data-state', 'done')
    }
    await expect(page.getByTestId('message-assistant').last()).toContainText('Recorded.')
    const [first] = (await simRequests()) as { body: { system?: string } }[]
    expect(first?.body.system).toMatch(
      /^Today is \w+day, \d{1,2} \w+ \d{4} \(\d{4}-\d{2}-\d{2}\)\. The user's time zone is Asia\/Kolkata \(UTC\+05:30\)/,
    )

    await header.getByRole('button', { name: 'Measurements', exact: true }).click()
    await page.getByLabel('Kind').selectOption('waist')
    const view = page.getByTestId('measurements-view')
    const rows = view.getByTestId('measurement-row')
    await expect(rows).toHaveCount(2)
    // 07:30 UTC is 00:30 in Los Angeles; 1 May stays 1 May, though it began at 18:30 UTC on 30 April.
    await expect(rows.nth(0).locator('td').first()).toHaveText(/^May 2, 2024,? 12:30\s?AM$/)
    await expect(rows.nth(1).locator('td').first()).toHaveText('May 1, 2024')
    await expect(view.getByRole('img')).toHaveAttribute(
      'aria-label',
      /^Waist chart: 2 measurements from May 1, 2024 to May 2, 2024, /,
    )
    await deleteAllListed(page)
  })
})
