// A long conversation: 2,400 messages imported through the window's Import open at
// their end, with only the rows on screen in the DOM (the list is virtualized); scrolling to the
// top shows the first message, "Jump to latest" brings the end back, a search result far from the
// end opens at its message, Find (Ctrl/⌘+F) reaches and highlights messages that are not mounted,
// and a new answer is followed at the end. No timings here (bench).
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { enqueue, openApp, resetSim, screenshot, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

const TURNS = 1_200
/** The articles of messages in the DOM (the live answer and stored ones). */
const articles = (page: Page) => page.getByTestId('messages').locator('article')
const distanceFromEnd = (list: Locator) => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)

function longExport(stamp: number) {
  const messages = []
  for (let turn = 1; turn <= TURNS; turn++) {
    messages.push({ role: 'user', text: `Question ${turn} of ${stamp}: how did the week go?` })
    const long = turn % 7 === 0
    const body = long
      ? `## Week ${turn}\n\n${'The average went down a little, and sleep was steady. '.repeat(6)}\n\n\`\`\`ts\nconst week${turn} = average(values)\n\`\`\`\n\n- first point\n- second point`
      : `Answer ${turn}: steady.`
    messages.push({
      role: 'assistant',
      status: 'complete',
      text: turn === 3 ? `${body} The word zygomorphic${stamp} is only here.` : body,
    })
  }
  return {
    conversations: [{ id: `long-${stamp}`, title: `Long ${stamp}`, messages }],
    generations: [],
    measurements: [],
    ledger: [],
  }
}

test('a 2,400-message conversation opens at its end, keeps few rows in the DOM, scrolls to its first message and back', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await openApp(page)
  const stamp = Date.now()
  await page.getByRole('button', { name: 'Conversation', exact: true }).click()
  await page.getByLabel('Conversation file (JSON)').setInputFiles({
    name: 'long.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(longExport(stamp))),
  })
  await expect(
    page.getByText(`Imported “Long ${stamp}” (${(TURNS * 2).toLocaleString('en-US')} messages).`),
  ).toBeVisible({ timeout: 60_000 })
  // Esc closes the Conversation menu (it used to stay open over the messages).
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Export as JSON' })).toHaveCount(0)

  // Opened at its end: the last answer is on screen, the view at the bottom, no "Jump to latest".
  const list = page.getByTestId('messages')
  const last = page.getByTestId('message-assistant').filter({ hasText: `Answer ${TURNS}: steady.` })
  await expect(last).toBeInViewport()
  await expect.poll(() => distanceFromEnd(list)).toBeLessThanOrEqual(32)
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0)
  // And it stays there: no late jump once the rows around it are measured.
  const bottomOf = () => last.evaluate((el) => Math.round(el.getBoundingClientRect().bottom))
  const settled = await bottomOf()
  await page.waitForTimeout(500)
  expect(Math.abs((await bottomOf()) - settled)).toBeLessThanOrEqual(1)
  // Virtualized: a screenful of rows, not thousands; each says where it is in the whole list.
  const mounted = await articles(page).count()
  expect(mounted).toBeGreaterThan(2)
  expect(mounted).toBeLessThan(60)
  await expect(last).toHaveAttribute('aria-setsize', String(TURNS * 2))
  await expect(last).toHaveAttribute('aria-posinset', String(TURNS * 2))
  await screenshot(page, 'long-conversation-end')

  // To the top, as a user dragging the scrollbar would: the first question shows, still few rows.
  const first = page.getByTestId('message-user').filter({ hasText: `Question 1 of ${stamp}:` })
  await expect
    .poll(
      async () => {
        await list.evaluate((el) => el.scrollTo({ top: 0 }))
        return first.isVisible()
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  await expect(first).toBeInViewport()
  await expect(first).toHaveAttribute('aria-posinset', '1')
  expect(await articles(page).count()).toBeLessThan(60)
  await expect(last).toHaveCount(0)
  const jump = page.getByRole('button', { name: 'Jump to latest' })
  await expect(jump).toBeVisible()
  await screenshot(page, 'long-conversation-top')

  // A focused message is not unmounted under the user: its button keeps focus far from the view.
  const copy = first.getByRole('button', { name: 'Copy' })
  await copy.focus()
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }))
  await expect(page.getByTestId('message-user').filter({ hasText: `Question 1 of ${stamp}:` })).toHaveCount(1)
  await expect(copy).toBeFocused()
  expect(await articles(page).count()).toBeLessThan(60)

  // Jump to latest: the end again.
  await jump.click()
  await expect(last).toBeInViewport()
  await expect.poll(() => distanceFromEnd(list)).toBeLessThanOrEqual(32)
  await expect(jump).toHaveCount(0)

  // A search result near the top (not mounted) opens at its message.
  const search = page.getByRole('searchbox', { name: 'Search conversations' })
  await search.fill(`zygomorphic${stamp}`)
  const result = page
    .getByTestId('search-result')
    .filter({ hasText: `zygomorphic${stamp}` })
    .first()
  await result.click()
  const target = page.getByTestId('message-assistant').filter({ hasText: `zygomorphic${stamp}` })
  await expect(target).toBeInViewport()
  await expect(target).toHaveClass(/search-target/)
  expect(await articles(page).count()).toBeLessThan(60)
  await search.press('Escape')

  // Find in this conversation (Ctrl/⌘+F): the browser's own find cannot see rows that are not
  // mounted; Keel's bar matches every message, brings each into view and highlights its words.
  await page.keyboard.press('ControlOrMeta+f')
  const find = page.getByRole('searchbox', { name: 'Find in this conversation' })
  await expect(find).toBeFocused()
  const status = page.getByTestId('find-status')
  await find.fill(`ZYGOMORPHIC${stamp}`)
  await expect(status).toHaveText('1 of 1')
  await expect(target).toBeInViewport()
  await expect(target).toHaveClass(/find-target/)
  const highlighted = (name: string) =>
    page.evaluate((n) => [...(CSS.highlights.get(n) ?? [])].map((range) => (range as Range).toString()), name)
  expect(await highlighted('keel-find-current')).toEqual([`zygomorphic${stamp}`])
  // Many matching messages: it starts at the one nearest the end, steps up and down, and wraps around.
  const long = Math.floor(TURNS / 7)
  await find.fill('SLEEP WAS steady')
  await expect(status).toHaveText(`${long} of ${long}`)
  await find.press('Shift+Enter')
  await expect(status).toHaveText(`${long - 1} of ${long}`)
  await find.press('Enter')
  await find.press('Enter')
  await expect(status).toHaveText(`1 of ${long}`)
  const week7 = page.getByTestId('message-assistant').filter({ hasText: /Week 7(?!\d)/ })
  await expect(week7).toBeInViewport()
  await expect(week7).toHaveClass(/find-target/)
  // Each of the six occurrences in that answer is highlighted, the first as the current one.
  await expect.poll(() => highlighted('keel-find-current')).toEqual(['sleep was steady'])
  expect(await highlighted('keel-find')).toEqual(Array(5).fill('sleep was steady'))
  await screenshot(page, 'find-in-conversation')
  expect(await articles(page).count()).toBeLessThan(60)
  await find.fill('words in no message at all')
  await expect(status).toHaveText('No matches')
  // Esc closes it (and stops nothing), the highlights go, and typing goes back to the composer.
  await find.press('Escape')
  await expect(page.getByTestId('find-bar')).toHaveCount(0)
  await expect(page.locator('form.composer textarea')).toBeFocused()
  expect(await page.evaluate(() => CSS.highlights.size)).toBe(0)

  // A new question: the list goes to the end and follows the answer as it streams.
  await enqueue({
    type: 'turn',
    text: Array.from(
      { length: 30 },
      (_, i) => `Followed paragraph ${i + 1}: ${'words that fill the screen, '.repeat(10)}\n\n`,
    ),
    faults: { delayMs: 50 },
  })
  await send(page, 'One more question')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Followed paragraph 30:', {
    timeout: 30_000,
  })
  await expect(page.getByTestId('message-assistant').last()).toBeInViewport()
  await expect.poll(() => distanceFromEnd(list)).toBeLessThanOrEqual(32)
  expect(await articles(page).count()).toBeLessThan(60)
})
