// Defect 17: reloading the window while an answer is written does not stop it. The reloaded window
// reopens the conversation that was open, shows the answer so far (with Stop and the sidebar's
// writing marker) and follows it to its end; a pending approval is there again and still works
// (the write runs once); only Stop says "stopped by you".
import Database from 'better-sqlite3'
import { expect, test, type Page } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { databasePath, enqueue, openApp, releaseStream, resetSim, screenshot, send, simRequests } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

const words = Array.from({ length: 16 }, (_, i) => `step${i + 1} `)

function weightRows(value: number): number {
  const db = new Database(databasePath(), { readonly: true })
  try {
    return (
      db.prepare(`SELECT count(*) AS n FROM measurements WHERE kind = 'weight' AND input_value = ?`).get(value) as {
        n: number
      }
    ).n
  } finally {
    db.close()
  }
}

/** The open conversation's title in the sidebar (its current entry). */
const currentEntry = (page: Page, title: string) =>
  page.getByRole('navigation').getByRole('button', { name: title }).first()

test('a reload mid-answer reopens the conversation, shows the answer so far and follows it to its end', async ({
  page,
}) => {
  // Held after "step3" until the reload and its checks are done: the answer is verifiably mid-way.
  await enqueue({ type: 'turn', text: words, faults: { holdAfterText: 'step3 ' } })
  await openApp(page)
  await send(page, 'Count the steps slowly')
  const live = page.getByTestId('live-answer')
  await expect(live).toContainText('step2')

  await page.reload()
  // The same conversation, not an empty new one: the question is there, the answer goes on.
  await expect(page.getByTestId('message-user').last()).toContainText('Count the steps slowly')
  await expect(live).toContainText('step3')
  await expect(live).not.toContainText('step4')
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()
  await expect(page.getByTestId('writing-marker')).toBeVisible()
  await screenshot(page, 'reload-mid-answer')
  await expectNoViolations(page, 'answer followed after a reload')

  await releaseStream()
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('step16')
  await expect(answer).toContainText(words.join('').trim())
  await expect(answer.getByTestId('interrupted')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(currentEntry(page, 'Count the steps slowly')).toBeVisible()
  expect(await simRequests()).toHaveLength(1)
  await screenshot(page, 'reload-mid-answer-done')
})

test('a pending approval is back after a reload; Approve works and the write runs exactly once', async ({ page }) => {
  const value = 73.4
  const before = weightRows(value)
  await enqueue(
    {
      type: 'turn',
      text: 'Recording it.',
      toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value, unit: 'kg' } }],
    },
    { type: 'turn', text: 'Saved your weight.' },
  )
  await openApp(page)
  await send(page, 'I weigh 73.4 kg')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval', { timeout: 30_000 })

  await page.reload()
  await expect(page.getByTestId('message-user').last()).toContainText('I weigh 73.4 kg')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval', { timeout: 30_000 })
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible()
  await screenshot(page, 'reload-approval-back')
  await expectNoViolations(page, 'approval after a reload')
  expect(weightRows(value)).toBe(before)

  await card.getByRole('button', { name: 'Approve' }).click()
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('Saved your weight.', { timeout: 30_000 })
  await expect(answer.getByTestId('interrupted')).toHaveCount(0)
  expect(weightRows(value)).toBe(before + 1)
  await screenshot(page, 'reload-approval-approved')
})

test('Stop still says "stopped by you", also after a reload', async ({ page }) => {
  await enqueue({ type: 'turn', text: ['Partial ', 'answer ', 'that never ', 'ends'], faults: { stallAfterEvents: 4 } })
  await openApp(page)
  await send(page, 'Please stall for me')
  await expect(page.getByTestId('live-answer')).toContainText('Partial', { timeout: 30_000 })
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer.getByTestId('interrupted')).toHaveText('Interrupted — stopped by you')

  await page.reload()
  const stored = page.getByTestId('message-assistant').last()
  await expect(stored).toContainText('Partial')
  await expect(stored.getByTestId('interrupted')).toHaveText('Interrupted — stopped by you')
  await screenshot(page, 'reload-stop-still-yours')
})
