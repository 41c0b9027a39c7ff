// A stored answer reads like the live one: the reasoning (collapsed, "Thought for N s"), and the
// notice Keel showed, after a reload, in the window.
import { expect, test } from './fixtures'
import { enqueue, openApp, releaseStream, resetSim, screenshot, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

test('reasoning streams live under "Thinking…", then shows collapsed as "Thought for N s", the same after a reload', async ({
  page,
}) => {
  await enqueue({
    type: 'turn',
    reasoning: ['The user asks ', 'for a haiku. ', 'Five, seven, five.'],
    text: ['Autumn ', 'moonlight— ', 'a worm digs silently ', 'into the chestnut.'],
    // Held in the middle of the thinking until it has been opened live.
    faults: { holdAfterText: 'for a haiku. ' },
  })
  await openApp(page)
  await send(page, 'A haiku, please')

  const live = page.getByTestId('live-answer')
  const reasoning = live.getByTestId('reasoning')
  await expect(reasoning.locator('summary')).toHaveText('Thinking…')
  await reasoning.locator('summary').click()
  await expect(reasoning).toContainText('The user asks')
  await screenshot(page, 'reasoning-live')
  await releaseStream()

  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('into the chestnut.')
  const stored = answer.getByTestId('reasoning')
  await expect(stored.locator('summary')).toHaveText(/^Thought for \d+ s$/)
  const label = await stored.locator('summary').textContent()
  await stored.locator('summary').click()
  await expect(stored).toContainText('The user asks for a haiku. Five, seven, five.')

  await page.reload()
  await page.getByRole('navigation').getByRole('button', { name: 'A haiku, please' }).first().click()
  const reopened = page.getByTestId('message-assistant').last().getByTestId('reasoning')
  await expect(reopened.locator('summary')).toHaveText(label!)
  await expect(reopened).not.toHaveAttribute('open', '')
  await reopened.locator('summary').click()
  await expect(reopened).toContainText('The user asks for a haiku. Five, seven, five.')
  await screenshot(page, 'reasoning-after-reload')
})

test('the round limit: the notice after a reload is the one shown live, with the same Retry', async ({ page }) => {
  // The e2e server allows 8 rounds: the model keeps calling a read tool.
  const rounds = Array.from({ length: 8 }, () => ({
    type: 'turn',
    toolCalls: [{ name: 'get_measurement', arguments: { kind: 'weight' } }],
  }))
  await enqueue(...rounds)
  await openApp(page)
  await send(page, 'Keep checking my weight')

  const notice = page.getByTestId('notice').last()
  await expect(notice).toContainText('I stopped after 8 rounds of actions without a final answer.')
  const liveText = await notice.locator('p').textContent()
  await expect(notice.getByRole('button', { name: 'Retry' })).toBeVisible()

  await page.reload()
  await page.getByRole('navigation').getByRole('button', { name: 'Keep checking my weight' }).first().click()
  const stored = page.getByTestId('message-assistant').last().getByTestId('notice')
  await expect(stored.locator('p')).toHaveText(liveText!)
  await expect(stored.getByRole('button', { name: 'Retry' })).toBeVisible()
})
