// Small things a new user meets in the first hour (issue 21, item 15), each measured in the real
// window: search grouped by conversation, no sideways scrollbar while an answer streams, focus, words.
import { expect, test, type Page } from './fixtures'
import { enqueue, openApp, resetSim, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

async function ask(page: Page, question: string, answer: string): Promise<void> {
  await enqueue({ type: 'turn', text: answer })
  await send(page, question)
  await expect(page.getByTestId('message-assistant').last()).toContainText(answer)
}

test('search shows each conversation once, with its date, and the matching messages under it', async ({ page }) => {
  await openApp(page)
  await page.getByRole('button', { name: 'New conversation' }).click()
  await ask(page, 'Tell me about the glimwave', 'The glimwave is a made-up word.')
  await ask(page, 'More about the glimwave please', 'Nothing more.')

  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('glimwave')
  const results = page.getByRole('region', { name: 'Search results' })
  // The two questions and the first answer match (and the title).
  await expect(results.getByTestId('search-result')).toHaveCount(3)
  // One entry for the conversation: its title once (it used to repeat on every matching message)…
  const groups = results.getByTestId('search-group')
  await expect(groups).toHaveCount(1)
  await expect(results.getByText('Tell me about the glimwave', { exact: true })).toHaveCount(1)
  // …with the date it was last written to, a machine-readable <time>.
  const date = groups.first().locator('time')
  await expect(date).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}/)
  await expect(date).not.toHaveText('')
  await expect(results.getByRole('status')).toHaveText('Found in 1 conversation')
  // The conversation's entry opens it.
  await page.getByRole('button', { name: 'Tell me about the glimwave' }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tell me about the glimwave')
})
