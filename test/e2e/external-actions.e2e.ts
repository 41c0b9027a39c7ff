// A tool outside Keel (the E2E suite's fake external tools, loaded by browser mode's
// --extra-tool-source) stopped mid-call: its progress shows, Stop ends the turn at once, the card
// says the outcome is unknown, and the action is listed for the user to check — never run again.
import { expect, isElectron, test } from './fixtures'
import { enqueue, openApp, resetSim, screenshot, send } from './sim'

test.beforeEach(async () => {
  test.skip(isElectron(), 'the fake external tools are loaded by browser mode’s --extra-tool-source only')
  await resetSim()
})

test('a stopped external action: progress, Stop, "outcome unknown", then the user says what happened', async ({
  page,
}) => {
  await enqueue({
    type: 'turn',
    text: 'Starting it.',
    toolCalls: [{ name: 'slow_external_action', arguments: { target: 'the moon' } }],
  })
  await openApp(page)
  await send(page, 'Start the slow action')

  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await expect(card.locator('.tool-name')).toHaveText('Slow external action')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(card).toHaveAttribute('data-state', 'running')
  await expect(card.getByTestId('tool-progress')).toContainText(/step \d+ of 100/)
  await screenshot(page, 'external-action-progress')
  await page.getByRole('button', { name: 'Stop', exact: true }).click()

  const stored = page.getByTestId('message-assistant').last().getByTestId('tool-card')
  await expect(stored).toHaveAttribute('data-state', 'unknown')
  await expect(stored.getByTestId('tool-state')).toHaveText('Outcome unknown')
  const actions = page.getByTestId('unknown-actions')
  await expect(actions.locator('summary')).toHaveText('Actions to check (1)')
  await actions.locator('summary').click()
  await expect(actions.getByTestId('unknown-action')).toContainText('Slow external action')
  await expect(actions.getByTestId('unknown-action')).toContainText('the moon')
  await screenshot(page, 'external-action-unknown')

  // After a reload the card still says so; the user then checks and says it did not happen.
  await page.reload()
  await page.getByRole('navigation').getByRole('button', { name: 'Start the slow action' }).first().click()
  await expect(page.getByTestId('message-assistant').last().getByTestId('tool-card')).toHaveAttribute(
    'data-state',
    'unknown',
  )
  const reloaded = page.getByTestId('unknown-actions')
  await reloaded.locator('summary').click()
  await reloaded.getByRole('button', { name: 'It did not happen' }).click()
  await expect(page.getByTestId('unknown-actions')).toHaveCount(0)
})
