// Small things a new user meets in the first hour, each measured in the real
// window: search grouped by conversation, no sideways scrollbar while an answer streams, focus, words.
import { expect, test, type Page } from './fixtures'
import { appUrl, enqueue, languageFollowsBrowser, openApp, releaseStream, resetSim, send } from './sim'

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

test('no sideways scrollbar under the sidebar while an answer is being written', async ({ page }) => {
  await openApp(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  const words = Array.from({ length: 12 }, (_, i) => `w${i} `)
  // Held after the second word until the check is done: the answer is being written throughout.
  await enqueue({ type: 'turn', text: [...words, 'done writing.'], faults: { holdAfterText: 'w1 ' } })
  await send(page, 'A question with a title long enough to be cut with an ellipsis in the sidebar')
  const nav = page.getByRole('navigation', { name: 'Conversations' })
  await expect(nav.getByTestId('writing-marker')).toBeVisible()
  // The list scrolls only up and down: nothing in it is wider than it.
  const scroller = nav.locator('.sidebar-scroll')
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  await expect(nav.getByTestId('writing-marker')).toBeVisible()
  await releaseStream()
  await expect(page.getByTestId('message-assistant').last()).toContainText('done writing.')
})

test('a failed answer offers one way to try again: Retry, not Retry and Regenerate side by side', async ({ page }) => {
  await enqueue(
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
  )
  await openApp(page)
  await send(page, 'This one fails on the server')
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer.getByTestId('notice-retry')).toBeVisible({ timeout: 30_000 })
  // (The live answer becomes the stored one: wait for its actions row.)
  await expect(answer.getByTestId('message-actions')).toBeVisible()
  await expect(answer.getByRole('button', { name: 'Regenerate' })).toHaveCount(0)
  // Nothing was written: nothing to copy.
  await expect(answer.getByRole('button', { name: 'Copy' })).toHaveCount(0)
  await expect(answer.getByRole('button', { name: 'Retry' })).toHaveCount(1)
})

test('pt-BR at 480 px: the conversation menu keeps each item on one line, on screen', async ({
  page: first,
  browser,
}) => {
  await languageFollowsBrowser(first)
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 480, height: 800 } })
  const page = await context.newPage()
  try {
    await openPtBR(page)
    await page.getByRole('button', { name: 'Conversa', exact: true }).click()
    const items = page.locator('.conversation-menu-list:not(.rename-form):not(.delete-confirm) button')
    await expect(items.first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Exportar como Markdown' })).toBeVisible()
    for (const item of await items.all()) {
      const lines = await item.evaluate((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size
      })
      expect(lines, await item.innerText()).toBe(1)
      await expect(item).toBeInViewport({ ratio: 1 })
    }
  } finally {
    await context.close()
  }
})

async function openPtBR(page: Page): Promise<void> {
  await page.goto(appUrl())
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible()
  await enqueue({ type: 'turn', text: 'Olá.' })
  await page.getByRole('textbox', { name: 'Mensagem' }).fill('Uma pergunta')
  await page.getByRole('textbox', { name: 'Mensagem' }).press('Enter')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Olá.')
}
